/**
 * What a user may send to create or change a vibe. Shared by the route
 * handlers and the /image-gen/vibe form, so it stays free of server-only imports.
 */
import { z } from "zod";

export const VIBE_NAME_MAX = 60;
export const VIBE_TEXT_MAX = 500;
export const VIBE_PALETTE_MAX = 6;

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colours are hex, like "#7c3aed".')
  .transform((s) => s.toLowerCase());

const fields = {
  name: z
    .string()
    .trim()
    .min(1, "Give the vibe a name.")
    .max(VIBE_NAME_MAX, `Names are at most ${VIBE_NAME_MAX} characters.`),
  prompt_additions: z.string().trim().max(VIBE_TEXT_MAX, `Prompt additions are at most ${VIBE_TEXT_MAX} characters.`),
  negative_prompt: z.string().trim().max(VIBE_TEXT_MAX, `Negative prompts are at most ${VIBE_TEXT_MAX} characters.`),
  palette: z
    .array(hexColour)
    .min(1, "Pick at least one colour.")
    .max(VIBE_PALETTE_MAX, `A palette has at most ${VIBE_PALETTE_MAX} colours.`),
};

export const vibeInputSchema = z.strictObject({
  name: fields.name,
  prompt_additions: fields.prompt_additions.default(""),
  negative_prompt: fields.negative_prompt.default(""),
  palette: fields.palette,
});

export const vibePatchSchema = z
  .strictObject({
    name: fields.name.optional(),
    prompt_additions: fields.prompt_additions.optional(),
    negative_prompt: fields.negative_prompt.optional(),
    palette: fields.palette.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "Change at least one field." });

export type VibeInputParsed = z.output<typeof vibeInputSchema>;
export type VibePatch = z.output<typeof vibePatchSchema>;
