/**
 * Caption cues: the timed phrases (and, from a transcription model or offline
 * word timing, the words) of a scene's narration. Made by lib/engine/audio from the speech engine's
 * timings, drawn by the Remotion composition (burned-in captions, the spoken
 * phrase highlighted) and written out as WebVTT. Browser-safe: no server imports.
 * Times are milliseconds from the start of the scene's narration.
 */
import { z } from "zod";

export const captionWordSchema = z.object({
  text: z.string().min(1).max(200),
  startMs: z.number().min(0),
  endMs: z.number().min(0),
});

export const captionCueSchema = z
  .object({
    text: z.string().min(1).max(500),
    startMs: z.number().min(0),
    endMs: z.number().min(0),
    /** Per-word timings when known (a transcription model, or offline word timing); absent in older cues. */
    words: z.array(captionWordSchema).max(200).optional(),
  })
  .refine((c) => c.endMs >= c.startMs, { message: "a cue ends before it starts" });

export type CaptionWord = z.infer<typeof captionWordSchema>;
export type CaptionCue = z.infer<typeof captionCueSchema>;
