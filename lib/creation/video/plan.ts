/**
 * The writer's output: a scene plan (zod, the schema the model fills through
 * structured output) and `repairPlan`, which turns any parsed plan into one
 * the library can render: known template and layouts, text shortened to each
 * slot's budget at phrase boundaries (never mid-phrase: no trailing "for",
 * no number cut from its unit), narration kept to whole sentences, required
 * text present, no headline repeated, a scene count that suits the length.
 * Browser-safe.
 */
import { z } from "zod";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import { trimToChars } from "@/lib/engine/composition/starter/samples";
import { endsMidPhrase, fitPhrase, shortenNarration, trimDangling } from "./brief/phrases";
import { visualQueryFrom } from "./brief/visual-query";

export const MAX_PLAN_SCENES = 12;

export const planSceneSchema = z.object({
  layout_id: z.string().describe("One of the chosen template's layout ids (from list_layouts)."),
  texts: z
    .array(z.object({ slot: z.string().describe("A text slot id of the layout."), text: z.string() }))
    .describe("On-screen text per text slot of the layout; keep within each slot's max_chars."),
  narration: z.string().describe("What the voice says during this scene: one or two short sentences."),
  image_prompt: z
    .string()
    .nullable()
    .describe("A picture to generate for the layout's image slot, or null when it has none."),
  /**
   * Two to five words to search stock photos and clips with (what the picture shows), or null without a picture.
   * Required in the JSON schema (providers' strict mode) yet read leniently: plans written before it existed lack it.
   */
  visual_query: z.preprocess(
    (v) => (typeof v === "string" ? v : null),
    z
      .string()
      .nullable()
      .describe(
        'Two to five plain words for searching stock photos and video clips of what this scene shows (e.g. "runner tying shoes"), or null when the layout has no image slot.',
      ),
  ),
});

export const planSchema = z.object({
  title: z.string().describe("The video's title, at most 80 characters."),
  template_id: z.string().describe("The template id (from list_templates)."),
  scenes: z.array(planSceneSchema).min(1).max(MAX_PLAN_SCENES),
});
/** A scene of a plan; `visual_query` may be absent in plans written before it existed. */
export type PlanScene = Omit<z.infer<typeof planSceneSchema>, "visual_query"> & { visual_query?: string | null };
export type Plan = Omit<z.infer<typeof planSchema>, "scenes"> & { scenes: PlanScene[] };

/** Scenes a video of this length should have. */
export function sceneCountFor(lengthS: number): number {
  if (lengthS <= 15) return 3;
  if (lengthS <= 30) return 5;
  return 8;
}

/** Words of narration a video of this length can hold (a calm 150 words a minute, minus breathing room). */
export function narrationWordBudget(lengthS: number): number {
  return Math.round(((lengthS * 150) / 60) * 0.85);
}

/** Words a voice reads per second at the pace the budget assumes (150 a minute). */
export const NARRATION_WORDS_PER_SECOND = 150 / 60;

/**
 * Seconds a plan will last: each scene its share of the length (as
 * composeFromPlan gives it), or as long as its narration takes to read when
 * that is longer (the render stretches a scene to its voice-over).
 */
export function plannedSeconds(plan: Pick<Plan, "scenes">, lengthS: number): number {
  const share = Math.max(1.5, lengthS / Math.max(1, plan.scenes.length));
  return plan.scenes.reduce(
    (sum, s) => sum + Math.max(share, (s.narration.match(/\S+/g) ?? []).length / NARRATION_WORDS_PER_SECOND),
    0,
  );
}

export interface PlanLibrary {
  templates: { id: string; layoutIds: readonly string[] }[];
  layouts: ReadonlyMap<string, Pick<LayoutBody, "name" | "slots">>;
}

export interface RepairInput {
  plan: Plan;
  library: PlanLibrary;
  /** The template the user chose; wins over the model's choice. */
  templateId: string | null;
  lengthS: number;
}

const words = (s: string) => s.match(/\S+/g) ?? [];

/**
 * Text for a slot of `max` characters: as it is when it fits, else its
 * longest whole-phrase start, else the first of `others` (the narration, the
 * title) that fits whole; only when nothing does, whole words without a
 * dangling end.
 */
export function fitSlotText(text: string, max: number, others: readonly string[] = []): string {
  const own = fitPhrase(text, max);
  if (own) return own;
  for (const other of others) {
    const f = fitPhrase(other, max);
    if (f) return f;
  }
  return trimDangling(trimToChars(text, max), text) || trimToChars(text, max);
}

/** Narration of at most `max` words: whole sentences, else a whole phrase, else whole words closed with a full stop. */
export function fitNarration(text: string, max: number): string {
  const whole = shortenNarration(text, max);
  if (whole) return whole;
  const cut = trimDangling(words(text).slice(0, max).join(" "), text).replace(/[,;:]+$/, "");
  return cut ? `${cut.replace(/[.!?]+$/, "")}.` : "";
}

/** A valid plan and the list of what had to change (recorded, shown to staff). */
export function repairPlan(input: RepairInput): { plan: Plan; repairs: string[] } {
  const { library } = input;
  const repairs: string[] = [];
  const fallbackTemplate = library.templates[0];
  if (!fallbackTemplate) throw new Error("the layout library is empty");
  let template = library.templates.find((t) => t.id === (input.templateId ?? input.plan.template_id));
  if (!template) {
    repairs.push(`unknown template "${input.plan.template_id}": used ${fallbackTemplate.id}`);
    template = fallbackTemplate;
  } else if (input.templateId && input.plan.template_id !== input.templateId) {
    repairs.push(`template "${input.plan.template_id}" replaced by the chosen ${input.templateId}`);
  }
  const allowed = template.layoutIds.filter((id) => library.layouts.has(id));
  const max = Math.min(MAX_PLAN_SCENES, sceneCountFor(input.lengthS) + 2);
  let scenes = input.plan.scenes;
  if (scenes.length > max) {
    repairs.push(`${scenes.length} scenes cut to ${max}`);
    scenes = scenes.slice(0, max);
  }
  const perSceneWords = Math.max(8, Math.ceil(narrationWordBudget(input.lengthS) / Math.max(1, scenes.length)) + 8);

  const usedHeadlines = new Set<string>();
  const fixed = scenes.map((scene, i): PlanScene => {
    let layoutId = scene.layout_id;
    if (!allowed.includes(layoutId)) {
      const replacement = allowed[i % allowed.length]!;
      repairs.push(`scene ${i + 1}: layout "${layoutId}" is not in ${template.id}, used ${replacement}`);
      layoutId = replacement;
    }
    const layout = library.layouts.get(layoutId)!;
    const textSlots = layout.slots.filter((s) => s.kind === "text");
    const given = new Map(scene.texts.map((t) => [t.slot, t.text.trim()]));
    for (const slot of given.keys()) {
      if (!textSlots.some((s) => s.id === slot))
        repairs.push(`scene ${i + 1}: dropped text for unknown slot "${slot}"`);
    }
    let narration = scene.narration.trim().replace(/\s+/g, " ");
    if (words(narration).length > perSceneWords) {
      narration = fitNarration(narration, perSceneWords);
      repairs.push(`scene ${i + 1}: narration shortened to ${perSceneWords} words at a sentence or phrase boundary`);
    }
    const texts: PlanScene["texts"] = [];
    for (const slot of textSlots) {
      let text = given.get(slot.id) ?? "";
      if (!text && slot.required) {
        text =
          fitSlotText(narration.replace(/[.!?]+$/, ""), Math.min(slot.fit.maxChars, 60), [input.plan.title]) ||
          input.plan.title;
        repairs.push(`scene ${i + 1}: filled the empty required slot "${slot.id}"`);
      }
      if (text.length > slot.fit.maxChars) {
        text = fitSlotText(text, slot.fit.maxChars, [narration.replace(/[.!?]+$/, ""), input.plan.title]);
        repairs.push(`scene ${i + 1}: "${slot.id}" shortened to ${slot.fit.maxChars} characters at a phrase boundary`);
      } else if (slot.role === "headline" && endsMidPhrase(text)) {
        const whole = trimDangling(text);
        if (whole) {
          repairs.push(`scene ${i + 1}: "${slot.id}" ended mid-phrase ("${text}"), ended at "${whole}"`);
          text = whole;
        }
      }
      if (slot.role === "headline" && text) {
        const key = text.toLowerCase();
        if (usedHeadlines.has(key)) {
          const other = fitPhrase(narration.replace(/[.!?]+$/, ""), slot.fit.maxChars);
          if (other && !usedHeadlines.has(other.toLowerCase())) {
            repairs.push(
              `scene ${i + 1}: headline "${text}" repeated an earlier scene's, used its narration's "${other}"`,
            );
            text = other;
          }
        }
        usedHeadlines.add(text.toLowerCase());
      }
      if (text) texts.push({ slot: slot.id, text });
    }
    const hasImage = layout.slots.some((s) => s.kind === "image");
    let imagePrompt = scene.image_prompt?.trim() || null;
    if (hasImage && !imagePrompt) imagePrompt = narration || texts[0]?.text || input.plan.title;
    if (!hasImage && imagePrompt) imagePrompt = null;
    const visualQuery = hasImage
      ? scene.visual_query?.trim().replace(/\s+/g, " ").slice(0, 100) ||
        visualQueryFrom([...texts.map((t) => t.text), narration].join(" "))
      : null;
    return {
      layout_id: layoutId,
      texts,
      narration,
      image_prompt: imagePrompt ? imagePrompt.slice(0, 400) : null,
      visual_query: visualQuery || null,
    };
  });
  const title = fitSlotText(input.plan.title.trim() || fixed[0]?.texts[0]?.text || "Untitled video", 80);
  return { plan: { title, template_id: template.id, scenes: fixed }, repairs };
}
