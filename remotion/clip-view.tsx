/**
 * A video clip in a picture slot: Remotion's OffthreadVideo (the exact frame
 * extracted by Remotion's ffmpeg while rendering; a <video> element in the
 * Player), always muted so the narration and the music stay the
 * soundtrack, cropped to the slot like a picture (object-fit), started at
 * its trim offset and looped when the scene outlasts the source
 * (lib/engine/composition/clip.ts has the numbers). Editor thumbnails draw
 * its poster picture instead (ClipPosters), so a strip of scenes does not
 * load every clip. No "Ken Burns" scale: the footage moves already, and a
 * second motion on top of it reads as a wobble.
 */
import { createContext, useContext, type CSSProperties } from "react";
import { Img, Loop, OffthreadVideo, Sequence, useCurrentFrame } from "remotion";
import type { RenderClip } from "@/lib/engine/composition/render-props";

/** True where clips are drawn as their poster pictures (editor thumbnails). */
export const ClipPosters = createContext(false);

export function ClipView({
  src,
  clip,
  frame,
  objectFit,
}: {
  src: string;
  clip: RenderClip;
  /** The scene-relative frame being drawn. */
  frame: number;
  objectFit: "cover" | "contain";
}) {
  const posters = useContext(ClipPosters);
  const current = useCurrentFrame();
  const style: CSSProperties = { width: "100%", height: "100%", objectFit };
  if (posters && clip.posterSrc) return <Img alt="" src={clip.posterSrc} style={style} />;
  const video = (
    <OffthreadVideo src={src} muted trimBefore={clip.trimBeforeFrames || undefined} pauseWhenBuffering style={style} />
  );
  const looped = clip.loopFrames ? (
    <Loop durationInFrames={clip.loopFrames} layout="none" name="clip loop">
      {video}
    </Loop>
  ) : (
    video
  );
  // A still (designs' previews, posters) draws a scene at its still frame while Remotion's own frame is 0:
  // shift the clip so it shows the frame the video shows there.
  return current === frame ? (
    looped
  ) : (
    <Sequence from={current - frame} layout="none" name="clip at still frame">
      {looped}
    </Sequence>
  );
}
