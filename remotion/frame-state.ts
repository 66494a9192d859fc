/**
 * What a frame looks like, as data: which scenes are on screen and how far
 * their transitions are, each slot's animation state, the caption page and
 * spoken phrase. The components draw from these same functions, so
 * `frameSignature` is equal for two frames exactly when they draw the same
 * pixels, which lets the local renderer capture a still stretch once
 * (lib/engine/render/frame-pipeline.ts). Pure: no React, no DOM.
 */
import type { RenderCaptionPage, RenderProps, RenderScene } from "@/lib/engine/composition/render-props";
import {
  captionFrame,
  DEFAULT_CAPTION_PRESET,
  type CaptionFrame,
  type CaptionPreset,
  type TimedPage,
} from "@/lib/engine/composition/caption-presets";
import { eased, slotMotion } from "./animation";

/** Transition progress of a scene at a scene-relative frame: p entering (0 -> 1), q leaving (0 -> 1). */
export function sceneTransition(
  props: Pick<RenderProps, "fps" | "motion">,
  scene: RenderScene,
  frame: number,
): { p: number; q: number } {
  const easing = props.motion.easing;
  const p = scene.transitionInFrames > 0 ? eased(easing, frame, scene.transitionInFrames, props.fps) : 1;
  const outStart = scene.durationInFrames - scene.transitionOutFrames;
  const q =
    scene.transitionOutFrames > 0 && frame >= outStart
      ? Math.min(
          1,
          eased(easing === "spring" ? "ease-in-out" : easing, frame - outStart, scene.transitionOutFrames, props.fps),
        )
      : 0;
  return { p, q };
}

/** The caption page on screen at a scene-relative frame and the phrase being spoken in it (-1: none yet). */
export function activeCaption(
  pages: readonly RenderCaptionPage[],
  frame: number,
): { page: RenderCaptionPage; index: number; phrase: number } | null {
  const index = pages.findIndex((p) => frame >= p.startFrame && frame < p.endFrame);
  if (index < 0) return null;
  const page = pages[index]!;
  let phrase = -1;
  page.phrases.forEach((ph, i) => {
    if (ph.startFrame <= frame) phrase = i;
  });
  return { page, index, phrase };
}

/** A page's words with frames (props made before word timing: each word takes its phrase's time). */
export function timedCaptionPage(page: RenderCaptionPage): TimedPage {
  return {
    phrases: page.phrases,
    lines: page.lines.map((line) =>
      line.map((w) => ({
        text: w.text,
        phrase: w.phrase,
        startFrame: w.startFrame ?? page.phrases[w.phrase]?.startFrame ?? page.startFrame,
        endFrame: w.endFrame ?? page.phrases[w.phrase]?.endFrame ?? page.endFrame,
      })),
    ),
  };
}

/** The caption on screen at a scene-relative frame as the preset draws it, or null. */
export function captionNow(
  props: Pick<RenderProps, "fps" | "captionStyle">,
  pages: readonly RenderCaptionPage[],
  frame: number,
): { page: RenderCaptionPage; index: number; state: CaptionFrame; preset: CaptionPreset } | null {
  const active = activeCaption(pages, frame);
  if (!active) return null;
  const preset = props.captionStyle.preset ?? DEFAULT_CAPTION_PRESET;
  const state = captionFrame({ page: timedCaptionPage(active.page), frame, preset, fps: props.fps });
  return { page: active.page, index: active.index, state, preset };
}

/** Travel of slot slides, px (the components use the same). */
export const slideDistance = (props: Pick<RenderProps, "width" | "height">) =>
  Math.min(props.width, props.height) * 0.06;

/** A string equal for two frames exactly when they look the same. */
export function frameSignature(props: RenderProps, frame: number): string {
  const parts: string[] = [];
  const distance = slideDistance(props);
  for (const scene of props.scenes) {
    const local = frame - scene.from;
    if (local < 0 || local >= scene.durationInFrames) continue;
    const { p, q } = sceneTransition(props, scene, local);
    parts.push(`${scene.id}:${p}:${q}`);
    if (props.motion.imageMotion !== "none" && scene.slots.some((s) => s.media && !s.media.clip && s.role === "media"))
      parts.push(`m${local}`);
    // A playing clip changes the picture on every frame.
    if (scene.slots.some((s) => s.media?.clip)) parts.push(`v${local}`);
    for (const slot of scene.slots) {
      const m = slotMotion(slot.enter, slot.exit, local, props.fps, distance);
      parts.push(
        m.hidden && m.typed === null
          ? "h"
          : m.animating || m.typed !== null
            ? `${JSON.stringify(m.style)}${m.typed ?? ""}`
            : "s",
      );
    }
    if (props.captions.enabled && scene.captions.length > 0) {
      const c = captionNow(props, scene.captions, local);
      parts.push(c ? `c${c.index}.${c.state.key}` : "c-");
    }
  }
  return parts.join("|");
}

/**
 * Runs of consecutive frames that look the same, in order, covering the
 * whole video, or the frames `from` (inclusive) to `to` (exclusive) of it.
 */
export function frameRuns(props: RenderProps, from = 0, to = props.durationInFrames): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let prev: string | null = null;
  for (let f = Math.max(0, from); f < Math.min(to, props.durationInFrames); f++) {
    const sig = frameSignature(props, f);
    if (sig === prev) runs[runs.length - 1]!.end = f;
    else runs.push({ start: f, end: f });
    prev = sig;
  }
  return runs;
}

/** The scene a still shows (index clamped to the scenes there are). */
export function sceneOf<S>(props: { scenes: readonly S[] }, sceneIndex = 0): S {
  return props.scenes[Math.max(0, Math.min(props.scenes.length - 1, sceneIndex))]!;
}

/** The video frame that looks like the Still composition's picture of a scene (e.g. a poster frame). */
export function stillFrameOf(props: Pick<RenderProps, "scenes">, sceneIndex = 0): number {
  const scene = sceneOf(props, sceneIndex);
  return scene.from + scene.stillFrame;
}
