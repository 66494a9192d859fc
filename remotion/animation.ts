/**
 * Frame math for slot animations and scene transitions: an eased progress
 * per frame and the CSS it turns into. Only transforms, opacity and clip
 * paths move (cheap to composite); once an animation is over its style is
 * empty, so a still frame costs nothing extra.
 *
 * Pure math with no import of "remotion": the server decides which frames
 * are identical with these same functions (frame-state.ts), and "remotion"
 * cannot load where React is the server build (route handlers, workers).
 */
import type { CSSProperties } from "react";
import type { FrameAnimation } from "@/lib/engine/composition/render-props";
import type { Easing as EasingName } from "@/lib/engine/composition/layout-schema";

const EASE: Record<Exclude<EasingName, "spring">, (t: number) => number> = {
  linear: (t) => t,
  "ease-in": (t) => t * t * t,
  "ease-out": (t) => 1 - (1 - t) ** 3,
  "ease-in-out": (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2),
};

// A damped spring (stiffness 170, mass 0.8, damping 13: about 12% overshoot), time-stretched so it settles exactly at the end.
const OMEGA0 = Math.sqrt(170 / 0.8);
const ZETA = 13 / (2 * Math.sqrt(170 * 0.8));
const OMEGA_D = OMEGA0 * Math.sqrt(1 - ZETA * ZETA);
const SETTLE_S = Math.log(400) / (ZETA * OMEGA0);

/** Spring position at fraction t (0..1) of its duration: 0 -> 1 with an overshoot on the way. */
export function springAt(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const s = t * SETTLE_S;
  return (
    1 - Math.exp(-ZETA * OMEGA0 * s) * (Math.cos(OMEGA_D * s) + ((ZETA * OMEGA0) / OMEGA_D) * Math.sin(OMEGA_D * s))
  );
}

/** Eased progress of `easing` over `duration` frames at `frame` (0 before, 1 after; a spring may overshoot on the way). */
export function eased(easing: EasingName, frame: number, duration: number, _fps?: number): number {
  if (frame <= 0) return 0;
  if (frame >= duration) return 1;
  if (easing === "spring") return springAt(frame / duration);
  return EASE[easing](frame / duration);
}

/** 0 = not yet in, 1 = fully in; null when the animation is over (draw as is). */
export function animationProgress(anim: FrameAnimation | null, frame: number, fps: number): number | null {
  if (!anim) return null;
  const local = frame - anim.startFrame;
  if (local >= anim.durationInFrames) return null;
  return eased(anim.easing, local, anim.durationInFrames, fps);
}

/** The look of a slot `p` of the way into its entrance (0 hidden, 1 in place). `distance` is the travel of slides, px. */
export function enterStyle(type: FrameAnimation["type"], p: number, distance: number): CSSProperties {
  const fadeIn = Math.max(0, Math.min(1, p * 1.6));
  switch (type) {
    case "fade":
      return { opacity: Math.max(0, Math.min(1, p)) };
    case "slide-up":
      return { opacity: fadeIn, transform: `translate3d(0, ${((1 - p) * distance).toFixed(2)}px, 0)` };
    case "slide-down":
      return { opacity: fadeIn, transform: `translate3d(0, ${(-(1 - p) * distance).toFixed(2)}px, 0)` };
    case "slide-left":
      return { opacity: fadeIn, transform: `translate3d(${((1 - p) * distance).toFixed(2)}px, 0, 0)` };
    case "slide-right":
      return { opacity: fadeIn, transform: `translate3d(${(-(1 - p) * distance).toFixed(2)}px, 0, 0)` };
    case "scale":
      return { opacity: fadeIn, transform: `scale(${(0.85 + 0.15 * p).toFixed(4)})` };
    case "pop":
      return { opacity: Math.max(0, Math.min(1, p * 3)), transform: `scale(${Math.max(0, p).toFixed(4)})` };
    case "mask-reveal":
      return { clipPath: `inset(0 ${((1 - Math.min(1, p)) * 100).toFixed(2)}% 0 0)` };
    case "typewriter":
    case "none":
      return {};
  }
}

/** Combined entrance and exit style of a slot at a scene-relative frame; `hidden` before it enters. */
export function slotMotion(
  enter: FrameAnimation | null,
  exit: FrameAnimation | null,
  frame: number,
  fps: number,
  distance: number,
): { style: CSSProperties; animating: boolean; hidden: boolean; typed: number | null } {
  if (enter && frame < enter.startFrame && enter.type !== "none") {
    return { style: {}, animating: false, hidden: true, typed: enter.type === "typewriter" ? 0 : null };
  }
  if (exit && frame >= exit.startFrame) {
    const p = eased(exit.easing, frame - exit.startFrame, exit.durationInFrames, fps);
    if (p >= 1) return { style: {}, animating: false, hidden: true, typed: null };
    return {
      style: enterStyle(exit.type, 1 - p, distance),
      animating: true,
      hidden: false,
      typed: exit.type === "typewriter" ? 1 - p : null,
    };
  }
  const p = animationProgress(enter, frame, fps);
  if (p === null) return { style: {}, animating: false, hidden: false, typed: null };
  return {
    style: enterStyle(enter!.type, p, distance),
    animating: true,
    hidden: false,
    typed: enter!.type === "typewriter" ? p : null,
  };
}
