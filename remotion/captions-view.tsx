/**
 * Burned-in captions of one scene: the caption page on screen now, with the
 * phrase being spoken highlighted in the template's way (colour, a box
 * behind it, or an underline). Pages change only at phrase boundaries, so
 * between them every frame is identical.
 */
import type { CSSProperties } from "react";
import type { RenderCaptionPage, RenderCaptionStyle, PxBox } from "@/lib/engine/composition/render-props";
import { activeCaption } from "./frame-state";

const hexAlpha = (hex: string, opacity: number) =>
  `${hex}${Math.round(Math.max(0, Math.min(1, opacity)) * 255)
    .toString(16)
    .padStart(2, "0")}`;

export function CaptionsView({
  pages,
  box,
  style,
  frame,
}: {
  pages: readonly RenderCaptionPage[];
  box: PxBox;
  style: RenderCaptionStyle;
  frame: number;
}) {
  const active = activeCaption(pages, frame);
  if (!active) return null;
  const { page, phrase } = active;
  const lineHeight = page.fontPx * 1.2;
  const textStyle: CSSProperties = {
    fontFamily: style.fontFamily,
    fontWeight: style.fontWeight,
    fontSize: page.fontPx,
    lineHeight: `${lineHeight}px`,
    textTransform: style.uppercase ? "uppercase" : "none",
    color: style.textColor,
    textAlign: "center",
    whiteSpace: "pre",
    direction: style.direction ?? "ltr",
  };
  const bg = hexAlpha(style.backgroundColor, style.backgroundOpacity);
  const wordStyle = (on: boolean): CSSProperties => {
    if (!on) return {};
    if (style.highlight === "box")
      return {
        backgroundColor: style.highlightColor,
        color: style.highlightTextColor,
        borderRadius: page.fontPx * 0.15,
        padding: `0 ${page.fontPx * 0.08}px`,
      };
    if (style.highlight === "underline")
      return {
        textDecoration: `underline ${Math.max(2, page.fontPx * 0.08)}px ${style.highlightColor}`,
        textUnderlineOffset: page.fontPx * 0.12,
      };
    return { color: style.highlightColor };
  };
  const lines = page.lines.map((line, i) => (
    <div key={i} style={{ height: lineHeight }}>
      {line.map((w, j) => {
        const on = w.phrase === phrase;
        // A space belongs to the highlight only between two highlighted words.
        const spaceOn = on && line[j + 1]?.phrase === phrase;
        return (
          <span key={j}>
            <span style={wordStyle(on)}>{w.text}</span>
            {/* A glued word (Chinese, Japanese, Thai: lib/engine/language/segment.ts) follows without a space. */}
            {j < line.length - 1 && !line[j + 1]!.text.startsWith("\u200b") ? (
              <span style={spaceOn && style.highlight !== "box" ? wordStyle(true) : {}}> </span>
            ) : null}
          </span>
        );
      })}
    </div>
  ));
  const band = style.background === "band";
  return (
    <div
      style={{
        position: "absolute",
        left: band ? 0 : box.x,
        width: band ? "100%" : box.w,
        top: box.y,
        height: box.h,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        backgroundColor: band ? bg : undefined,
      }}
    >
      <div
        style={{
          ...textStyle,
          padding: style.background === "box" ? `${style.paddingPx * 0.5}px ${style.paddingPx}px` : 0,
          backgroundColor: style.background === "box" ? bg : undefined,
          borderRadius: style.radiusPx,
        }}
      >
        {lines}
      </div>
    </div>
  );
}
