/**
 * The structured outputs the product's prompts answer with, by schema name
 * (PROMPT_TASKS[key].schema), for the "matches the output schema" assertion
 * and for asking a model for structured output in a run.
 */
import { z } from "zod";
import { planSchema } from "@/lib/creation/video/plan";
import { layoutBodySchema } from "@/lib/engine/composition/layout-schema";

/** What the link summariser returns for a page (v1 of links.summariser, seeded by prompt testing). */
export const linkSummarySchema = z.object({
  title: z.string().min(1).max(120).describe("The page's subject in a few words."),
  summary: z.string().min(1).max(600).describe("Two or three sentences on what the page offers."),
  points: z.array(z.string().min(1).max(120)).min(1).max(5).describe("The page's main facts, one short line each."),
});

/** A generated layout draft, as the layout generator's v1 prompt asks for it. */
export const layoutDraftSchema = z.object({
  name: z.string().min(1).max(80),
  description: z.string().max(300),
  slots: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        kind: z.enum(["text", "image", "shape"]),
        role: z.string().min(1).max(40),
        box: z.object({
          x: z.number().min(0).max(1),
          y: z.number().min(0).max(1),
          w: z.number().min(0).max(1),
          h: z.number().min(0).max(1),
        }),
      }),
    )
    .min(1)
    .max(12),
});

export const OUTPUT_SCHEMAS: Record<string, z.ZodType> = {
  video_plan: planSchema,
  link_summary: linkSummarySchema,
  /** What the layout generator answers with: a layout body (lib/engine/composition/layout-schema.ts). */
  layout: layoutBodySchema,
};
