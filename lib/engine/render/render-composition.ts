import "server-only";
/**
 * Stored documents in, files out: prepares the props (background, media
 * URLs), renders with the given driver, closes what it opened. The caller
 * (the render job) uploads the files and updates the content document.
 */
import path from "node:path";
import type { ResolveWarning } from "../composition/resolve";
import { prepareRender, type PrepareInput } from "./prepare";
import type { RenderDriver, RenderProgress, RenderStillResult, RenderVideoResult, StillFormat } from "./types";

export interface CompositionVideoResult {
  video: RenderVideoResult;
  poster: RenderStillResult | null;
  warnings: ResolveWarning[];
}

type Common = Omit<PrepareInput, "driver"> & { renderer: RenderDriver; signal?: AbortSignal };

/** MP4 (H.264 + AAC) at `outputPath`, and a JPEG poster at `posterPath` when given. */
export async function renderCompositionVideo(
  input: Common & { outputPath: string; posterPath?: string; onProgress?: (p: RenderProgress) => void },
): Promise<CompositionVideoResult> {
  input.onProgress?.({ stage: "preparing", progress: 0, renderedFrames: 0, totalFrames: 0 });
  const prepared = await prepareRender({ ...input, driver: input.renderer.kind });
  try {
    const video = await input.renderer.renderVideo({
      props: prepared.props,
      outputPath: input.outputPath,
      onProgress: input.onProgress,
      signal: input.signal,
    });
    const poster = input.posterPath
      ? await input.renderer.renderPoster({ props: prepared.props, outputPath: input.posterPath, signal: input.signal })
      : null;
    return { video, poster, warnings: prepared.warnings };
  } finally {
    await prepared.close();
  }
}

/** One picture per scene (a design), `scene-<n>.<png|jpg>` in `outputDir`, in scene order. */
export async function renderCompositionStills(
  input: Common & { outputDir: string; format: StillFormat; jpegQuality?: number },
): Promise<{ files: string[]; stills: RenderStillResult[]; warnings: ResolveWarning[] }> {
  const prepared = await prepareRender({ ...input, driver: input.renderer.kind });
  try {
    const files: string[] = [];
    const stills: RenderStillResult[] = [];
    for (let i = 0; i < prepared.props.scenes.length; i++) {
      const file = path.join(input.outputDir, `scene-${i + 1}.${input.format === "png" ? "png" : "jpg"}`);
      stills.push(
        await input.renderer.renderStill({
          props: prepared.props,
          sceneIndex: i,
          format: input.format,
          outputPath: file,
          jpegQuality: input.jpegQuality,
          signal: input.signal,
        }),
      );
      files.push(file);
    }
    return { files, stills, warnings: prepared.warnings };
  } finally {
    await prepared.close();
  }
}
