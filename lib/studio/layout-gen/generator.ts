import "server-only";
/**
 * The layout generator: a brief becomes `count` candidate layouts, one
 * structured-output call per candidate (AI SDK `generateText` with
 * `Output.object` over the layout zod schema), run side by side. Each call is
 * recorded for the function-calling report (feature "layout.generator":
 * valid or not, latency, tokens); each answer then goes through the repair
 * step, so a candidate is either a usable layout (with what was repaired) or
 * a reason it was refused. With no key the Local preview model answers
 * in-process (local-layouts.ts).
 */
import { generateText, NoObjectGeneratedError, Output } from "ai";
import { toAiError } from "@/lib/platform/ai/errors";
import { recordCalls, structuredCall, type CallContext } from "@/lib/platform/ai/calls/record";
import type { LocalResponder } from "@/lib/platform/ai/language/local-language-model";
import { findLanguageModel, getLanguageModel, type LanguageModelEntry } from "@/lib/platform/ai/language/models";
import { ApiError } from "@/lib/platform/api/errors";
import { layoutBodySchema, SLOT_KINDS, SLOT_ROLES, type LayoutBody } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import type { Db } from "@/lib/platform/db/db";
import { layoutRequestBlock, localLayoutResponder } from "./local-layouts";
import { repairLayout } from "./repair";
import { currentPromptText } from "@/lib/platform/prompts/store";

export const LAYOUT_GENERATOR_FEATURE = "layout.generator";
export const LAYOUT_SCHEMA_NAME = "layout";

/** Version 1 of the `layout.generator` prompt (prompt testing seeds it; the current stored version wins). */
export const LAYOUT_GENERATOR_SYSTEM_PROMPT = [
  "You design layouts for short social videos and still designs: one scene's arrangement of named slots.",
  `Answer with one layout: a name, a one-sentence description, slots and, for each of the aspect ratios ${COMPOSITION_RATIOS.join(", ")}, a box per slot id.`,
  `Each slot has an id (a lowercase slug), a kind (${SLOT_KINDS.join(", ")}), a role (${SLOT_ROLES.join(", ")}), a label, fit rules (maxChars, minFontPx <= maxFontPx in px on a canvas whose short side is 1080, lineHeight, align, weight, uppercase, objectFit, valign), z (stacking), enter/exit animations or null, a tone and a surface.`,
  "Boxes are fractions of the canvas (x, y, w, h in 0..1); keep every text, logo and shape box on the canvas, never overlap two text boxes, and make text boxes tall enough for one line of their smallest text.",
  "Give each slot the brief asks for (a price badge is a price text slot with an accent surface; a list is one bullets slot with one point per line; a logo is a logo slot placed where the brief says).",
].join(" ");

export type CandidateResult =
  | { index: number; ok: true; layout: LayoutBody; repairs: string[] }
  | { index: number; ok: false; reason: string; repairs: string[] };

export interface GenerateInput {
  db: Db;
  brief: string;
  count: number;
  modelId: string;
  ownerId: string;
  batchId: string;
  /** Overrides the Local preview responder (tests feed it broken answers). */
  local?: LocalResponder;
  env?: Record<string, string | undefined>;
  abortSignal?: AbortSignal;
}

/** The user message for candidate `index` of `count` (with the request block the Local preview reads). */
export function layoutPromptFor(brief: string, index = 0, count = 1): string {
  return [
    `Brief: ${brief}`,
    count > 1
      ? `This is candidate ${index + 1} of ${count}: arrange it differently from the others (picture beside, above or behind the text; text left-aligned or centred; mirrored).`
      : "",
    layoutRequestBlock({ brief, variant: index, count }),
  ]
    .filter(Boolean)
    .join("\n");
}

function parseMaybe(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function generateLayoutCandidates(
  input: GenerateInput,
): Promise<{ entry: LanguageModelEntry; results: CandidateResult[] }> {
  const entry = findLanguageModel(input.modelId);
  const model = getLanguageModel(input.modelId, { local: input.local ?? localLayoutResponder, env: input.env });
  const ctx: CallContext = {
    feature: LAYOUT_GENERATOR_FEATURE,
    modelId: entry.id,
    provider: entry.provider,
    ownerId: input.ownerId,
    refId: input.batchId,
  };
  const system = (await currentPromptText(input.db, LAYOUT_GENERATOR_FEATURE)) ?? LAYOUT_GENERATOR_SYSTEM_PROMPT;
  const calls = Array.from({ length: input.count }, async (_, index) => {
    const started = Date.now();
    let output: LayoutBody | undefined;
    let raw: unknown;
    let failure: unknown = null;
    let usage: { inputTokens?: number; outputTokens?: number } | undefined;
    try {
      const result = await generateText({
        model,
        system,
        prompt: layoutPromptFor(input.brief, index, input.count),
        output: Output.object({ schema: layoutBodySchema, name: LAYOUT_SCHEMA_NAME }),
        maxRetries: 1,
        abortSignal: input.abortSignal,
      });
      output = result.output;
      raw = output;
      usage = result.usage;
    } catch (error) {
      failure = error;
      if (NoObjectGeneratedError.isInstance(error)) {
        raw = parseMaybe(error.text);
        usage = error.usage;
      }
    }
    const record = structuredCall(ctx, {
      schemaName: LAYOUT_SCHEMA_NAME,
      output: raw,
      error: failure,
      latencyMs: Date.now() - started,
      inputTokens: usage?.inputTokens ?? null,
      outputTokens: usage?.outputTokens ?? null,
    });
    return { index, raw, failure, record };
  });
  const answers = await Promise.all(calls);
  await recordCalls(
    input.db,
    answers.map((a) => a.record),
  );

  // A provider that failed every call (no key, quota, outage) is the request's failure, not the candidates'.
  const hard = answers.filter((a) => a.failure !== null && !NoObjectGeneratedError.isInstance(a.failure));
  if (hard.length === answers.length) {
    const ai = toAiError(hard[0]!.failure, entry.label);
    throw new ApiError(
      ai.code === "content_policy" || ai.code === "bad_request" ? "unprocessable_entity" : "service_unavailable",
      ai.message,
      { cause: hard[0]!.failure },
    );
  }
  const results = answers.map((a): CandidateResult => {
    if (a.raw === undefined) {
      const message = a.failure instanceof Error ? a.failure.message : "no answer";
      return {
        index: a.index,
        ok: false,
        reason: `${entry.label} did not return a layout (${message.slice(0, 200)}).`,
        repairs: [],
      };
    }
    const repaired = repairLayout(a.raw);
    return repaired.ok
      ? { index: a.index, ok: true, layout: repaired.layout, repairs: repaired.repairs }
      : { index: a.index, ok: false, reason: repaired.reason, repairs: repaired.repairs };
  });
  return { entry, results };
}
