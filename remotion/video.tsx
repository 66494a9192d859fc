/**
 * VideoComposition: draws any RenderProps. The same component runs in the
 * browser Player (`<Player component={VideoComposition} inputProps={props}
 * durationInFrames={videoDurationInFrames(props)} fps={props.fps}
 * compositionWidth={props.width} compositionHeight={props.height} />`) and in
 * server renders (the "Video" and "Still" compositions of root.tsx).
 *
 * Layers: the background picture (pre-rendered, one image), each scene in
 * its own Sequence (overlapping during transitions), narration per scene,
 * music over the whole video ducked under the narration, a watermark.
 *
 * One frame past the end (frame === durationInFrames, which the Player never
 * shows) draws the poster: the Still composition's picture of the first
 * scene. The local renderer captures it with the video's frames, on the same
 * page, instead of opening a second page for the poster.
 */
import { AbsoluteFill, Html5Audio, Img, Sequence, useCurrentFrame } from "remotion";
import { musicVolumeAt } from "@/lib/engine/composition/timing";
import type { RenderProps, RenderScene } from "@/lib/engine/composition/render-props";
import { ClipPosters } from "./clip-view";
import { ensureFonts } from "./fonts";
import { sceneOf } from "./frame-state";
import { SceneView } from "./scene-view";

function SceneFrame({ scene, props }: { scene: RenderScene; props: RenderProps }) {
  const frame = useCurrentFrame();
  return <SceneView scene={scene} props={props} frame={frame} />;
}

function Music({ music, total, fps }: { music: NonNullable<RenderProps["music"]>; total: number; fps: number }) {
  const opts = {
    volume: music.volume,
    duckedVolume: music.duckedVolume,
    rampFrames: Math.round(fps * 0.35),
    totalFrames: total,
    fadeOutFrames: Math.round(fps * 1.2),
  };
  const length = music.durationInFrames && music.durationInFrames < total ? music.durationInFrames : total;
  const loops = Math.ceil(total / length);
  return (
    <>
      {Array.from({ length: loops }, (_, k) => (
        <Sequence
          key={k}
          from={k * length}
          durationInFrames={Math.min(length, total - k * length)}
          layout="none"
          name={`music ${k + 1}`}
        >
          <Html5Audio src={music.src} volume={(f) => musicVolumeAt(f + k * length, music.duckWindows, opts)} />
        </Sequence>
      ))}
    </>
  );
}

export function Watermark({ text, width, height }: { text: string; width: number; height: number }) {
  const s = Math.min(width, height);
  return (
    <div
      style={{
        position: "absolute",
        right: s * 0.03,
        bottom: s * 0.03,
        padding: `${s * 0.008}px ${s * 0.016}px`,
        borderRadius: s * 0.01,
        backgroundColor: "rgba(0,0,0,0.45)",
        color: "#ffffff",
        fontFamily: '"Inter", sans-serif',
        fontWeight: 500,
        fontSize: Math.max(8, s * 0.022),
      }}
    >
      {text}
    </div>
  );
}

/** The pre-rendered background picture (or the Player's SVG), under everything. */
export function Background({ props }: { props: RenderProps }) {
  return props.background.image ? (
    <Img
      alt=""
      src={props.background.image}
      style={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" }}
    />
  ) : null;
}

export type VideoCompositionProps = RenderProps & {
  /** Leave out narration and music (stills, silent previews). */
  muted?: boolean;
  /** Draw video clips as their poster pictures (editor thumbnails). */
  clipPosters?: boolean;
};

/** One scene at its still frame (everything entered, nothing leaving), without captions or sound: the Still composition and the poster. */
export function StillPicture({ props, sceneIndex }: { props: VideoCompositionProps; sceneIndex: number }) {
  const scene = sceneOf(props, sceneIndex);
  const still = { ...props, captions: { enabled: false } };
  return (
    <AbsoluteFill style={{ backgroundColor: props.background.color, overflow: "hidden" }}>
      <Background props={props} />
      <SceneView scene={scene} props={still} frame={scene.stillFrame} />
      {props.watermark ? <Watermark text={props.watermark} width={props.width} height={props.height} /> : null}
    </AbsoluteFill>
  );
}

export function VideoComposition(props: VideoCompositionProps) {
  ensureFonts(props.fonts);
  const frame = useCurrentFrame();
  if (frame >= props.durationInFrames) return <StillPicture props={props} sceneIndex={0} />;
  return (
    <AbsoluteFill style={{ backgroundColor: props.background.color, overflow: "hidden" }}>
      <Background props={props} />
      <ClipPosters.Provider value={props.clipPosters ?? false}>
        {props.scenes.map((scene) => (
          <Sequence
            key={scene.id}
            from={scene.from}
            durationInFrames={scene.durationInFrames}
            name={`scene ${scene.id}`}
            // The Player mounts a scene with a clip a second early, so its <video> has loaded when the scene starts.
            premountFor={scene.slots.some((s) => s.media?.clip) ? props.fps : undefined}
          >
            <SceneFrame scene={scene} props={props} />
          </Sequence>
        ))}
      </ClipPosters.Provider>
      {!props.muted
        ? props.scenes.map((scene) =>
            scene.narration ? (
              <Sequence
                key={`voice-${scene.id}`}
                from={scene.from + scene.narration.startFrame}
                durationInFrames={scene.narration.durationInFrames}
                layout="none"
                name={`narration ${scene.id}`}
              >
                <Html5Audio src={scene.narration.src} />
              </Sequence>
            ) : null,
          )
        : null}
      {!props.muted && props.music ? (
        <Music music={props.music} total={props.durationInFrames} fps={props.fps} />
      ) : null}
      {props.watermark ? <Watermark text={props.watermark} width={props.width} height={props.height} /> : null}
    </AbsoluteFill>
  );
}
