/**
 * Narration input as shared by the API and the forms (browser-safe: no server
 * imports): the shape of a voice id, the narration text limit, a language tag.
 * The service (narration.ts) enforces the same rules with human sentences.
 */
import { z } from "zod";

/** Per scene: about two minutes of speech, far more than a scene of a short video needs. */
export const MAX_NARRATION_CHARS = 2_000;

export const voiceIdSchema = z.string().regex(/^(espeak|openai|elevenlabs):[a-z0-9-]{1,40}$/, "Unknown voice");
export const narrationTextSchema = z
  .string()
  .max(MAX_NARRATION_CHARS, `Narration can be at most ${MAX_NARRATION_CHARS} characters per scene`);
/** BCP 47 ("en-US") or ISO 639-1 ("en"). */
export const speechLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Use a language code such as en or en-US");
export const speechSpeedSchema = z.number().min(0.5).max(2);
