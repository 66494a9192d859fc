import "server-only";
/**
 * Runs the evaluation suite against one model: each case offers its
 * functions (the chat's tools, without executing them) and one step of the
 * model; the calls are scored by AST matching (eval-score.ts), recorded in
 * `function_calls` with feature "eval" (marked invalid where the scorer says
 * so), and the run document follows case by case so a reload shows progress.
 */
import { generateText, tool, type ToolSet } from "ai";
import type { z } from "zod";
import { callsFromSteps, recordCalls, type CallContext } from "@/lib/platform/ai/calls/record";
import { findLanguageModel } from "@/lib/platform/ai/language/models";
import type { Db } from "@/lib/platform/db/db";
import { chatModel } from "@/lib/operations/chat/service";
import { CHAT_TOOL_SPECS } from "@/lib/operations/chat/tool-schemas";
import { fcEvalRuns, type FcEvalRunDoc } from "./collections";
import { EVAL_CATEGORIES } from "./contract";
import { EVAL_CASES, type EvalCase } from "./eval-cases";
import { scoreCase, type ModelCall } from "./eval-score";

export const EVAL_FEATURE = "eval";
export const EVAL_JOB_TYPE = "fc.eval";

const SYSTEM =
  "You call functions for Promptframe's staff. Call a function only when one fits the request; call several when the request asks for several things; otherwise answer in words.";

function toolsFor(c: EvalCase): ToolSet {
  return Object.fromEntries(
    c.functions.map((name) => [
      name,
      tool({
        description: CHAT_TOOL_SPECS[name].description,
        inputSchema: CHAT_TOOL_SPECS[name].inputSchema as z.ZodType<Record<string, unknown>>,
      }),
    ]),
  );
}

export async function runEvalCase(a: {
  db: Db;
  modelId: string;
  runId: string;
  ownerId: string;
  c: EvalCase;
  abortSignal?: AbortSignal;
}): Promise<FcEvalRunDoc["cases"][number]> {
  const { entry, model } = chatModel({ db: a.db }, a.modelId);
  const ctx: CallContext = {
    feature: EVAL_FEATURE,
    modelId: entry.id,
    provider: entry.provider,
    ownerId: a.ownerId,
    refId: a.runId,
  };
  const started = Date.now();
  let calls: ModelCall[] = [];
  let records: ReturnType<typeof callsFromSteps> = [];
  let failure: string | null = null;
  try {
    const result = await generateText({
      model,
      system: SYSTEM,
      prompt: a.c.prompt,
      tools: toolsFor(a.c),
      maxRetries: 1,
      abortSignal: a.abortSignal,
    });
    const latency = Date.now() - started;
    records = callsFromSteps(ctx, result.steps, [latency]);
    calls = result.steps.flatMap((s) =>
      s.content.flatMap((p) => (p.type === "tool-call" ? [{ name: p.toolName, input: p.input }] : [])),
    );
  } catch (e) {
    failure = (e as Error).message?.slice(0, 500) || "The model call failed.";
  }
  const latency = Date.now() - started;
  const score = failure
    ? { pass: false, error_kind: "execution", detail: failure, perCall: [] }
    : scoreCase(a.c, calls);
  // The scorer's verdict on each call marks its record (an SDK-invalid call stays invalid with its own reason).
  score.perCall.forEach((v, i) => {
    const r = records[i];
    if (!r || !r.valid || v.valid) return;
    r.valid = false;
    r.error_kind = v.error_kind;
    r.error = v.error;
  });
  await recordCalls(a.db, records);
  return {
    id: a.c.id,
    category: a.c.category,
    prompt: a.c.prompt,
    pass: score.pass,
    error_kind: score.error_kind,
    detail: score.detail?.slice(0, 1000) ?? null,
    calls: JSON.stringify(calls).slice(0, 4000),
    latency_ms: latency,
  };
}

export function summarise(cases: FcEvalRunDoc["cases"]): Pick<FcEvalRunDoc, "accuracy" | "by_category"> {
  const by_category = Object.fromEntries(EVAL_CATEGORIES.map((cat) => [cat, { cases: 0, passed: 0 }]));
  for (const c of cases) {
    by_category[c.category]!.cases++;
    if (c.pass) by_category[c.category]!.passed++;
  }
  // BFCL's overall figure: the unweighted mean of the categories' accuracies.
  const accs = Object.values(by_category)
    .filter((b) => b.cases > 0)
    .map((b) => b.passed / b.cases);
  return { by_category, accuracy: accs.length ? accs.reduce((x, y) => x + y, 0) / accs.length : null };
}

/** Runs every case of the suite for the run document `runId`, saving after each case. */
export async function runEval(a: {
  db: Db;
  runId: string;
  onProgress?: (p: number) => Promise<void>;
  abortSignal?: AbortSignal;
  cases?: readonly EvalCase[];
}): Promise<void> {
  const ref = a.db.collection(fcEvalRuns).doc(a.runId);
  const snap = await ref.get();
  if (!snap) return;
  const suite = a.cases ?? EVAL_CASES;
  const done: FcEvalRunDoc["cases"] = [];
  await ref.update({ state: "running", progress: 0, cases: [], error: null, updated_at: new Date().toISOString() });
  for (const [i, c] of suite.entries()) {
    done.push(
      await runEvalCase({
        db: a.db,
        modelId: snap.data.model_id,
        runId: a.runId,
        ownerId: snap.data.owner_id,
        c,
        abortSignal: a.abortSignal,
      }),
    );
    const progress = (i + 1) / suite.length;
    await ref.update({ progress, cases: [...done], ...summarise(done), updated_at: new Date().toISOString() });
    await a.onProgress?.(progress);
  }
  const at = new Date().toISOString();
  await ref.update({ state: "succeeded", progress: 1, ...summarise(done), updated_at: at, finished_at: at });
}

export function modelLabel(modelId: string): string {
  return findLanguageModel(modelId).label;
}
