/** Runs of the function-calling evaluation (BFCL-style), one per model run, with per-case results. */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { EVAL_CATEGORIES } from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";

export const fcEvalRuns = defineCollection({
  name: "fc_eval_runs",
  schema: z.object({
    owner_id: z.string().regex(DOC_ID),
    model_id: z.string().min(1).max(128),
    model_label: z.string().min(1).max(128),
    state: z.enum(["queued", "running", "succeeded", "failed"]),
    progress: z.number().min(0).max(1),
    job_id: z.string().max(128).nullable(),
    error: z.string().max(2000).nullable(),
    accuracy: z.number().min(0).max(1).nullable(),
    by_category: z.record(z.string(), z.object({ cases: z.number().int().min(0), passed: z.number().int().min(0) })),
    cases: z
      .array(
        z.object({
          id: z.string().max(64),
          category: z.enum(EVAL_CATEGORIES),
          prompt: z.string().max(2000),
          pass: z.boolean(),
          error_kind: z.string().max(64).nullable(),
          detail: z.string().max(1000).nullable(),
          calls: z.string().max(4000),
          latency_ms: z.number().min(0),
        }),
      )
      .max(200),
    demo: z.boolean().default(false),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
    finished_at: isoTimestamp().nullable(),
  }),
  timestamps: ["created_at", "updated_at", "finished_at"],
  indexes: [["created_at desc"], ["model_id", "created_at desc"]],
});

export type FcEvalRunDoc = DocOf<typeof fcEvalRuns>;
export const fcReportCollections: readonly AnyCollectionDef[] = [fcEvalRuns];
