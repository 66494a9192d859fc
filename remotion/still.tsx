/**
 * StillComposition: one scene drawn at its "still" frame (everything
 * entered, nothing leaving), without captions or sound: designs, posters
 * and layout previews. `sceneIndex` picks the scene (default 0).
 */
import { ensureFonts } from "./fonts";
import { stillFrameOf } from "./frame-state";
import { StillPicture, type VideoCompositionProps } from "./video";

export type StillCompositionProps = VideoCompositionProps & {
  sceneIndex?: number;
};

export { stillFrameOf };

export function StillComposition(props: StillCompositionProps) {
  ensureFonts(props.fonts);
  return <StillPicture props={props} sceneIndex={props.sceneIndex ?? 0} />;
}
