/**
 * The writer's language: the line of the prompt that names it, and the check
 * that the plan came back in it (the detector reads the plan's narration and
 * on-screen texts together: enough words to judge, unlike one headline).
 */
import { detectLanguage, MIN_LETTERS_FOR_STATISTICS } from "@/lib/engine/language/detect";
import { findLanguage, primarySubtag } from "@/lib/engine/language/languages";

/** What the check reads of a plan (or of a composition's words). */
export interface PlanWords {
  title: string;
  scenes: readonly { texts: readonly { text: string }[]; narration: string }[];
}

/** The prompt line naming the language every word on screen and in the narration must be in. */
export function languageInstruction(tag: string | null | undefined): string {
  const l = findLanguage(tag);
  if (!l) return "";
  return `Language: write the title, every on-screen text and the narration in ${l.name} (${l.native}, ${l.tag}); keep names, codes and web addresses as the brief writes them.`;
}

/** All of a plan's words that a viewer reads or hears. */
export function planText(plan: PlanWords): string {
  return [plan.title, ...plan.scenes.flatMap((s) => [...s.texts.map((t) => t.text), s.narration])].join("\n");
}

/**
 * A sentence saying the plan is in another language than `tag`, or null when
 * it is in that language (or too short to tell).
 */
export function planLanguageMismatch(plan: PlanWords, tag: string | null | undefined): string | null {
  const wanted = findLanguage(tag);
  if (!wanted) return null;
  const text = planText(plan);
  const found = detectLanguage(text, wanted.tag);
  if (found.by === "fallback") return null;
  if (primarySubtag(found.tag) === primarySubtag(wanted.tag)) return null;
  // Too little text for statistics in the same script: trust it.
  if (found.by === "statistics" && text.replace(/\P{L}/gu, "").length < MIN_LETTERS_FOR_STATISTICS * 2) return null;
  const got = findLanguage(found.tag)!;
  return `The plan is written in ${got.name}, not in ${wanted.name} as asked.`;
}
