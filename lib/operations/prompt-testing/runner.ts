import "server-only";
/**
 * Runs one cell of a prompt-testing run: a prompt version's text (variables
 * filled from the case), one model, one case. The video writer runs through
 * its real code (writePlan with the version as its system prompt, tools and
 * all); the other prompts through one generateText call with their output
 * schema, and the generic Local preview responder when no key is set. Calls
 * are recorded for the function-calling report under feature "eval.prompts".
 */
import { generateText, NoObjectGeneratedError, Output } from "ai";
import { findLanguageModel, getLanguageModel } from "@/lib/platform/ai/language/models";
import { recordCalls, structuredCall, type CallContext } from "@/lib/platform/ai/calls/record";
import type { Db } from "@/lib/platform/db/db";
import { writePlan, type WriterLibrary } from "@/lib/creation/video/writer";
import { evaluateCell, type RubricGrader } from "./assertions";
import { PROMPT_TASKS, renderTemplate, type CellResult, type PromptKey, type SuiteCase } from "./contract";
import { genericLocalResponder } from "./local-responder";
import { layoutPromptFor } from "@/lib/studio/layout-gen/generator";
import { localLayoutResponder } from "@/lib/studio/layout-gen/local-layouts";
import { costOf } from "./pricing";
import { OUTPUT_SCHEMAS } from "./schemas";

export const EVAL_FEATURE = "eval.prompts";
const MAX_OUTPUT = 6000;

export interface RunnerDeps {
  db: Db;
  /** The live template library, for the writer's tools. */
  loadWriterLibrary: () => Promise<WriterLibrary>;
  /** Grades rubric assertions; null when no provider is keyed (they are then reported as not run). */
  grader: RubricGrader | null;
  /** Measures time; tests may pin it. */
  clock?: () => number;
}

export interface CellSpec {
  runId: string;
  promptId: PromptKey;
  version: number;
  text: string;
  testCase: SuiteCase;
  modelId: string;
  /** Aborts the model call when the run's attempt is ended (lib/platform/jobs/queue.ts holdJob). */
  abortSignal?: AbortSignal;
}

interface Answer {
  output: string | null;
  error: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const messageOf = (e: unknown) => cut(String((e as Error)?.message ?? e), 1000);

async function runWriter(deps: RunnerDeps, spec: CellSpec, system: string): Promise<Answer> {
  const v = spec.testCase.vars;
  const length = Number(v.length_s ?? 15);
  const written = await writePlan({
    db: deps.db,
    library: await deps.loadWriterLibrary(),
    request: {
      brief: v.brief!,
      length_s: Number.isFinite(length) && length > 0 ? length : 15,
      aspect_ratio: v.aspect_ratio ?? "9:16",
      template_id: v.template_id || null,
    },
    modelId: spec.modelId,
    ownerId: "system",
    refId: spec.runId,
    system,
    feature: EVAL_FEATURE,
  });
  return {
    output: JSON.stringify(written.raw),
    error: null,
    inputTokens: written.usage.inputTokens,
    outputTokens: written.usage.outputTokens,
  };
}

async function runGeneric(deps: RunnerDeps, spec: CellSpec, system: string): Promise<Answer> {
  const entry = findLanguageModel(spec.modelId);
  // The layout generator runs as /layout-gen runs it: its user message and its own Local preview stand-in.
  const layout = spec.promptId === "layout.generator";
  const model = getLanguageModel(spec.modelId, { local: layout ? localLayoutResponder : genericLocalResponder });
  const prompt = layout ? layoutPromptFor(spec.testCase.vars.brief ?? "") : spec.testCase.vars.input!;
  const schemaName = PROMPT_TASKS[spec.promptId].schema;
  const schema = schemaName ? OUTPUT_SCHEMAS[schemaName] : undefined;
  const ctx: CallContext = {
    feature: EVAL_FEATURE,
    modelId: entry.id,
    provider: entry.provider,
    ownerId: null,
    refId: spec.runId,
  };
  const started = Date.now();
  try {
    if (!schema) {
      const r = await generateText({ model, system, prompt, maxRetries: 1, abortSignal: spec.abortSignal });
      return {
        output: r.text,
        error: null,
        inputTokens: r.usage.inputTokens ?? null,
        outputTokens: r.usage.outputTokens ?? null,
      };
    }
    const r = await generateText({
      model,
      system,
      prompt,
      output: Output.object({ schema, name: schemaName! }),
      maxRetries: 1,
      abortSignal: spec.abortSignal,
    });
    await recordCalls(deps.db, [
      structuredCall(ctx, {
        schemaName: schemaName!,
        output: r.output,
        error: null,
        latencyMs: Date.now() - started,
        inputTokens: r.usage.inputTokens,
        outputTokens: r.usage.outputTokens,
      }),
    ]);
    return {
      output: JSON.stringify(r.output),
      error: null,
      inputTokens: r.usage.inputTokens ?? null,
      outputTokens: r.usage.outputTokens ?? null,
    };
  } catch (error) {
    if (schema && NoObjectGeneratedError.isInstance(error)) {
      // The model answered, but not in the schema: the answer is still the cell's output, so the schema assertion can say why.
      await recordCalls(deps.db, [
        structuredCall(ctx, {
          schemaName: schemaName!,
          output: error.text ?? undefined,
          error,
          latencyMs: Date.now() - started,
          inputTokens: error.usage?.inputTokens,
          outputTokens: error.usage?.outputTokens,
        }),
      ]);
      return {
        output: error.text ?? null,
        error: error.text ? null : messageOf(error),
        inputTokens: error.usage?.inputTokens ?? null,
        outputTokens: error.usage?.outputTokens ?? null,
      };
    }
    throw error;
  }
}

/** The cell's result: the answer (or why there is none), what it cost and took, and every assertion's verdict. */
export async function runCell(deps: RunnerDeps, spec: CellSpec): Promise<CellResult> {
  const clock = deps.clock ?? (() => performance.now());
  const { text: system, missing } = renderTemplate(spec.text, spec.testCase.vars);
  let answer: Answer;
  const started = clock();
  if (missing.length > 0) {
    answer = {
      output: null,
      error: `The case does not give the prompt's variable${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
      inputTokens: null,
      outputTokens: null,
    };
  } else {
    try {
      answer =
        spec.promptId === "video.writer" ? await runWriter(deps, spec, system) : await runGeneric(deps, spec, system);
    } catch (error) {
      answer = { output: null, error: messageOf(error), inputTokens: null, outputTokens: null };
    }
  }
  const latency = Math.max(0, clock() - started);
  const cost = costOf(spec.modelId, { input: answer.inputTokens, output: answer.outputTokens });
  const output = answer.output === null ? null : cut(answer.output, MAX_OUTPUT);
  const { passed, results } = await evaluateCell(
    spec.testCase.assertions,
    { output: answer.output, latencyMs: latency, costUsd: cost, schemaName: PROMPT_TASKS[spec.promptId].schema },
    deps.grader,
  );
  return {
    case_id: spec.testCase.id,
    version: spec.version,
    model_id: spec.modelId,
    passed: passed && answer.error === null,
    output,
    error: answer.error,
    latency_ms: Math.round(latency),
    input_tokens: answer.inputTokens,
    output_tokens: answer.outputTokens,
    cost_usd: cost,
    assertions: results,
  };
}
