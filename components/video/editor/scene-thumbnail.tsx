"use client";
/**
 * One scene of the storyboard drawn in the browser: @remotion/player's
 * Thumbnail with the same composition and props as the editor's preview, at
 * the scene's still frame (everything entered, nothing leaving). No render
 * job; a clip shows its poster picture (the clip itself plays in the
 * preview). Heavy (Remotion and the composition): load it through next/dynamic.
 */
import { Thumbnail } from "@remotion/player";

import { VideoComposition, videoDurationInFrames, type RenderProps } from "@/remotion/player";

export interface SceneThumbnailProps {
  props: RenderProps;
  /** The frame to draw (the scene's still frame in the whole video). */
  frame: number;
}

export default function SceneThumbnail({ props, frame }: SceneThumbnailProps) {
  const duration = videoDurationInFrames(props);
  return (
    <Thumbnail
      component={VideoComposition}
      inputProps={{ ...props, muted: true, clipPosters: true }}
      compositionWidth={props.width}
      compositionHeight={props.height}
      durationInFrames={duration}
      fps={props.fps}
      frameToDisplay={Math.min(Math.max(0, frame), duration - 1)}
      style={{ width: "100%", height: "100%" }}
    />
  );
}
