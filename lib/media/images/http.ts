import "server-only";
/**
 * The image domain's HTTP edge: request bodies in the contract's snake_case
 * become the domain's input, domain results become the contract's shapes
 * (lib/media/images/contract.ts). Kept apart from the route files so each route
 * holds only its own steps.
 */
import { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import type { GenerationAccepted, JobView } from "@/lib/media/images/contract";
import type { JobStatus } from "./job-status";
import { MAX_MASK_BYTES } from "./schema";

/** The POST body before the domain's own schema checks it (unknown keys are refused). */
export const generationRequestSchema = z.strictObject({
  prompt: z.string(),
  negative_prompt: z.string().optional(),
  vibe_id: z.string().optional(),
  aspect_ratio: z.string().optional(),
  count: z.number().optional(),
  seed: z.number().optional(),
  model_id: z.string(),
  source_image_id: z.string().optional(),
  mask: z
    .string()
    .max(Math.ceil((MAX_MASK_BYTES * 4) / 3) + 64)
    .optional(),
  remix_of_id: z.string().optional(),
});

/** Generous enough for a base64 mask of the largest allowed size. */
export const GENERATION_BODY_LIMIT = Math.ceil((MAX_MASK_BYTES * 4) / 3) + 64 * 1024;

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/;

export function decodeMask(dataUrl: string): Uint8Array {
  const m = DATA_URL.exec(dataUrl);
  if (!m) {
    throw new ApiError("unprocessable_entity", "The mask must be a PNG data URL.", {
      issues: [{ path: "mask", message: "Expected data:image/png;base64,…" }],
    });
  }
  return new Uint8Array(Buffer.from(m[1]!, "base64"));
}

/** snake_case contract body -> the domain's GenerateInputRaw (validated again there). */
export function toGenerateInput(body: z.output<typeof generationRequestSchema>): Record<string, unknown> {
  const input: Record<string, unknown> = { prompt: body.prompt, modelId: body.model_id };
  if (body.negative_prompt !== undefined) input.negativePrompt = body.negative_prompt;
  if (body.vibe_id !== undefined) input.vibeId = body.vibe_id;
  if (body.aspect_ratio !== undefined) input.aspectRatio = body.aspect_ratio;
  if (body.count !== undefined) input.count = body.count;
  if (body.seed !== undefined) input.seed = body.seed;
  if (body.source_image_id !== undefined) input.sourceImageId = body.source_image_id;
  if (body.mask !== undefined) input.mask = decodeMask(body.mask);
  if (body.remix_of_id !== undefined) input.remixOfId = body.remix_of_id;
  return input;
}

export function toAccepted(started: {
  jobId: string;
  contentIds: string[];
  cost: number;
  balance: number;
}): GenerationAccepted {
  return {
    job_id: started.jobId,
    content_ids: started.contentIds,
    credits_charged: started.cost,
    balance: started.balance,
  };
}

export function toJobView(job: JobStatus): JobView {
  return {
    id: job.id,
    type: job.type,
    state: job.state,
    progress: job.progress,
    error: job.error,
    content_ids: job.contentIds,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
  };
}
