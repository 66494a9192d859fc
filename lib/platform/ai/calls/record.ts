import "server-only";
/**
 * Turns an AI SDK `generateText` run into function-call records: one per tool
 * call (valid, or why not) and one for the structured output, with each
 * step's latency and tokens. Recording never fails the caller's work.
 */
import type { StepResult, ToolSet } from "ai";
import type { Db } from "@/lib/platform/db/db";
import { functionCalls, type FunctionCallDoc } from "./collections";

export interface CallContext {
  feature: string;
  modelId: string;
  provider: string;
  ownerId: string | null;
  refId: string | null;
}

type Record_ = Omit<FunctionCallDoc, "created_at">;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const json = (v: unknown) => cut(typeof v === "string" ? v : JSON.stringify(v ?? null), 8192);

function errorKind(error: unknown): FunctionCallDoc["error_kind"] {
  const name = (error as { name?: string } | null)?.name ?? "";
  if (name.includes("NoSuchTool")) return "wrong_tool";
  if (name.includes("InvalidToolInput")) {
    const text = String((error as Error).message ?? "");
    return /required|missing/i.test(text) ? "missing_argument" : "schema";
  }
  return "execution";
}

/** Records from the steps of one run; `latencies[i]` is step i's duration in ms. */
export function callsFromSteps<T extends ToolSet>(
  ctx: CallContext,
  steps: readonly StepResult<T>[],
  latencies: readonly number[],
): Record_[] {
  const out: Record_[] = [];
  steps.forEach((step, i) => {
    const base = {
      feature: ctx.feature,
      model_id: ctx.modelId,
      provider: ctx.provider,
      kind: "tool" as const,
      latency_ms: Math.round(latencies[i] ?? 0),
      input_tokens: step.usage.inputTokens ?? null,
      output_tokens: step.usage.outputTokens ?? null,
      owner_id: ctx.ownerId,
      ref_id: ctx.refId,
    };
    for (const part of step.content) {
      if (part.type === "tool-call") {
        out.push({
          ...base,
          name: cut(part.toolName, 128),
          arguments: json(part.input),
          valid: !part.invalid,
          error_kind: part.invalid ? errorKind(part.error) : null,
          error: part.invalid ? cut(String((part.error as Error)?.message ?? part.error), 2000) : null,
        });
      } else if (part.type === "tool-error") {
        const already = out.find((r) => r.name === part.toolName && r.arguments === json(part.input) && r.valid);
        if (already) {
          already.valid = false;
          already.error_kind = "execution";
          already.error = cut(String((part.error as Error)?.message ?? part.error), 2000);
        }
      }
    }
  });
  return out;
}

export function structuredCall(
  ctx: CallContext,
  a: {
    schemaName: string;
    output: unknown;
    error: unknown | null;
    latencyMs: number;
    inputTokens?: number | null;
    outputTokens?: number | null;
  },
): Record_ {
  return {
    feature: ctx.feature,
    model_id: ctx.modelId,
    provider: ctx.provider,
    kind: "structured",
    name: a.schemaName,
    arguments: a.output === undefined ? null : json(a.output),
    valid: a.error === null,
    error_kind: a.error === null ? null : a.output === undefined ? "no_output" : "schema",
    error: a.error === null ? null : cut(String((a.error as Error)?.message ?? a.error), 2000),
    latency_ms: Math.round(a.latencyMs),
    input_tokens: a.inputTokens ?? null,
    output_tokens: a.outputTokens ?? null,
    owner_id: ctx.ownerId,
    ref_id: ctx.refId,
  };
}

export async function recordCalls(db: Db, records: readonly Record_[], now = new Date()): Promise<void> {
  if (records.length === 0) return;
  try {
    const batch = db.batch();
    for (const r of records.slice(0, 400))
      batch.create(db.collection(functionCalls).doc(), { ...r, created_at: now.toISOString() });
    await batch.commit();
  } catch (error) {
    console.error("[ai] could not record function calls", error);
  }
}
