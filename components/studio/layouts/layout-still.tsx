"use client";
/**
 * A layout drawn by the renderer itself: Remotion's StillComposition in a
 * @remotion/player Thumbnail, at the scene's still frame, from props that
 * lib/studio/layouts/preview.ts resolves. Heavy: load it through
 * lazy-layout-still.tsx.
 */
import { Thumbnail } from "@remotion/player";
import { StillComposition, type RenderProps } from "@/remotion/player";

export interface LayoutStillProps {
  props: RenderProps;
  label: string;
  className?: string;
}

export default function LayoutStill({ props, label, className }: LayoutStillProps) {
  const scene = props.scenes[0]!;
  return (
    <div role="img" aria-label={label} className={className}>
      <Thumbnail
        component={StillComposition}
        inputProps={props}
        compositionWidth={props.width}
        compositionHeight={props.height}
        durationInFrames={Math.max(1, props.durationInFrames)}
        fps={props.fps}
        frameToDisplay={Math.min(scene.from + scene.stillFrame, props.durationInFrames - 1)}
        style={{ width: "100%", aspectRatio: `${props.width} / ${props.height}`, display: "block" }}
      />
    </div>
  );
}
