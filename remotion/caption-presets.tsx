/**
 * How each caption preset draws a page's words (the state of every word comes
 * from lib/engine/composition/caption-presets.ts, the same data the renderer's
 * "unchanged frame" check uses). Every preset keeps to the caption box it is
 * given: motion stays inside the box's padding (a bounce lifts less than the
 * padding, a pop only shrinks), and a word not yet shown keeps its place.
 */
import type { CSSProperties, ReactNode } from "react";
import {
  captionFrame,
  type CaptionFrame,
  type CaptionPreset,
  type CaptionWordState,
} from "@/lib/engine/composition/caption-presets";
import type { PxBox, RenderCaptionPage, RenderCaptionStyle } from "@/lib/engine/composition/render-props";

export const hexAlpha = (hex: string, opacity: number) =>
  `${hex}${Math.round(Math.max(0, Math.min(1, opacity)) * 255)
    .toString(16)
    .padStart(2, "0")}`;

/** Black or white, whichever stands out from `hex` (outlines). */
function contrasting(hex: string): string {
  const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const l = 0.2126 * v[0]! + 0.7152 * v[1]! + 0.0722 * v[2]!;
  return l > 0.5 ? "#000000" : "#ffffff";
}

export interface PresetLook {
  fontPx: number;
  align: "center" | "left";
  /** Behind the whole caption: the template's, or the preset's own. */
  background: RenderCaptionStyle["background"];
  backgroundColor: string;
  backgroundOpacity: number;
  /** Where the block sits in the caption box. */
  justify: "center" | "flex-start";
  alignItems: "center" | "flex-end";
  text: CSSProperties;
}

export function presetLook(
  preset: CaptionPreset,
  style: RenderCaptionStyle,
  page: RenderCaptionPage,
  box: PxBox,
): PresetLook {
  const base: PresetLook = {
    fontPx: page.fontPx,
    align: "center",
    background: style.background,
    backgroundColor: style.backgroundColor,
    backgroundOpacity: style.backgroundOpacity,
    justify: "center",
    alignItems: "center",
    text: {},
  };
  const stroke = Math.max(1, page.fontPx * 0.08);
  const outline: CSSProperties = {
    WebkitTextStroke: `${stroke}px ${contrasting(style.textColor)}`,
    paintOrder: "stroke fill",
  };
  switch (preset) {
    case "outline":
      return { ...base, background: "none", text: { ...outline, fontWeight: Math.max(700, style.fontWeight) } };
    case "boxed":
      return { ...base, background: "box", backgroundOpacity: Math.max(0.9, style.backgroundOpacity) };
    case "lower-third":
      return {
        ...base,
        fontPx: page.fontPx * 0.72,
        align: "left",
        background: "box",
        backgroundOpacity: Math.max(0.55, style.backgroundOpacity),
        justify: "flex-start",
        alignItems: "flex-end",
        text: { borderLeft: `${Math.max(2, page.fontPx * 0.12)}px solid ${style.highlightColor}`, fontWeight: 500 },
      };
    case "single":
      // One word, larger, still inside the box: at most the box's height and its width for a long word.
      return {
        ...base,
        fontPx: Math.min(page.fontPx * 1.5, box.h / 1.5),
        background: "none",
        text: { ...outline, fontWeight: Math.max(700, style.fontWeight) },
      };
    default:
      return base;
  }
}

/** The style of one word in a preset, given its state. */
function wordStyle(
  preset: CaptionPreset,
  style: RenderCaptionStyle,
  fontPx: number,
  w: CaptionWordState,
  inPhrase: boolean,
): CSSProperties {
  const hidden: CSSProperties = w.visible ? {} : { visibility: "hidden" };
  const highlight = (on: boolean): CSSProperties => {
    if (!on) return {};
    if (style.highlight === "box")
      return {
        backgroundColor: style.highlightColor,
        color: style.highlightTextColor,
        borderRadius: fontPx * 0.15,
        // A shadow widens the box without moving the words around it.
        boxShadow: `0 0 0 ${(fontPx * 0.08).toFixed(2)}px ${style.highlightColor}`,
      };
    if (style.highlight === "underline")
      return {
        textDecoration: `underline ${Math.max(2, fontPx * 0.08)}px ${style.highlightColor}`,
        textUnderlineOffset: fontPx * 0.12,
      };
    return { color: style.highlightColor };
  };
  switch (preset) {
    case "phrase":
      return highlight(inPhrase);
    case "word":
      return highlight(w.active);
    case "karaoke": {
      const at = (w.fill * 100).toFixed(2);
      return {
        backgroundImage: `linear-gradient(90deg, ${style.highlightColor} ${at}%, ${style.textColor} ${at}%)`,
        WebkitBackgroundClip: "text",
        backgroundClip: "text",
        color: "transparent",
      };
    }
    case "pop":
      return {
        ...hidden,
        display: "inline-block",
        transform: w.scale !== 1 ? `scale(${w.scale.toFixed(4)})` : undefined,
        ...(w.active ? { color: style.highlightColor } : {}),
      };
    case "bounce":
      return {
        display: "inline-block",
        // Less than the box's padding (0.45 em), so a jump never leaves the caption zone.
        transform: w.lift > 0 ? `translateY(${(-w.lift * fontPx * 0.3).toFixed(3)}px)` : undefined,
        ...(w.active ? { color: style.highlightColor } : {}),
      };
    case "typewriter":
      return hidden;
    case "outline":
      return w.active ? { color: style.highlightColor } : {};
    case "boxed":
      return w.active
        ? {
            backgroundColor: style.highlightColor,
            color: style.highlightTextColor,
            borderRadius: fontPx * 0.12,
            boxShadow: `0 0 0 ${(fontPx * 0.1).toFixed(2)}px ${style.highlightColor}`,
          }
        : {};
    case "single":
      return hidden;
    case "lower-third":
      return {};
  }
}

/** A page's lines as this preset draws them on this frame. */
export function PresetLines({
  preset,
  style,
  page,
  state,
  fontPx,
}: {
  preset: CaptionPreset;
  style: RenderCaptionStyle;
  page: RenderCaptionPage;
  state: CaptionFrame;
  fontPx: number;
}): ReactNode {
  const lineHeight = fontPx * 1.2;
  let index = 0;
  if (preset === "single") {
    const at = Math.max(0, state.active);
    const word = page.lines.flat()[at];
    return word ? <div style={{ height: lineHeight }}>{word.text}</div> : null;
  }
  return page.lines.map((line, i) => (
    <div key={i} style={{ height: lineHeight }}>
      {line.map((w, j) => {
        const s = state.words[index++]!;
        const inPhrase = w.phrase === state.phrase;
        const text =
          preset === "typewriter" && s.active && s.chars < w.text.length ? (
            <>
              {w.text.slice(0, s.chars)}
              <span style={{ visibility: "hidden" }}>{w.text.slice(s.chars)}</span>
            </>
          ) : (
            w.text
          );
        // A space takes the phrase's highlight only between two highlighted words.
        const spaceOn = preset === "phrase" && inPhrase && line[j + 1]?.phrase === state.phrase;
        return (
          <span key={j}>
            <span style={wordStyle(preset, style, fontPx, s, inPhrase)}>{text}</span>
            {/* A glued word (Chinese, Japanese, Thai: lib/engine/language/segment.ts) follows without a space. */}
            {j < line.length - 1 && !line[j + 1]!.text.startsWith("\u200b") ? (
              <span style={spaceOn && style.highlight !== "box" ? wordStyle(preset, style, fontPx, s, true) : {}}>
                {" "}
              </span>
            ) : null}
          </span>
        );
      })}
    </div>
  ));
}

const SWATCH_PAGE: RenderCaptionPage = {
  startFrame: 0,
  endFrame: 28,
  fontPx: 15,
  phrases: [{ startFrame: 0, endFrame: 28 }],
  lines: [
    [
      { text: "Fresh", phrase: 0, startFrame: 0, endFrame: 6 },
      { text: "coffee", phrase: 0, startFrame: 6, endFrame: 14 },
    ],
    [
      { text: "every", phrase: 0, startFrame: 14, endFrame: 20 },
      { text: "morning", phrase: 0, startFrame: 20, endFrame: 28 },
    ],
  ],
};
/** The second word is being spoken, two frames in: mid-pop, mid-jump, partly filled, partly typed. */
const SWATCH_FRAME = 8;
const timedSwatch = {
  phrases: SWATCH_PAGE.phrases,
  lines: SWATCH_PAGE.lines.map((l) => l.map((w) => ({ ...w, startFrame: w.startFrame!, endFrame: w.endFrame! }))),
};

/**
 * A small picture of a preset for pickers: two lines of sample words drawn by
 * the preset itself at a moment when its second word is being spoken, in the
 * video's own caption font and colours.
 */
export function CaptionPresetSwatch({
  preset,
  style,
  width,
  height,
}: {
  preset: CaptionPreset;
  style: RenderCaptionStyle;
  width: number;
  height: number;
}) {
  const box: PxBox = { x: 6, y: 6, w: width - 12, h: height - 12 };
  const state = captionFrame({ page: timedSwatch, frame: SWATCH_FRAME, preset, fps: 30 });
  const look = presetLook(preset, { ...style, paddingPx: 6, radiusPx: Math.min(style.radiusPx, 6) }, SWATCH_PAGE, box);
  const bg = hexAlpha(look.backgroundColor, look.backgroundOpacity);
  return (
    <div
      aria-hidden="true"
      style={{
        position: "relative",
        width,
        height,
        display: "flex",
        alignItems: look.alignItems,
        justifyContent: look.justify,
        padding: 6,
        overflow: "hidden",
        backgroundColor: look.background === "band" ? bg : undefined,
      }}
    >
      <div
        style={{
          fontFamily: style.fontFamily,
          fontWeight: style.fontWeight,
          fontSize: look.fontPx,
          lineHeight: `${look.fontPx * 1.2}px`,
          textTransform: style.uppercase ? "uppercase" : "none",
          color: style.textColor,
          textAlign: look.align,
          whiteSpace: "pre",
          padding: look.background === "box" ? "3px 6px" : 0,
          backgroundColor: look.background === "box" ? bg : undefined,
          borderRadius: Math.min(style.radiusPx, 6),
          ...look.text,
        }}
      >
        <PresetLines preset={preset} style={style} page={SWATCH_PAGE} state={state} fontPx={look.fontPx} />
      </div>
    </div>
  );
}
