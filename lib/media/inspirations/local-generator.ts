/**
 * The generator inspiration pictures are made with: always the local preview
 * model, through the AI SDK's `generateImage`, whatever providers are
 * configured — seed data must cost nothing and look the same everywhere.
 * (It has no negative prompt; the inspiration's negative prompt is shown to
 * the user and applies when they try it on a real model.)
 */
import { generateImage } from "ai";
import { createLocalPreviewModel } from "@/lib/platform/ai/local-preview-model";
import type { ImageGenerator } from "@/lib/media/images/types";

export const LOCAL_PREVIEW_LABEL = "Local preview";

export const localPreviewGenerator: ImageGenerator = async (req) => {
  const result = await generateImage({
    model: createLocalPreviewModel(),
    prompt: req.prompt,
    n: req.n,
    aspectRatio: req.aspectRatio,
    seed: req.seed,
    abortSignal: req.abortSignal,
  });
  return {
    images: result.images.map((f) => f.uint8Array),
    mediaType: result.images[0]?.mediaType ?? "image/png",
    warnings: result.warnings.map((w) => JSON.stringify(w)),
    modelId: "local-preview",
  };
};
