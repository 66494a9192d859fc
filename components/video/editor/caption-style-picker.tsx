"use client";
/**
 * The storyboard editor's caption style picker: one tile per caption preset,
 * each a small picture of the preset drawn by the renderer's own code in the
 * video's caption font and colours (remotion/caption-presets.tsx), so a style
 * is chosen by looking. Native radio buttons: Tab reaches the group, the
 * arrow keys move the choice. The choice is saved with the storyboard's
 * autosave (PATCH of the video, `audio.caption_preset`).
 */
import { useId } from "react";

import { CAPTION_PRESET_INFO, CAPTION_PRESETS, type CaptionPreset } from "@/lib/engine/composition/caption-presets";
import type { RenderCaptionStyle } from "@/lib/engine/composition/render-props";
import { cn } from "@/lib/platform/utils";
import { CaptionPresetSwatch } from "@/remotion/player";

/** Until the preview's props arrive: light text on a dark box, like most templates. */
const FALLBACK_STYLE: RenderCaptionStyle = {
  fontFamily: "system-ui, sans-serif",
  fontWeight: 700,
  uppercase: false,
  lineHeightPx: 18,
  textColor: "#ffffff",
  highlightColor: "#facc15",
  highlightTextColor: "#111111",
  highlight: "color",
  background: "box",
  backgroundColor: "#000000",
  backgroundOpacity: 0.6,
  radiusPx: 6,
  paddingPx: 6,
};

const SWATCH_W = 140;
const SWATCH_H = 64;

export function CaptionStylePicker({
  value,
  style,
  disabled,
  onChange,
}: {
  /** The preset the video draws with now (its own, its brand kit's, or the default). */
  value: CaptionPreset;
  /** The video's caption style (font, colours), from the preview's props. */
  style: RenderCaptionStyle | null;
  disabled: boolean;
  onChange(preset: CaptionPreset): void;
}) {
  const id = useId();
  const look = style ?? FALLBACK_STYLE;
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <fieldset
        className="min-w-0 space-y-2"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        data-caption-style-picker
      >
        <legend className="text-sm font-semibold">Caption style</legend>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          How the words show up as they are spoken.
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {CAPTION_PRESETS.map((preset) => {
            const info = CAPTION_PRESET_INFO[preset];
            const checked = preset === value;
            return (
              <label
                key={preset}
                className={cn(
                  "group relative flex min-w-0 cursor-pointer flex-col overflow-hidden rounded-lg border bg-card text-left",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
                  checked ? "border-primary ring-1 ring-primary" : "hover:border-foreground/30",
                  disabled && "cursor-not-allowed opacity-60",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-preset`}
                  value={preset}
                  checked={checked}
                  onChange={() => onChange(preset)}
                  className="sr-only"
                  aria-describedby={`${id}-${preset}-desc`}
                />
                <span
                  className="flex h-16 w-full items-center justify-center overflow-hidden bg-[linear-gradient(135deg,#3b4a6b,#c0735a)]"
                  aria-hidden="true"
                >
                  <CaptionPresetSwatch preset={preset} style={look} width={SWATCH_W} height={SWATCH_H} />
                </span>
                <span className="flex items-center justify-between gap-1 px-2 py-1.5">
                  <span className="truncate text-xs font-medium">{info.label}</span>
                  {checked ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" /> : null}
                </span>
                <span id={`${id}-${preset}-desc`} className="sr-only">
                  {info.description}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
