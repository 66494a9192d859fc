/**
 * StillComposition: one scene drawn at its "still" frame (everything
 * entered, nothing leaving), without captions or sound: designs, posters
 * and layout previews. `sceneIndex` picks the scene (default 0).
 */
import { AbsoluteFill } from "remotion";
import { ensureFonts } from "./fonts";
import { sceneOf, stillFrameOf } from "./frame-state";
import { SceneView } from "./scene-view";
import { Background, Watermark, type VideoCompositionProps } from "./video";

export type StillCompositionProps = VideoCompositionProps & {
  sceneIndex?: number;
};

export { stillFrameOf };

export function StillComposition(props: StillCompositionProps) {
  ensureFonts(props.fonts);
  const scene = sceneOf(props, props.sceneIndex ?? 0);
  const still = { ...props, captions: { enabled: false } };
  return (
    <AbsoluteFill style={{ backgroundColor: props.background.color, overflow: "hidden" }}>
      <Background props={props} />
      <SceneView scene={scene} props={still} frame={scene.stillFrame} />
      {props.watermark ? <Watermark text={props.watermark} width={props.width} height={props.height} /> : null}
    </AbsoluteFill>
  );
}
