/**
 * One scene: its slots and captions, moved as a whole by the template's
 * transition while it overlaps its neighbours (the entering scene is drawn
 * over the leaving one). Frames are relative to the scene's start.
 */
import type { CSSProperties } from "react";
import { AbsoluteFill } from "remotion";
import type { RenderProps, RenderScene } from "@/lib/engine/composition/render-props";
import { CaptionsView } from "./captions-view";
import { sceneTransition, slideDistance } from "./frame-state";
import { SlotView } from "./slot-view";

/** The scene's transform while entering (p: 0 -> 1) or leaving (q: 0 -> 1). */
export function transitionStyle(kind: RenderProps["motion"]["transition"], p: number, q: number): CSSProperties {
  if (p >= 1 && q <= 0) return {};
  switch (kind) {
    case "fade":
      return { opacity: p < 1 ? p : 1 - q };
    case "slide":
      return { transform: `translate3d(${(p < 1 ? (1 - p) * 100 : -q * 100).toFixed(3)}%, 0, 0)` };
    case "wipe":
      return {
        clipPath: p < 1 ? `inset(0 ${((1 - p) * 100).toFixed(3)}% 0 0)` : `inset(0 0 0 ${(q * 100).toFixed(3)}%)`,
      };
    case "zoom":
      return p < 1
        ? { opacity: Math.min(1, p * 1.5), transform: `scale(${(1.18 - 0.18 * p).toFixed(4)})` }
        : { opacity: 1 - q, transform: `scale(${(1 - 0.08 * q).toFixed(4)})` };
    case "none":
      return {};
  }
}

export function imageMotionScale(kind: RenderProps["motion"]["imageMotion"], frame: number, duration: number): number {
  const t = Math.max(0, Math.min(1, frame / Math.max(1, duration)));
  if (kind === "zoom-in") return 1 + 0.08 * t;
  if (kind === "zoom-out") return 1.08 - 0.08 * t;
  if (kind === "pan") return 1.06;
  return 1;
}

export function SceneView({ scene, props, frame }: { scene: RenderScene; props: RenderProps; frame: number }) {
  const { fps } = props;
  const { p, q } = sceneTransition(props, scene, frame);
  const moving = p < 1 || q > 0;
  const distance = slideDistance(props);
  const imageScale = imageMotionScale(props.motion.imageMotion, frame, scene.durationInFrames);
  return (
    <AbsoluteFill
      style={{
        ...transitionStyle(props.motion.transition, p, q),
        ...(moving ? { willChange: "transform, opacity" } : {}),
      }}
    >
      {scene.slots.map((slot) => (
        <SlotView key={slot.id} slot={slot} frame={frame} fps={fps} distance={distance} imageScale={imageScale} />
      ))}
      {props.captions.enabled && scene.captions.length > 0 ? (
        <CaptionsView
          pages={scene.captions}
          box={scene.captionBox}
          style={props.captionStyle}
          frame={frame}
          fps={fps}
        />
      ) : null}
    </AbsoluteFill>
  );
}
