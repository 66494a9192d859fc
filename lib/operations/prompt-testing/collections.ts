/**
 * Prompt testing's collections: suites of cases, and runs whose cells hold
 * each model answer and its assertion results. The prompts themselves and
 * their immutable versions are the product's data (lib/platform/prompts).
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { assertionSchema, caseSchema, cellSchema, PROMPT_KEY, RUN_STATES } from "./contract";

export const promptSuites = defineCollection({
  name: "prompt_suites",
  schema: z.object({
    name: z.string().min(1).max(120),
    description: z.string().max(1000),
    prompt_id: z.string().regex(PROMPT_KEY),
    cases: z.array(caseSchema.extend({ assertions: z.array(assertionSchema).max(20) })).max(30),
    revision: z.number().int().min(0),
    demo: z.boolean().default(false),
    created_by: z.string().min(1).max(128),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [["created_at desc"]],
});

export const promptRuns = defineCollection({
  name: "prompt_runs",
  schema: z.object({
    suite_id: z.string().min(1).max(128),
    suite_name: z.string().max(120),
    prompt_id: z.string().regex(PROMPT_KEY),
    versions: z.array(z.number().int().min(1)).min(1).max(6),
    models: z.array(z.string().min(1).max(128)).min(1).max(4),
    /** The suite's cases as they were when the run started (a later edit does not change a run). */
    cases: z.array(caseSchema.extend({ assertions: z.array(assertionSchema).max(20) })).max(30),
    /** The version texts as they were run. */
    texts: z.record(z.string(), z.string().max(20_000)),
    state: z.enum(RUN_STATES),
    error: z.string().max(2000).nullable(),
    total: z.number().int().min(0),
    cells: z.array(cellSchema).max(60),
    job_id: z.string().max(128).nullable(),
    demo: z.boolean().default(false),
    created_by: z.string().min(1).max(128),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
    finished_at: isoTimestamp().nullable(),
  }),
  timestamps: ["created_at", "updated_at", "finished_at"],
  indexes: [["created_at desc"], ["suite_id", "created_at desc"]],
});

export type PromptSuiteDoc = DocOf<typeof promptSuites>;
export type PromptRunDoc = DocOf<typeof promptRuns>;

export const promptCollections: readonly AnyCollectionDef[] = [promptSuites, promptRuns];
