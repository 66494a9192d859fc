/**
 * Burned-in captions of one scene: the caption page on screen now, inside the
 * scene's caption box, drawn by the composition's caption preset
 * (caption-presets.tsx: active word, phrase, karaoke fill, pop-in, bounce,
 * typewriter, outline, boxed, lower third, one word). What changes from frame
 * to frame is exactly what frame-state.ts `captionNow` says, so frames the
 * preset draws alike are captured once.
 */
import type { CSSProperties } from "react";
import type { RenderCaptionPage, RenderCaptionStyle, PxBox } from "@/lib/engine/composition/render-props";
import { hexAlpha, PresetLines, presetLook } from "./caption-presets";
import { captionNow } from "./frame-state";

export function CaptionsView({
  pages,
  box,
  style,
  frame,
  fps,
}: {
  pages: readonly RenderCaptionPage[];
  box: PxBox;
  style: RenderCaptionStyle;
  frame: number;
  fps: number;
}) {
  const now = captionNow({ fps, captionStyle: style }, pages, frame);
  if (!now) return null;
  const { page, state, preset } = now;
  const look = presetLook(preset, style, page, box);
  const lineHeight = look.fontPx * 1.2;
  const textStyle: CSSProperties = {
    fontFamily: style.fontFamily,
    fontWeight: style.fontWeight,
    fontSize: look.fontPx,
    lineHeight: `${lineHeight}px`,
    textTransform: style.uppercase ? "uppercase" : "none",
    color: style.textColor,
    textAlign: look.align,
    whiteSpace: "pre",
    direction: style.direction ?? "ltr",
    ...look.text,
  };
  const bg = hexAlpha(look.backgroundColor, look.backgroundOpacity);
  const band = look.background === "band";
  return (
    <div
      data-caption-preset={preset}
      style={{
        position: "absolute",
        left: band ? 0 : box.x,
        width: band ? "100%" : box.w,
        top: box.y,
        height: box.h,
        display: "flex",
        alignItems: look.alignItems,
        justifyContent: look.justify,
        backgroundColor: band ? bg : undefined,
        overflow: "hidden",
      }}
    >
      <div
        style={{
          ...textStyle,
          padding: look.background === "box" ? `${style.paddingPx * 0.5}px ${style.paddingPx}px` : 0,
          backgroundColor: look.background === "box" ? bg : undefined,
          borderRadius: style.radiusPx,
        }}
      >
        <PresetLines preset={preset} style={style} page={page} state={state} fontPx={look.fontPx} />
      </div>
    </div>
  );
}
