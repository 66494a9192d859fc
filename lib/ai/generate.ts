/**
 * `generateImages`: every image the product makes goes through the AI SDK's
 * `generateImage`, whatever the provider. Errors come out as AiError.
 */
import { generateImage } from "ai";
import type { AspectRatio } from "./aspect-ratios";
import { AiError, toAiError } from "./errors";
import { toTransparentEditMask } from "./mask-formats";
import { findImageModel, getImageModel } from "./models";

export const DEFAULT_TIMEOUT_MS = 120_000;

export interface GenerateImagesRequest {
  modelId: string;
  prompt: string;
  negativePrompt?: string;
  n: number;
  aspectRatio: AspectRatio;
  seed?: number;
  edit?: { image: Uint8Array; mask?: Uint8Array };
  abortSignal?: AbortSignal;
  timeoutMs?: number;
  env?: Record<string, string | undefined>;
}

export interface GenerateImagesResult {
  images: Uint8Array[];
  mediaType: string;
  warnings: string[];
  modelId: string;
}

export async function generateImages(req: GenerateImagesRequest): Promise<GenerateImagesResult> {
  const entry = findImageModel(req.modelId);
  const model = getImageModel(req.modelId, req.env);
  if (req.edit && !entry.supportsEdit) throw new AiError("bad_request", `${entry.label} cannot edit images.`, { retryable: false });

  const negative = req.negativePrompt?.trim();
  const viaOption = negative && entry.negativePromptOption;
  const text = negative && !viaOption ? `${req.prompt}\n\nAvoid: ${negative}` : req.prompt;
  const sizing = entry.sizing?.(req.aspectRatio) ?? { aspectRatio: req.aspectRatio };
  const timeout = AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const abortSignal = req.abortSignal ? AbortSignal.any([req.abortSignal, timeout]) : timeout;

  try {
    const mask = req.edit?.mask && entry.maskFormat === "transparent" ? await toTransparentEditMask(req.edit.mask) : req.edit?.mask;
    const result = await generateImage({
      model,
      prompt: req.edit ? { images: [req.edit.image], mask, text } : text,
      n: req.n,
      size: sizing.size,
      aspectRatio: sizing.aspectRatio,
      seed: req.seed,
      providerOptions: viaOption ? { [viaOption.provider]: { [viaOption.field]: negative } } : undefined,
      abortSignal,
      // The job system retries on its own terms (attempts, refunds); one SDK retry covers blips.
      maxRetries: 1,
    });
    return {
      images: result.images.map((f) => f.uint8Array),
      mediaType: result.images[0]?.mediaType ?? "image/png",
      warnings: result.warnings.map((w) => ("message" in w && w.message ? w.message : JSON.stringify(w))),
      modelId: entry.id,
    };
  } catch (err) {
    throw toAiError(err, entry.label);
  }
}
