/**
 * One slot of a scene: text (already fitted into lines by resolve.ts), a
 * picture (or a video clip: clip-view.tsx), a logo or a shape, placed in its box and moved by its entrance
 * and exit animations. No shadows, filters or gradients: frames stay cheap.
 */
import type { CSSProperties } from "react";
import { Img } from "remotion";
import type { RenderSlot, RenderText } from "@/lib/engine/composition/render-props";
import { slotMotion } from "./animation";
import { ClipView } from "./clip-view";

const hexAlpha = (hex: string, opacity: number) => {
  const a = Math.round(Math.max(0, Math.min(1, opacity)) * 255)
    .toString(16)
    .padStart(2, "0");
  return `${hex}${a}`;
};

const JUSTIFY = { top: "flex-start", middle: "center", bottom: "flex-end" } as const;

/** Characters shown by a typewriter at progress p (null = all). */
function typed(lines: RenderText["lines"], p: number | null): RenderText["lines"] {
  if (p === null) return lines;
  const total = lines.reduce((a, l) => a + l.text.length, 0);
  let left = Math.floor(total * Math.max(0, Math.min(1, p)));
  return lines.map((l) => {
    const text = l.text.slice(0, Math.max(0, left));
    left -= l.text.length;
    return { ...l, text };
  });
}

function TextBlock({ text, typedProgress }: { text: RenderText; typedProgress: number | null }) {
  const lines = typed(text.lines, typedProgress);
  const highlight = text.treatment === "highlight";
  const box = text.treatment === "box";
  const lineStyle: CSSProperties = {
    display: "block",
    whiteSpace: "pre",
    textAlign: text.align,
    height: text.lineHeightPx,
    lineHeight: `${text.lineHeightPx}px`,
  };
  const inner = lines.map((l, i) => {
    const indent = l.continuation && text.indentPx > 0 ? text.indentPx : 0;
    if (highlight) {
      return (
        <div key={i} style={{ ...lineStyle, paddingLeft: indent }}>
          <span
            style={{
              backgroundColor: text.treatmentColor,
              color: text.treatmentTextColor,
              padding: `0 ${0.18 * text.fontPx}px`,
              boxDecorationBreak: "clone",
              WebkitBoxDecorationBreak: "clone",
            }}
          >
            {l.text}
          </span>
        </div>
      );
    }
    return (
      <div key={i} style={{ ...lineStyle, paddingLeft: indent }}>
        {l.text}
      </div>
    );
  });
  return (
    <div
      style={{
        position: "absolute",
        // A box treatment hugs the text with the padding resolve.ts kept free; otherwise the padding is a margin.
        inset: box ? 0 : text.paddingPx,
        display: "flex",
        flexDirection: "column",
        justifyContent: JUSTIFY[text.valign],
        alignItems: text.align === "left" ? "flex-start" : text.align === "right" ? "flex-end" : "center",
      }}
    >
      <div
        style={{
          fontFamily: text.fontFamily,
          fontWeight: text.fontWeight,
          fontSize: text.fontPx,
          letterSpacing: `${text.letterSpacingEm}em`,
          textTransform: text.uppercase ? "uppercase" : "none",
          color: box ? text.treatmentTextColor : text.color,
          fontKerning: "normal",
          direction: text.direction ?? "ltr",
          ...(box
            ? {
                backgroundColor: text.treatmentColor,
                padding: text.paddingPx,
                borderRadius: Math.min(text.paddingPx, text.lineHeightPx / 2),
              }
            : {}),
          ...(text.treatment === "outline"
            ? {
                WebkitTextStroke: `${Math.max(1, 0.035 * text.fontPx)}px ${text.treatmentColor}`,
                paintOrder: "stroke fill",
              }
            : {}),
        }}
      >
        {inner}
        {text.treatment === "underline" && lines.length > 0 ? (
          <div
            style={{
              height: Math.max(2, 0.07 * text.fontPx),
              width: Math.max(2, 1.6 * text.fontPx),
              marginTop: 0.12 * text.fontPx,
              backgroundColor: text.treatmentColor,
              marginLeft: text.align === "left" ? 0 : "auto",
              marginRight: text.align === "right" ? 0 : "auto",
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

export function SlotView({
  slot,
  frame,
  fps,
  distance,
  imageScale,
}: {
  slot: RenderSlot;
  frame: number;
  fps: number;
  distance: number;
  imageScale: number;
}) {
  const motion = slotMotion(slot.enter, slot.exit, frame, fps, distance);
  if (motion.hidden && motion.typed === null) return null;
  const { box, surface } = slot;
  const style: CSSProperties = {
    position: "absolute",
    left: box.x,
    top: box.y,
    width: box.w,
    height: box.h,
    ...motion.style,
    // Only moving slots get their own compositing layer; a still one is painted once into the scene.
    ...(motion.animating ? { willChange: "transform, opacity" } : {}),
  };
  const radius = surface?.radiusPx ?? slot.media?.radiusPx ?? 0;
  return (
    <div style={style}>
      {surface ? (
        <div
          style={{
            position: "absolute",
            inset: 0,
            backgroundColor: hexAlpha(surface.color, surface.opacity),
            borderRadius: Math.min(radius, box.h / 2),
          }}
        />
      ) : null}
      {slot.media ? (
        <div style={{ position: "absolute", inset: 0, overflow: "hidden", borderRadius: slot.media.radiusPx }}>
          {/* Part of a video frame: the preview around the composition carries the label, so its pictures are decorative. */}
          {slot.media.clip ? (
            <ClipView src={slot.media.src} clip={slot.media.clip} frame={frame} objectFit={slot.media.objectFit} />
          ) : (
            <Img
              alt=""
              src={slot.media.src}
              style={{
                width: "100%",
                height: "100%",
                objectFit: slot.media.objectFit,
                ...(imageScale !== 1 && slot.role === "media"
                  ? { transform: `scale(${imageScale.toFixed(5)})`, willChange: "transform" }
                  : {}),
              }}
            />
          )}
        </div>
      ) : null}
      {slot.text ? <TextBlock text={slot.text} typedProgress={motion.typed} /> : null}
    </div>
  );
}
