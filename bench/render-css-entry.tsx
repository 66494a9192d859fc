/**
 * bench/render.ts only: the "Video" composition with the template's
 * background painted as full-frame CSS gradients in every frame (what a
 * composition costs without the pre-rendered background picture). Bundled
 * by the bench into .remotion/bench-css; never part of the app.
 */
import { AbsoluteFill, Composition, registerRoot, type CalculateMetadataFunction } from "remotion";
import { renderPropsSchema, videoDurationInFrames } from "@/lib/engine/composition/render-props";
import { starterTemplate, starterTemplateVersion } from "@/lib/engine/composition/starter";
import type { TemplateBackground } from "@/lib/engine/composition/template-schema";
import { sampleRenderProps } from "../remotion/sample-props";
import { VideoComposition, type VideoCompositionProps } from "../remotion/video";
import { BENCH_TEMPLATE } from "./render-template";

/** The template background as CSS layers (gradient, or base colour plus a pattern drawn with gradients). */
export function cssBackground(bg: TemplateBackground, width: number, height: number): string {
  const colors = bg.colors.length > 1 ? bg.colors : [bg.colors[0]!, bg.colors[0]!];
  if (bg.kind === "gradient")
    return bg.radial
      ? `radial-gradient(circle at 50% 40%, ${colors.join(", ")})`
      : `linear-gradient(${bg.angle}deg, ${colors.join(", ")})`;
  const base = bg.colors[0]!;
  if (bg.kind !== "pattern") return base;
  const s = Math.max(4, (bg.patternScale * Math.min(width, height)) / 1080);
  const c = bg.colors[1] ?? base;
  switch (bg.pattern) {
    case "grid":
      return `linear-gradient(to right, ${c} 2px, transparent 2px) 0 0 / ${s}px ${s}px, linear-gradient(to bottom, ${c} 2px, transparent 2px) 0 0 / ${s}px ${s}px, ${base}`;
    case "diagonal":
      return `repeating-linear-gradient(45deg, ${c} 0 ${s * 0.2}px, transparent ${s * 0.2}px ${s * 0.7}px), ${base}`;
    case "blobs": {
      const short = Math.min(width, height);
      const spots = [0.2, 0.75, 0.45, 0.85, 0.1].map(
        (x, i) =>
          `radial-gradient(circle ${short * (0.25 + 0.05 * i)}px at ${x * 100}% ${(i * 37) % 100}%, ${bg.colors[1 + (i % 2)] ?? c}, transparent)`,
      );
      return `${spots.join(", ")}, ${base}`;
    }
    default:
      return `radial-gradient(circle, ${c} 11%, transparent 12%) 0 0 / ${s}px ${s}px, ${base}`;
  }
}

const background = starterTemplateVersion(starterTemplate(BENCH_TEMPLATE)!).style.background;

function CssBackgroundVideo(props: VideoCompositionProps) {
  return (
    <AbsoluteFill style={{ background: cssBackground(background, props.width, props.height) }}>
      <VideoComposition {...props} background={{ color: "transparent", image: null }} />
    </AbsoluteFill>
  );
}

const metadata: CalculateMetadataFunction<VideoCompositionProps> = ({ props }) => {
  const parsed = renderPropsSchema.parse(props);
  return {
    durationInFrames: videoDurationInFrames(parsed),
    width: parsed.width,
    height: parsed.height,
    fps: parsed.fps,
  };
};

const defaults = sampleRenderProps();

function Root() {
  return (
    <Composition
      id="Video"
      component={CssBackgroundVideo}
      defaultProps={defaults as VideoCompositionProps}
      calculateMetadata={metadata}
      width={defaults.width}
      height={defaults.height}
      fps={defaults.fps}
      durationInFrames={defaults.durationInFrames}
    />
  );
}

registerRoot(Root);
