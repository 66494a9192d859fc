"use client";

import { useMemo } from "react";

import { FONTS } from "@/lib/engine/composition/fonts";
import type { LayoutBody, LayoutSlot } from "@/lib/engine/composition/layout-schema";
import { metricsMeasure } from "@/lib/engine/composition/measure";
import { CANVAS_SIZES, COMPOSITION_RATIOS, designScale, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { fitSlotText } from "@/lib/engine/composition/slot-text";
import { sampleText } from "@/lib/engine/composition/starter";
import type { Palette, TemplateStyle } from "@/lib/engine/composition/template-schema";
import { cn } from "@/lib/platform/utils";

/** A neutral look for reviewing arrangements (the template decides the real one). */
const PALETTE: Palette = {
  background: "#f8fafc",
  surface: "#e2e8f0",
  text: "#0f172a",
  muted: "#475569",
  accent: "#4f46e5",
  accentText: "#ffffff",
};
const STYLE: Pick<
  TemplateStyle,
  "fonts" | "typeScale" | "spacing" | "textTreatment" | "letterSpacing" | "headingWeight"
> = {
  fonts: { heading: "inter", body: "inter" },
  typeScale: 1,
  spacing: 24,
  textTreatment: "none",
  letterSpacing: { heading: 0, body: 0 },
  headingWeight: null,
};

const colour = (role: string): string =>
  role === "onMedia" ? "#ffffff" : role === "scrim" ? "#000000" : (PALETTE[role as keyof Palette] ?? "transparent");

interface DrawnText {
  lines: { text: string; indentPct: number }[];
  fontPct: number;
  lineHeightPct: number;
  paddingPct: number;
  family: string;
  weight: number;
  overflow: boolean;
}

/** The slot's sample text fitted exactly as the renderer fits it (slot-text.ts), in % of the canvas width. */
function fitted(
  slot: LayoutSlot,
  ratio: CompositionRatio,
  box: { x: number; y: number; w: number; h: number },
  long: boolean,
): DrawnText {
  const size = CANVAS_SIZES["1080p"][ratio];
  const px = { x: box.x * size.width, y: box.y * size.height, w: box.w * size.width, h: box.h * size.height };
  const text = sampleText(slot, long);
  const fit = fitSlotText({ slot, box: px, text, style: STYLE, scale: designScale(size), measure: metricsMeasure });
  return {
    // The bullet is already in a paragraph's first line; its continuation lines are indented by the bullet's width.
    lines: fit.fitted.lines.map((l) => ({
      text: l.text,
      indentPct: l.continuation ? (fit.fitted.indentPx / size.width) * 100 : 0,
    })),
    fontPct: (fit.fitted.fontPx / size.width) * 100,
    lineHeightPct: (fit.fitted.lineHeightPx / size.width) * 100,
    paddingPct: (fit.paddingPx / size.width) * 100,
    family: `${FONTS[fit.fontId].family}, ${FONTS[fit.fontId].fallback}`,
    weight: fit.font.weight,
    overflow: fit.fitted.overflow,
  };
}

export interface LayoutPreviewProps {
  layout: Pick<LayoutBody, "name" | "slots" | "boxes">;
  ratio: CompositionRatio;
  /** Long sample texts (as long as each slot allows) instead of short ones. */
  long?: boolean;
  className?: string;
}

/**
 * One layout at one ratio, drawn from its own boxes with sample content:
 * text fitted as the renderer fits it, pictures and logos as placeholders,
 * surfaces and shapes in a neutral palette. Plain HTML sized with container
 * units, so a grid of previews costs no Player.
 */
export function LayoutPreview({ layout, ratio, long = false, className }: LayoutPreviewProps) {
  const size = CANVAS_SIZES["1080p"][ratio];
  const drawn = useMemo(() => {
    const boxes = layout.boxes[ratio] ?? {};
    const slots = [...layout.slots].sort((a, b) => a.z - b.z);
    return slots.flatMap((slot) => {
      const b = boxes[slot.id];
      if (!b) return [];
      return [{ slot, b, text: slot.kind === "text" ? fitted(slot, ratio, b, long) : null }];
    });
  }, [layout.slots, layout.boxes, ratio, long]);
  const radius = `${(12 / size.width) * 100}cqw`;
  return (
    <div
      role="img"
      aria-label={`${layout.name} at ${ratio} with sample content`}
      data-testid={`layout-preview-${ratio}`}
      className={cn(
        "relative w-full overflow-hidden rounded-md border bg-[#f8fafc] [container-type:inline-size]",
        className,
      )}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
    >
      {drawn.map(({ slot, b, text }) => {
        const style: React.CSSProperties = {
          position: "absolute",
          left: `${b.x * 100}%`,
          top: `${b.y * 100}%`,
          width: `${b.w * 100}%`,
          height: `${b.h * 100}%`,
        };
        if (slot.kind === "image") {
          return (
            <div
              key={slot.id}
              style={{
                ...style,
                background: "linear-gradient(135deg,#94a3b8,#cbd5e1 55%,#64748b)",
                borderRadius: radius,
              }}
              title={`${slot.label} (picture)`}
            />
          );
        }
        if (slot.kind === "logo") {
          return (
            <div key={slot.id} style={style} className="flex items-center justify-center" title="Logo">
              <span
                className="rounded-[0.4em] border border-current px-[0.4em] font-bold tracking-wider text-[#4f46e5]"
                style={{ fontSize: `${((b.h * size.height * 0.4) / size.width) * 100}cqw` }}
              >
                LOGO
              </span>
            </div>
          );
        }
        if (slot.kind === "shape") {
          return (
            <div
              key={slot.id}
              style={{
                ...style,
                background: colour(slot.surface === "none" ? "accent" : slot.surface),
                opacity: slot.opacity,
                borderRadius: slot.surface === "scrim" ? 0 : radius,
              }}
            />
          );
        }
        const t = text!;
        return (
          <div
            key={slot.id}
            style={{
              ...style,
              background: slot.surface === "none" ? undefined : colour(slot.surface),
              opacity: slot.surface === "none" ? 1 : slot.opacity,
              borderRadius: radius,
              padding: `${t.paddingPct}cqw`,
              color: colour(slot.tone),
              fontFamily: t.family,
              fontWeight: t.weight,
              fontSize: `${t.fontPct}cqw`,
              lineHeight: `${t.lineHeightPct}cqw`,
              textAlign: slot.fit.align,
              textTransform: slot.fit.uppercase ? "uppercase" : undefined,
              display: "flex",
              flexDirection: "column",
              justifyContent:
                slot.fit.valign === "top" ? "flex-start" : slot.fit.valign === "bottom" ? "flex-end" : "center",
            }}
            title={`${slot.label}${t.overflow ? " (sample text shortened to fit)" : ""}`}
          >
            {t.lines.map((line, i) => (
              <span
                key={i}
                className="block overflow-hidden whitespace-nowrap"
                style={line.indentPct ? { paddingLeft: `${line.indentPct}cqw` } : undefined}
              >
                {line.text}
              </span>
            ))}
          </div>
        );
      })}
    </div>
  );
}

/** The four ratios side by side, each labelled. */
export function RatioPreviews({
  layout,
  long,
  className,
  size = "md",
}: {
  layout: LayoutPreviewProps["layout"];
  long?: boolean;
  className?: string;
  size?: "sm" | "md" | "lg";
}) {
  const width = size === "sm" ? "w-20" : size === "lg" ? "w-56" : "w-32";
  return (
    <div className={cn("flex flex-wrap items-end gap-3", className)}>
      {COMPOSITION_RATIOS.map((ratio) => (
        <figure
          key={ratio}
          className={cn(
            ratio === "16:9" ? (size === "sm" ? "w-32" : size === "lg" ? "w-96" : "w-52") : width,
            "shrink-0 space-y-1",
          )}
        >
          <LayoutPreview layout={layout} ratio={ratio} long={long} />
          <figcaption className="text-center text-xs text-muted-foreground">{ratio}</figcaption>
        </figure>
      ))}
    </div>
  );
}
