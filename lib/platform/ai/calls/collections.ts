/**
 * Every tool call and structured-output call a model makes for us, recorded
 * for the function-calling report (model × tool: valid-call rate, schema
 * errors, wrong tools, missing arguments, latency, tokens).
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";

export const CALL_KINDS = ["tool", "structured"] as const;
export const CALL_ERROR_KINDS = ["schema", "wrong_tool", "missing_argument", "execution", "no_output"] as const;

export const functionCalls = defineCollection({
  name: "function_calls",
  schema: z.object({
    /** Which product feature asked: "video.writer", "layout.generator", "chat", "eval"… */
    feature: z.string().min(1).max(64),
    model_id: z.string().min(1).max(128),
    provider: z.string().min(1).max(64),
    kind: z.enum(CALL_KINDS),
    /** The tool's name, or the structured output's schema name. */
    name: z.string().min(1).max(128),
    /** The arguments as the model sent them (JSON text, cut at 8 KB). */
    arguments: z.string().max(8192).nullable(),
    valid: z.boolean(),
    error_kind: z.enum(CALL_ERROR_KINDS).nullable(),
    error: z.string().max(2000).nullable(),
    latency_ms: z.number().min(0),
    input_tokens: z.number().int().min(0).nullable(),
    output_tokens: z.number().int().min(0).nullable(),
    owner_id: z.string().max(128).nullable(),
    /** What the call was for (a content id, a chat id, an eval run id). */
    ref_id: z.string().max(128).nullable(),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
  indexes: [
    ["created_at desc"],
    ["model_id", "created_at desc"],
    ["feature", "created_at desc"],
    ["name", "created_at desc"],
  ],
});

export type FunctionCallDoc = DocOf<typeof functionCalls>;

export const callCollections: readonly AnyCollectionDef[] = [functionCalls];
