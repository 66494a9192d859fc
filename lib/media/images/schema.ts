/**
 * What a user may ask the generator for. Shared by the route handlers and the
 * /image-gen forms, so it stays free of server-only imports. Rules that need
 * data (does the model / vibe / source image exist, does the mask match the
 * source's size) are checked by generation-service.ts.
 */
import { z } from "zod";
import { readPngSize } from "./png-size";
import { DOC_ID } from "@/lib/platform/db/ids";

export const ASPECT_RATIOS = ["1:1", "4:5", "3:2", "16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const MAX_PROMPT_CHARS = 2000;
export const MAX_NEGATIVE_PROMPT_CHARS = 1000;
export const MAX_IMAGES_PER_RUN = 4;
/** Seeds are 31-bit so every provider (and JSON, and Firestore) holds them exactly. */
export const MAX_SEED = 2 ** 31 - 1;
export const MAX_MASK_BYTES = 8 * 1024 * 1024;

const docId = z.string().regex(DOC_ID, "Not a valid id.");

export const maskSchema = z
  .instanceof(Uint8Array, { message: "The mask must be PNG bytes." })
  .refine((b) => b.byteLength <= MAX_MASK_BYTES, `The mask is larger than ${MAX_MASK_BYTES / 1024 / 1024} MB.`)
  .refine((b) => readPngSize(b) !== null, "The mask must be a PNG image.");

export const generateInputSchema = z
  .strictObject({
    prompt: z
      .string()
      .trim()
      .min(1, "Write a prompt first.")
      .max(MAX_PROMPT_CHARS, `Prompts are at most ${MAX_PROMPT_CHARS} characters.`),
    negativePrompt: z
      .string()
      .trim()
      .max(MAX_NEGATIVE_PROMPT_CHARS, `Negative prompts are at most ${MAX_NEGATIVE_PROMPT_CHARS} characters.`)
      .optional(),
    vibeId: docId.optional(),
    aspectRatio: z.enum(ASPECT_RATIOS).default("1:1"),
    count: z.number().int().min(1).max(MAX_IMAGES_PER_RUN, `At most ${MAX_IMAGES_PER_RUN} images per run.`).default(1),
    /** Absent = a random seed, which is recorded on every image so it can be reused. */
    seed: z.number().int().min(0).max(MAX_SEED).optional(),
    modelId: z.string().trim().min(1, "Pick a model.").max(128),
    /** One of my images (a content id) or one of my assets: makes this an edit. */
    sourceImageId: docId.optional(),
    /** Inpainting mask; needs a source image of the same width and height. */
    mask: maskSchema.optional(),
    /** The public image this run remixes (trending counts remixes). */
    remixOfId: docId.optional(),
  })
  .refine((v) => !v.mask || v.sourceImageId, { message: "A mask needs a source image.", path: ["mask"] });

export type GenerateInput = z.output<typeof generateInputSchema>;
/** What a form or request body may send (defaults not applied yet). */
export type GenerateInputRaw = z.input<typeof generateInputSchema>;
