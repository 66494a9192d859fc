"use client";
/**
 * Video clips in the storyboard: the "Clip" mark on a scene's thumbnail and
 * on clip assets (with the clip's length, and "loops" when the scene
 * outlasts what plays of it), and the field that says where in the clip the
 * scene starts. Clips play muted: the narration and music are the sound.
 */
import { Film } from "lucide-react";

import { Input } from "@/components/ui/input";
import type { MediaValue, SlotValue } from "@/lib/engine/composition/composition-schema";
import { cn } from "@/lib/platform/utils";
import type { DraftScene } from "./editor-model";

/** The scene's clip (a video in its picture slot) and that slot's id, or null. */
export function clipOf(scene: DraftScene): { slotId: string; value: MediaValue } | null {
  for (const [slotId, v] of Object.entries(scene.values) as [string, SlotValue][])
    if (v.type === "media" && v.media_type.startsWith("video/")) return { slotId, value: v };
  return null;
}

/** "0:08", "1:05": a clip's length as players show it. */
export function clipLength(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Whether the clip loops in a scene of `sceneMs` (less of it is left after its start than the scene lasts). */
export function clipLoops(value: MediaValue, sceneMs: number | null): boolean {
  if (!value.clip_duration_ms || sceneMs === null) return false;
  return value.clip_duration_ms - (value.clip_start_ms ?? 0) < sceneMs;
}

/** The small "Clip 0:08" mark drawn over a thumbnail. */
export function ClipMark({ ms, loops, className }: { ms?: number | null; loops?: boolean; className?: string }) {
  return (
    <span
      data-clip-mark
      className={cn(
        "pointer-events-none inline-flex items-center gap-0.5 rounded bg-black/75 px-1 py-px text-[10px] leading-tight font-medium text-white",
        className,
      )}
    >
      <Film aria-hidden="true" className="size-2.5" />
      Clip{ms ? ` ${clipLength(ms)}` : ""}
      {loops ? " · loops" : ""}
    </span>
  );
}

/** Words for screen readers: "video clip, 0:08, loops". */
export function clipLabel(value: MediaValue, sceneMs: number | null): string {
  return `video clip${value.clip_duration_ms ? `, ${clipLength(value.clip_duration_ms)}` : ""}${clipLoops(value, sceneMs) ? ", loops" : ""}`;
}

/** Where in the clip the scene starts, in seconds (empty: its beginning). */
export function ClipStartField({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: MediaValue;
  disabled: boolean;
  onChange(ms: number | undefined): void;
}) {
  const max = value.clip_duration_ms ? Math.max(0, value.clip_duration_ms - 500) / 1000 : undefined;
  const current = value.clip_start_ms ? String(Math.round(value.clip_start_ms / 100) / 10) : "";
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-xs font-medium">
        Clip starts at (seconds)
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={max}
        step={0.5}
        placeholder="0"
        defaultValue={current}
        key={`${value.key}-${value.clip_start_ms ?? 0}`}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="max-w-32"
        onBlur={(e) => {
          const n = Number(e.target.value);
          const ms = e.target.value.trim() === "" || !Number.isFinite(n) || n <= 0 ? undefined : Math.round(n * 1000);
          const capped = ms !== undefined && max !== undefined ? Math.min(ms, Math.round(max * 1000)) : ms;
          if (capped !== value.clip_start_ms) onChange(capped);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.target as HTMLInputElement).blur();
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The clip plays muted for the scene&apos;s length
        {value.clip_duration_ms ? ` (it is ${clipLength(value.clip_duration_ms)} long)` : ""} and starts over if the
        scene is longer.
      </p>
    </div>
  );
}

/** The scene with its clip starting at `ms` in the source (undefined: at its beginning). */
export function withClipStart(scene: DraftScene, slotId: string, ms: number | undefined): DraftScene {
  const v = scene.values[slotId];
  if (!v || v.type !== "media") return scene;
  const { clip_start_ms: _old, ...rest } = v;
  return { ...scene, values: { ...scene.values, [slotId]: ms ? { ...rest, clip_start_ms: ms } : rest } };
}
