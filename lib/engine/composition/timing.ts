/**
 * Scene timing: how long each scene lasts, where it starts and where its
 * narration plays, in frames. Pure; shared by resolveRenderProps (Player and
 * renderer) and by whoever needs a video's length before rendering.
 *
 * Rules:
 * - a scene lasts max(template minimum × pacing, the user's fixed length,
 *   the narration + a pause); the pause is the tail × pacing plus the
 *   outgoing transition, so one scene's voice never runs into the next;
 * - transitions overlap neighbouring scenes by the transition's length
 *   (none before the first scene or after the last);
 * - narration starts once the incoming transition is over.
 */

export const DEFAULT_FPS = 30;
/** Shortest scene at pacing 1, transitions included. */
export const MIN_SCENE_MS = 2500;
/** Silence after a scene's narration at pacing 1, before the outgoing transition. */
export const NARRATION_TAIL_MS = 350;
/** Speaking rate assumed before the real narration exists (editor previews, plans). */
export const WORDS_PER_MINUTE = 155;

export function msToFrames(ms: number, fps: number): number {
  return Math.max(0, Math.round((ms / 1000) * fps));
}

export function framesToMs(frames: number, fps: number): number {
  return (frames / fps) * 1000;
}

/** A guess at how long `text` takes to say: words at WORDS_PER_MINUTE plus a beat per sentence. */
export function estimateNarrationMs(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  if (words === 0) return 0;
  const sentences = (text.match(/[.!?]+(\s|$)/g) ?? []).length;
  return Math.round((words / WORDS_PER_MINUTE) * 60_000 + sentences * 250);
}

export interface SceneTimingInput {
  /** The user's fixed length, or null to derive it. */
  durationMs: number | null;
  /** Length of the scene's narration audio; null or 0 when it has none. */
  narrationMs: number | null;
}

export interface TimingOptions {
  fps: number;
  /** 0 for no transition. */
  transitionMs: number;
  /** Template pace multiplier. */
  pacing: number;
  minSceneMs?: number;
  tailMs?: number;
}

export interface SceneTiming {
  /** First frame of the scene in the video. */
  from: number;
  durationInFrames: number;
  /** Frames at the start shared with the previous scene's exit (0 for the first scene). */
  transitionInFrames: number;
  /** Frames at the end shared with the next scene's entry (0 for the last scene). */
  transitionOutFrames: number;
  /** Frame, relative to the scene's start, where its narration begins. */
  narrationStartFrame: number;
  narrationFrames: number;
}

export interface VideoTiming {
  fps: number;
  scenes: SceneTiming[];
  totalFrames: number;
  transitionFrames: number;
}

/** The transition length actually used: none with one scene, and never more than half the shortest scene. */
function transitionFrames(scenes: readonly SceneTimingInput[], opts: TimingOptions, minFrames: number): number {
  if (scenes.length < 2 || opts.transitionMs <= 0) return 0;
  return Math.min(msToFrames(opts.transitionMs, opts.fps), Math.floor(minFrames / 2));
}

export function computeTiming(scenes: readonly SceneTimingInput[], opts: TimingOptions): VideoTiming {
  const { fps } = opts;
  const pacing = opts.pacing > 0 ? opts.pacing : 1;
  const minFrames = Math.max(1, msToFrames((opts.minSceneMs ?? MIN_SCENE_MS) * pacing, fps));
  const tail = msToFrames((opts.tailMs ?? NARRATION_TAIL_MS) * pacing, fps);
  const t = transitionFrames(scenes, opts, minFrames);
  const out: SceneTiming[] = [];
  let from = 0;
  scenes.forEach((s, i) => {
    const inT = i > 0 ? t : 0;
    const outT = i < scenes.length - 1 ? t : 0;
    const narrationFrames = s.narrationMs && s.narrationMs > 0 ? Math.ceil((s.narrationMs / 1000) * fps) : 0;
    const needed = narrationFrames > 0 ? inT + narrationFrames + tail + outT : 0;
    const user = s.durationMs !== null ? msToFrames(s.durationMs, fps) : 0;
    // Even a fixed length leaves room for both transitions and one visible frame.
    const durationInFrames = Math.max(minFrames, user, needed, inT + outT + 1);
    out.push({
      from,
      durationInFrames,
      transitionInFrames: inT,
      transitionOutFrames: outT,
      narrationStartFrame: inT,
      narrationFrames,
    });
    from += durationInFrames - outT;
  });
  const last = out[out.length - 1];
  return { fps, scenes: out, totalFrames: last ? last.from + last.durationInFrames : 0, transitionFrames: t };
}

/**
 * Music volume at a frame: `volume` in silence, `duckedVolume` while any
 * narration plays, with linear ramps of `rampFrames` on each side so the
 * music dips before a voice starts and comes back after it ends.
 */
export function musicVolumeAt(
  frame: number,
  narration: readonly { start: number; end: number }[],
  opts: { volume: number; duckedVolume: number; rampFrames: number; totalFrames?: number; fadeOutFrames?: number },
): number {
  let duck = 0; // 0 = full volume, 1 = fully ducked
  const ramp = Math.max(1, opts.rampFrames);
  for (const w of narration) {
    let d = 0;
    if (frame >= w.start && frame < w.end) d = 1;
    else if (frame < w.start && frame >= w.start - ramp) d = 1 - (w.start - frame) / ramp;
    else if (frame >= w.end && frame < w.end + ramp) d = 1 - (frame - w.end) / ramp;
    duck = Math.max(duck, d);
  }
  let v = opts.volume + (opts.duckedVolume - opts.volume) * duck;
  if (opts.totalFrames && opts.fadeOutFrames && frame > opts.totalFrames - opts.fadeOutFrames) {
    v *= Math.max(0, (opts.totalFrames - frame) / opts.fadeOutFrames);
  }
  return Math.max(0, Math.min(1, v));
}
