/**
 * `generateImages`: every image the product makes goes through the AI SDK's
 * `generateImage`, whatever the provider. Errors come out as AiError.
 */
import { generateImage } from "ai";
import { type SubjectArea, subjectAreaWords } from "./subject-area";
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
  /** The template's or brand kit's colours (#rrggbb, background first) for the local preview model's ground; providers ignore them. */
  palette?: string[];
  /**
   * Where the picture will be seen (fractions of it; the rest sits under text or is cropped away): the local preview
   * model draws its subject inside; other models read it as a sentence at the end of the prompt.
   */
  subjectArea?: SubjectArea;
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
  if (req.edit && !entry.supportsEdit)
    throw new AiError("bad_request", `${entry.label} cannot edit images.`, { retryable: false });

  const negative = req.negativePrompt?.trim();
  const viaOption = negative && entry.negativePromptOption;
  const composed =
    req.subjectArea && entry.provider !== "local"
      ? `${req.prompt}\n\n${subjectAreaWords(req.subjectArea)}`
      : req.prompt;
  const text = negative && !viaOption ? `${composed}\n\nAvoid: ${negative}` : composed;
  const sizing = entry.sizing?.(req.aspectRatio) ?? { aspectRatio: req.aspectRatio };
  const timeout = AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const abortSignal = req.abortSignal ? AbortSignal.any([req.abortSignal, timeout]) : timeout;

  try {
    const mask =
      req.edit?.mask && entry.maskFormat === "transparent"
        ? await toTransparentEditMask(req.edit.mask)
        : req.edit?.mask;
    const result = await generateImage({
      model,
      prompt: req.edit ? { images: [req.edit.image], mask, text } : text,
      n: req.n,
      size: sizing.size,
      aspectRatio: sizing.aspectRatio,
      seed: req.seed,
      providerOptions: providerOptions(
        entry.provider,
        viaOption ? { provider: viaOption.provider, field: viaOption.field, negative } : undefined,
        req.palette,
        req.subjectArea,
      ),
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

type ProviderOptions = Record<string, Record<string, string | string[] | Record<string, number>>>;

/** A negative prompt for the providers that take one as an option; a palette and the clear area for the local preview model. */
function providerOptions(
  provider: string,
  negative: { provider: string; field: string; negative: string } | undefined,
  palette: string[] | undefined,
  area: SubjectArea | undefined,
): ProviderOptions | undefined {
  const options: ProviderOptions = {};
  if (negative) options[negative.provider] = { [negative.field]: negative.negative };
  if (palette?.length && provider === "local") options.local = { ...options.local, palette };
  if (area && provider === "local") options.local = { ...options.local, area: { ...area } };
  return Object.keys(options).length ? options : undefined;
}
