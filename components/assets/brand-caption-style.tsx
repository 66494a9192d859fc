"use client";
/**
 * The brand kit's caption style: a caption preset and its three colours
 * (words, the spoken word, the box behind), with a live swatch drawn by the
 * renderer's own preset code. "Each template's own" leaves captions to the
 * template. Videos take it when they apply the kit.
 */
import { useId } from "react";

import { Label } from "@/components/ui/label";
import {
  CAPTION_PRESET_INFO,
  CAPTION_PRESETS,
  DEFAULT_CAPTION_PRESET,
  type BrandCaptionStyle,
  type CaptionPreset,
} from "@/lib/engine/composition/caption-presets";
import { readableOn } from "@/lib/engine/composition/brand";
import { CaptionPresetSwatch } from "@/remotion/player";

const DEFAULT_STYLE: BrandCaptionStyle = {
  preset: DEFAULT_CAPTION_PRESET,
  text_color: "#ffffff",
  highlight_color: "#facc15",
  background_color: "#111111",
};

const COLOURS = [
  ["text_color", "Words"],
  ["highlight_color", "Spoken word"],
  ["background_color", "Box"],
] as const;

export function BrandCaptionStyleFields({
  value,
  fontFamily,
  onChange,
}: {
  value: BrandCaptionStyle | null;
  fontFamily: string;
  onChange(next: BrandCaptionStyle | null): void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Captions</legend>
      <div className="space-y-2">
        <Label htmlFor={`${id}-preset`}>Caption style</Label>
        <select
          id={`${id}-preset`}
          className="h-9 w-full rounded-md border bg-background px-2 text-sm"
          value={value?.preset ?? ""}
          onChange={(e) =>
            onChange(e.target.value ? { ...(value ?? DEFAULT_STYLE), preset: e.target.value as CaptionPreset } : null)
          }
        >
          <option value="">Each template&apos;s own</option>
          {CAPTION_PRESETS.map((p) => (
            <option key={p} value={p}>
              {CAPTION_PRESET_INFO[p].label}
            </option>
          ))}
        </select>
      </div>
      {value ? (
        <div className="flex flex-wrap items-center gap-3">
          <div className="grid grid-cols-3 gap-3">
            {COLOURS.map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="color"
                  value={value[key]}
                  onChange={(e) => onChange({ ...value, [key]: e.target.value })}
                  aria-label={`Caption ${label.toLowerCase()} colour`}
                  className="size-9 cursor-pointer rounded border"
                />
                <span className="text-xs">{label}</span>
              </label>
            ))}
          </div>
          <div className="overflow-hidden rounded-lg border bg-[linear-gradient(135deg,#3b4a6b,#c0735a)]">
            <CaptionPresetSwatch
              preset={value.preset}
              width={160}
              height={64}
              style={{
                fontFamily,
                fontWeight: 700,
                uppercase: false,
                lineHeightPx: 18,
                textColor: value.text_color,
                highlightColor: value.highlight_color,
                highlightTextColor: readableOn(value.highlight_color),
                highlight: "color",
                background: "box",
                backgroundColor: value.background_color,
                backgroundOpacity: 0.7,
                radiusPx: 6,
                paddingPx: 6,
              }}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
