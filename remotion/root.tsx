/**
 * The Remotion root: "Video" (any RenderProps, as MP4) and "Still" (one
 * scene frozen, as PNG/JPEG). Size, fps and length come from the props
 * (calculateMetadata), which are validated here, so a bad props object fails
 * with the schema's message before any frame is drawn.
 */
import { Composition, type CalculateMetadataFunction } from "remotion";
import { renderPropsSchema, videoDurationInFrames } from "@/lib/engine/composition/render-props";
import { sampleRenderProps } from "./sample-props";
import { StillComposition, type StillCompositionProps } from "./still";
import { VideoComposition, type VideoCompositionProps } from "./video";

const videoMetadata: CalculateMetadataFunction<VideoCompositionProps> = ({ props }) => {
  const parsed = renderPropsSchema.parse(props);
  return {
    durationInFrames: videoDurationInFrames(parsed),
    width: parsed.width,
    height: parsed.height,
    fps: parsed.fps,
  };
};

const stillMetadata: CalculateMetadataFunction<StillCompositionProps> = ({ props }) => {
  const parsed = renderPropsSchema.parse(props);
  return { durationInFrames: 1, width: parsed.width, height: parsed.height, fps: parsed.fps };
};

const defaults = sampleRenderProps();

export function RemotionRoot() {
  return (
    <>
      <Composition
        id="Video"
        component={VideoComposition}
        defaultProps={defaults as VideoCompositionProps}
        calculateMetadata={videoMetadata}
        width={defaults.width}
        height={defaults.height}
        fps={defaults.fps}
        durationInFrames={defaults.durationInFrames}
      />
      <Composition
        id="Still"
        component={StillComposition}
        defaultProps={{ ...defaults, sceneIndex: 0 } as StillCompositionProps}
        calculateMetadata={stillMetadata}
        width={defaults.width}
        height={defaults.height}
        fps={defaults.fps}
        durationInFrames={1}
      />
    </>
  );
}
