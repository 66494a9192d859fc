/**
 * Video clips in a scene's picture slot: which part of the source plays,
 * in frames of the composition. A clip starts at its `clip_start_ms` in the
 * source when its scene starts (the scene's first frame, entrance
 * transition included) and plays for the scene's length; when less of the
 * source is left than the scene lasts, that part (from the start offset to
 * the source's end) loops. Clips are always muted: the narration and the
 * music stay the soundtrack. Pure and browser-safe: resolve.ts, the
 * components (remotion/clip-view.tsx) and the tests use the same numbers.
 */
import type { MediaValue } from "./composition-schema";

/** The shortest stretch of a source a clip plays before it loops, ms (a start offset is pulled back to leave it). */
export const MIN_CLIP_LOOP_MS = 500;

export interface ClipTiming {
  /** Source frames skipped at the start (Remotion's `trimBefore`, in composition frames). */
  trimBeforeFrames: number;
  /** Length of the looped stretch in frames; null: the source lasts the whole scene (or its length is unknown). */
  loopFrames: number | null;
}

export function isClip(value: Pick<MediaValue, "media_type">): boolean {
  return value.media_type.startsWith("video/");
}

/** Where a clip plays from and whether it loops, for a scene `sceneFrames` long at `fps`. */
export function clipTiming(a: {
  startMs?: number | null;
  durationMs?: number | null;
  sceneFrames: number;
  fps: number;
}): ClipTiming {
  const duration = a.durationMs && a.durationMs > 0 ? a.durationMs : null;
  let start = Math.max(0, a.startMs ?? 0);
  if (duration !== null) start = Math.min(start, Math.max(0, duration - Math.min(MIN_CLIP_LOOP_MS, duration)));
  const trimBeforeFrames = Math.floor((start / 1000) * a.fps);
  if (duration === null) return { trimBeforeFrames, loopFrames: null };
  // Whole frames only: a frame past the source's last one has no picture.
  const left = Math.max(1, Math.floor((duration / 1000) * a.fps) - trimBeforeFrames);
  return { trimBeforeFrames, loopFrames: left >= a.sceneFrames ? null : left };
}

/** The source frame (in composition frames from the source's start) a clip shows at a scene-relative frame. */
export function clipSourceFrame(clip: ClipTiming, sceneFrame: number): number {
  const f = Math.max(0, sceneFrame);
  return clip.trimBeforeFrames + (clip.loopFrames ? f % clip.loopFrames : f);
}

/** The same, as a time in the source, ms. */
export function clipSourceMs(clip: ClipTiming, sceneFrame: number, fps: number): number {
  return (clipSourceFrame(clip, sceneFrame) / fps) * 1000;
}

/**
 * A value a still page (designs) may hold: a clip becomes its poster picture,
 * or nothing when it has none; pictures pass unchanged. Designs never take clips.
 */
export function stillOf(value: MediaValue): MediaValue | null {
  if (!isClip(value)) return value;
  if (!value.poster_key) return null;
  const ext = value.poster_key.split(".").pop()?.toLowerCase();
  return {
    type: "media",
    key: value.poster_key,
    media_type: ext === "png" ? "image/png" : ext === "jpg" || ext === "jpeg" ? "image/jpeg" : "image/webp",
    source: value.source,
    ...(value.asset_id ? { asset_id: value.asset_id } : {}),
  };
}
