import "server-only";
/**
 * The writer: a brief becomes a scene plan. The model looks the library up
 * through tools (list_templates, list_layouts) and answers with structured
 * output (the plan's zod schema); the plan is then repaired into one the
 * library can render. Every tool call and the structured output are recorded
 * for the function-calling report. With no key the Local preview model runs
 * the same calls in-process (local-writer.ts).
 */
import { generateText, NoObjectGeneratedError, Output, stepCountIs, tool, type StepResult } from "ai";
import { z } from "zod";
import { toAiError } from "@/lib/platform/ai/errors";
import { findLanguageModel, getLanguageModel } from "@/lib/platform/ai/language/models";
import { callsFromSteps, recordCalls, structuredCall, type CallContext } from "@/lib/platform/ai/calls/record";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { TemplateDoc, TemplateVersionDoc } from "@/lib/engine/composition/collections";
import { currentPromptText } from "@/lib/platform/prompts/store";
import {
  LOCAL_WRITER_NOTICE,
  localWriterResponder,
  requestBlock,
  type ToolLayout,
  type ToolTemplate,
  type WriterRequest,
} from "./local-writer";
import { planSchema, repairPlan, sceneCountFor, narrationWordBudget, type Plan } from "./plan";
import { languageInstruction, planLanguageMismatch } from "./plan-language";

export const WRITER_FEATURE = "video.writer";

export interface WriterLibrary {
  templates: (TemplateDoc & { id: string; version: TemplateVersionDoc })[];
}

export interface WritePlanInput {
  db: Db;
  library: WriterLibrary;
  request: WriterRequest;
  modelId: string;
  ownerId: string;
  refId: string | null;
  abortSignal?: AbortSignal;
  /** The system prompt to use instead of the current stored version (prompt testing runs a chosen version). */
  system?: string;
  /** Who the recorded calls are for; defaults to the writer itself. */
  feature?: string;
}

export interface WritePlanResult {
  plan: Plan;
  repairs: string[];
  modelLabel: string;
  preview: boolean;
  notice: string | null;
  /** The plan as the model answered it, before repair. */
  raw: Plan;
  usage: { inputTokens: number | null; outputTokens: number | null };
}

/** The writer's prompt in code: version 1 of "video.writer" in the prompt store, and the fallback when the store has none. */
export const WRITER_SYSTEM_PROMPT = [
  "You write short promotional and explainer videos as a scene plan.",
  "First call list_templates, pick the template that suits the brief (or the one the request names), then call list_layouts for it.",
  "Then answer with the plan: a title, the template id, and scenes in order. Each scene uses one of that template's layouts;",
  "fill the layout's text slots by id, keeping each within its max_chars; write the narration the voice reads (one or two short sentences);",
  "give an image_prompt (a concrete photograph description) only when the layout has an image slot,",
  'and with it a visual_query: two to five plain words naming what the picture shows, taken from what the scene says, for searching stock photos and clips ("barista pouring latte"); null without an image slot.',
  "Open with a title or statement scene and close with the end card. Use only facts from the brief; never invent prices or numbers.",
  "Write copy, not a transcript of the brief: a hook, the benefits and their proof, the offer, then a call to action.",
  'The request is not the subject: words such as "a 20-second upbeat ad for", "Instagram reel for" or "make a video explaining" never appear on screen or in the title.',
  'Every on-screen text is a short, whole phrase that fits its slot; never a sentence cut at the limit, never ending on a word like "a", "for", "the", "and", "of", "to" or "with". If a phrase is too long, rewrite it shorter or pick a layout whose slots fit.',
  "Each scene says something new: no headline is used twice.",
  'Keep facts exactly as the brief writes them: numbers with their units ("24 hours", not "24"), prices, discount codes, dates, times and names.',
  "Narration is whole, natural sentences a listener can follow, within the word budget, so the video keeps the length asked for.",
  "The title is the product's or offer's name, optionally with its main benefit (\"Steel Water Bottle — Cold for 24 Hours\"), never the brief's first words.",
  "When the brief is not in English, keep its language and its own words; add no English.",
].join(" ");

function toolTemplates(library: WriterLibrary): ToolTemplate[] {
  return library.templates.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    mood: t.version.music.mood,
    layout_ids: t.version.layouts.map((l) => l.id),
  }));
}

function toolLayouts(library: WriterLibrary, templateId: string): ToolLayout[] {
  const t = library.templates.find((x) => x.id === templateId);
  if (!t) throw new Error(`There is no template "${templateId}". Call list_templates for the ids.`);
  return t.version.layouts.map((l) => ({
    id: l.id,
    name: l.name,
    slots: l.slots
      .filter((s) => s.kind === "text" || s.kind === "image")
      .map((s) => ({ id: s.id, kind: s.kind, role: s.role, max_chars: s.fit.maxChars, required: s.required })),
  }));
}

export async function writePlan(input: WritePlanInput): Promise<WritePlanResult> {
  const entry = findLanguageModel(input.modelId);
  const model = getLanguageModel(input.modelId, { local: localWriterResponder });
  const system = input.system ?? (await currentPromptText(input.db, WRITER_FEATURE)) ?? WRITER_SYSTEM_PROMPT;
  const ctx: CallContext = {
    feature: input.feature ?? WRITER_FEATURE,
    modelId: entry.id,
    provider: entry.provider,
    ownerId: input.ownerId,
    refId: input.refId,
  };
  const tools = {
    list_templates: tool({
      description: "The templates (looks) a video can use, with their mood and layout ids.",
      inputSchema: z.object({}),
      execute: async () => toolTemplates(input.library),
    }),
    list_layouts: tool({
      description: "The layouts of one template, with their text and image slots and each text slot's max_chars.",
      inputSchema: z.object({ template_id: z.string() }),
      execute: async ({ template_id }) => toolLayouts(input.library, template_id),
    }),
  };
  const prompt = [
    `Brief: ${input.request.brief}`,
    `Length: about ${input.request.length_s} seconds, ${sceneCountFor(input.request.length_s)} scenes, at most ${narrationWordBudget(input.request.length_s)} words of narration in all.`,
    `Aspect ratio: ${input.request.aspect_ratio}.`,
    input.request.template_id
      ? `Template: use ${input.request.template_id}.`
      : "Template: choose the one that suits the brief.",
    input.request.product ? `Product: ${JSON.stringify(input.request.product)}` : "",
    input.request.product
      ? `Use the product's exact name "${input.request.product.name}" in the title and in the opening scene's headline.`
      : "",
    languageInstruction(input.request.language),
    requestBlock(input.request),
  ]
    .filter(Boolean)
    .join("\n");

  const latencies: number[] = [];
  let stepStart = Date.now();
  const started = Date.now();
  let steps: readonly StepResult<typeof tools>[] = [];
  let raw: Plan | undefined;
  let failure: unknown = null;
  let correction = "";
  // A plan in another language than the brief's is asked for again once, saying so (providers only: the Local preview keeps the brief's words).
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const result = await generateText({
        model,
        system,
        prompt: prompt + correction,
        tools,
        output: Output.object({ schema: planSchema, name: "video_plan" }),
        stopWhen: stepCountIs(5),
        maxRetries: 1,
        abortSignal: input.abortSignal,
        onStepFinish: () => {
          latencies.push(Date.now() - stepStart);
          stepStart = Date.now();
        },
      });
      steps = [...steps, ...result.steps];
      raw = result.output;
    } catch (error) {
      failure = error;
      if (NoObjectGeneratedError.isInstance(error)) {
        // Salvage what parses: the repair step below can often make it valid.
        try {
          raw = planSchema.parse(JSON.parse(error.text ?? ""));
          failure = null;
        } catch {
          /* recorded below */
        }
      }
    }
    const mismatch = raw && entry.provider !== "local" ? planLanguageMismatch(raw, input.request.language) : null;
    if (!mismatch || attempt > 0) break;
    correction = `\n${mismatch} Write the whole plan again in that language.`;
  }
  const records = callsFromSteps(ctx, steps, latencies);
  const last = steps[steps.length - 1];
  records.push(
    structuredCall(ctx, {
      schemaName: "video_plan",
      output: raw,
      error: failure,
      latencyMs: Date.now() - started,
      inputTokens: last?.usage.inputTokens ?? null,
      outputTokens: last?.usage.outputTokens ?? null,
    }),
  );
  await recordCalls(input.db, records);
  if (!raw) {
    if (NoObjectGeneratedError.isInstance(failure) || failure === null) {
      throw new ApiError(
        "service_unavailable",
        `${entry.label} did not return a usable plan. Try again, or pick another model.`,
      );
    }
    const ai = toAiError(failure, entry.label);
    throw new ApiError(
      ai.code === "content_policy" || ai.code === "bad_request" ? "unprocessable_entity" : "service_unavailable",
      ai.message,
      { cause: failure },
    );
  }
  if (raw.scenes.length === 0)
    throw new ApiError(
      "unprocessable_entity",
      "The writer could not make scenes from this brief. Add a sentence or two about what the video should say.",
    );
  const library = {
    templates: input.library.templates.map((t) => ({ id: t.id, layoutIds: t.version.layouts.map((l) => l.id) })),
    layouts: new Map(input.library.templates.flatMap((t) => t.version.layouts.map((l) => [l.id, l] as const))),
  };
  const offLanguage = entry.provider === "local" ? null : planLanguageMismatch(raw, input.request.language);
  const { plan, repairs } = repairPlan({
    plan: raw,
    library,
    templateId: input.request.template_id,
    lengthS: input.request.length_s,
  });
  if (offLanguage) repairs.push(offLanguage);
  const preview = entry.provider === "local";
  const usage = steps.reduce(
    (u, st) => ({
      inputTokens: (u.inputTokens ?? 0) + (st.usage.inputTokens ?? 0),
      outputTokens: (u.outputTokens ?? 0) + (st.usage.outputTokens ?? 0),
    }),
    { inputTokens: steps.length ? 0 : null, outputTokens: steps.length ? 0 : null } as WritePlanResult["usage"],
  );
  return { plan, repairs, modelLabel: entry.label, preview, notice: preview ? LOCAL_WRITER_NOTICE : null, raw, usage };
}
