/**
 * The settings recorded on each image's `content` document: everything needed
 * to show how it was made and to make it again ("use these settings"), with
 * the vibe's additions copied in so later edits to the vibe don't rewrite history.
 */
import { z } from "zod";
import { ASPECT_RATIOS, MAX_SEED } from "./schema";

export const imageSettingsSchema = z.object({
  mode: z.enum(["generate", "edit"]),
  prompt: z.string(),
  negative_prompt: z.string().nullable(),
  vibe_id: z.string().nullable(),
  vibe_name: z.string().nullable(),
  vibe_prompt_additions: z.string().nullable(),
  vibe_negative_prompt: z.string().nullable(),
  /** What the model was sent: the prompt with the vibe's additions. */
  effective_prompt: z.string(),
  effective_negative_prompt: z.string().nullable(),
  aspect_ratio: z.enum(ASPECT_RATIOS),
  model_id: z.string(),
  model_label: z.string(),
  provider: z.string(),
  /** This image's seed: the run's base seed + its index, so each image can be remade alone. */
  seed: z.number().int().min(0).max(MAX_SEED),
  base_seed: z.number().int().min(0).max(MAX_SEED),
  /** False when the seed was drawn at random (a variation of it draws a new one). */
  seed_locked: z.boolean(),
  index: z.number().int().min(0),
  count: z.number().int().min(1),
  source_image_id: z.string().nullable(),
  source_kind: z.enum(["content", "asset"]).nullable(),
  has_mask: z.boolean(),
  remix_of: z.string().nullable(),
  job_id: z.string(),
  /** Credits this image cost. */
  cost: z.number().int().min(0),
  /** Known once the image is ready. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  warnings: z.array(z.string()),
});

export type ImageSettings = z.infer<typeof imageSettingsSchema>;

export function seedFor(baseSeed: number, index: number): number {
  return (baseSeed + index) % (MAX_SEED + 1);
}

export function joinPrompt(parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ");
}
