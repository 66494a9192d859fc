/**
 * The function-calling report's wire contract (browser-safe): the report by
 * model × tool, failing examples, and the BFCL-style evaluation runs.
 */
import { z } from "zod";

export const RANGES = { "24h": 1, "7d": 7, "30d": 30, "90d": 90 } as const;
export type RangeKey = keyof typeof RANGES;
export const rangeSchema = z.enum(Object.keys(RANGES) as [RangeKey, ...RangeKey[]]).default("7d");

export const reportQuerySchema = z.object({ range: rangeSchema, feature: z.string().max(64).optional() });
export const examplesQuerySchema = z.object({
  range: rangeSchema,
  model_id: z.string().min(1).max(128),
  name: z.string().min(1).max(128),
  kind: z.enum(["tool", "structured"]).optional(),
});
export const startEvalSchema = z.object({ model_id: z.string().min(1).max(128) });

export interface ReportRow {
  model_id: string;
  kind: "tool" | "structured";
  name: string;
  features: string[];
  calls: number;
  valid: number;
  valid_rate: number;
  schema_errors: number;
  schema_error_rate: number;
  wrong_tool: number;
  missing_argument: number;
  execution_errors: number;
  latency_p50: number | null;
  latency_p95: number | null;
  input_tokens: number;
  output_tokens: number;
}

export interface TrendDay {
  day: string;
  calls: number;
  valid: number;
}

export interface ReportView {
  range: RangeKey;
  from: string;
  to: string;
  total: number;
  valid_rate: number | null;
  rows: ReportRow[];
  days: TrendDay[];
  features: string[];
  /** True when the range held more records than one report reads (the figures are of the newest). */
  capped: boolean;
}

export interface ExampleView {
  id: string;
  feature: string;
  arguments: string | null;
  error_kind: string | null;
  error: string | null;
  latency_ms: number;
  ref_id: string | null;
  created_at: string;
}

export const EVAL_CATEGORIES = ["simple", "multiple", "parallel", "irrelevance"] as const;
export type EvalCategory = (typeof EVAL_CATEGORIES)[number];

export interface EvalCaseResultView {
  id: string;
  category: EvalCategory;
  prompt: string;
  pass: boolean;
  error_kind: string | null;
  detail: string | null;
  calls: string;
  latency_ms: number;
}

export interface EvalRunView {
  id: string;
  model_id: string;
  model_label: string;
  state: "queued" | "running" | "succeeded" | "failed";
  progress: number;
  error: string | null;
  accuracy: number | null;
  by_category: Record<string, { cases: number; passed: number }>;
  cases: EvalCaseResultView[];
  created_at: string;
  finished_at: string | null;
}
