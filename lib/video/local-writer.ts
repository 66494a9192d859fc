/**
 * The Local preview writer: the deterministic responder behind the local
 * language model for the video writer. It goes through the same tool calls
 * a provider model makes (list_templates, then list_layouts for the chosen
 * template) and answers the structured output with a plan made only of the
 * brief's own words: its sentences become narration, their leading words
 * on-screen text, numbers become stat scenes, prices product scenes.
 */
import type { LocalAnswer, LocalCall } from "@/lib/ai/language/local-language-model";
import { trimToChars } from "@/lib/composition/starter/samples";
import { narrationWordBudget, sceneCountFor, type Plan, type PlanScene } from "./plan";

export interface WriterRequest {
  brief: string;
  length_s: number;
  aspect_ratio: string;
  template_id: string | null;
  /** Product facts from a link or a catalogue item, when the brief came from one. */
  product?: { name: string; price?: string | null; points?: string[] } | null;
}

export interface ToolTemplate {
  id: string;
  name: string;
  description: string;
  mood: string;
  layout_ids: string[];
}

export interface ToolLayout {
  id: string;
  name: string;
  slots: { id: string; kind: string; role: string; max_chars: number; required: boolean }[];
}

export const REQUEST_OPEN = "<request>";
export const REQUEST_CLOSE = "</request>";

export function requestBlock(req: WriterRequest): string {
  return `${REQUEST_OPEN}${JSON.stringify(req)}${REQUEST_CLOSE}`;
}

export function readRequest(texts: readonly string[]): WriterRequest | null {
  for (const text of texts) {
    const start = text.indexOf(REQUEST_OPEN);
    const end = text.indexOf(REQUEST_CLOSE, start);
    if (start < 0 || end < 0) continue;
    try {
      return JSON.parse(text.slice(start + REQUEST_OPEN.length, end)) as WriterRequest;
    } catch {
      return null;
    }
  }
  return null;
}

const MOOD_WORDS: [RegExp, string][] = [
  [/\b(luxury|elegant|wedding|fashion|jewel|perfume|wine|spa|boutique)/i, "calm"],
  [/\b(kids?|fun|party|game|pets?|dog|cat|candy|toy|summer)/i, "playful"],
  [/\b(business|b2b|saas|company|team|software|finance|consult|enterprise|report)/i, "corporate"],
];

/** The template the brief suits: the user's choice, else by mood words, else the first. */
export function pickTemplate(req: WriterRequest, templates: readonly ToolTemplate[]): ToolTemplate | undefined {
  if (req.template_id) {
    const chosen = templates.find((t) => t.id === req.template_id);
    if (chosen) return chosen;
  }
  for (const [pattern, mood] of MOOD_WORDS) {
    if (pattern.test(req.brief)) {
      const match = templates.find((t) => t.mood === mood);
      if (match) return match;
    }
  }
  return templates.find((t) => t.mood === "energetic") ?? templates[0];
}

/** The brief's sentences, cleaned. */
export function sentencesOf(text: string): string[] {
  return (text.replace(/\s+/g, " ").match(/[^.!?]+[.!?]*/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => /\p{L}|\p{N}/u.test(s));
}

const STOP = new Set("a an the and or but of to in on for with our your my we you i is are be it this that at by from as".split(" "));

function headlineOf(sentence: string, max: number): string {
  const ws = sentence.replace(/[.!?]+$/, "").split(" ");
  // Start at the first word that carries meaning, keep up to six words.
  const start = Math.max(0, ws.findIndex((w) => !STOP.has(w.toLowerCase())));
  const text = ws.slice(start, start + 6).join(" ");
  return trimToChars(text.charAt(0).toUpperCase() + text.slice(1), max);
}

const words = (s: string) => s.match(/\S+/g) ?? [];

/** Narration pieces for `n` scenes out of the brief's sentences, within the word budget. */
function narrationFor(sentences: string[], n: number, budget: number): string[] {
  const per = Math.max(6, Math.floor(budget / n));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = sentences[i % sentences.length] ?? "";
    const ws = words(s);
    out.push(ws.length > per ? `${ws.slice(0, per).join(" ").replace(/[,;:]$/, "")}.` : s);
  }
  return out;
}

function layoutFor(layouts: readonly ToolLayout[], role: "open" | "middle" | "close", i: number, facts: { stat: boolean; price: boolean }): ToolLayout {
  const has = (l: ToolLayout, r: string) => l.slots.some((s) => s.role === r);
  const byId = (part: string) => layouts.find((l) => l.id.includes(part));
  if (role === "close") return byId("end-card") ?? layouts[layouts.length - 1]!;
  if (role === "open") return byId("title") ?? byId("statement") ?? byId("full-bleed") ?? layouts[0]!;
  const middle = layouts.filter((l) => !l.id.includes("end-card") && !l.id.includes("title") && (facts.stat || !has(l, "stat")) && (facts.price || !has(l, "price")) && !has(l, "quote"));
  const pool = middle.length > 0 ? middle : layouts;
  return pool[i % pool.length]!;
}

/** A plan from the brief's own words (deterministic: the same request gives the same plan). */
export function localPlan(req: WriterRequest, template: ToolTemplate, layouts: readonly ToolLayout[]): Plan {
  const brief = req.brief.trim();
  const sentences = sentencesOf(brief);
  if (sentences.length === 0) sentences.push(brief);
  const n = sceneCountFor(req.length_s);
  const narration = narrationFor(sentences, n, narrationWordBudget(req.length_s));
  const stat = brief.match(/\b\d[\d,.]*\s?(%|percent|x|k|m|million|thousand)?/i)?.[0]?.trim() ?? null;
  const price = brief.match(/[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(USD|EUR|GBP|dollars?|euros?)/i)?.[0] ?? req.product?.price ?? null;
  const title = trimToChars(req.product?.name ?? headlineOf(sentences[0]!, 80), 80);
  const scenes: PlanScene[] = narration.map((line, i) => {
    const role = i === 0 ? "open" : i === n - 1 ? "close" : "middle";
    const layout = layoutFor(layouts, role, i - 1, { stat: stat !== null, price: price !== null });
    const sentence = sentences[i % sentences.length]!;
    const texts = layout.slots
      .filter((s) => s.kind === "text")
      .map((s) => {
        const max = s.max_chars;
        let text: string;
        switch (s.role) {
          case "headline":
            text = i === 0 ? title : headlineOf(sentence, max);
            break;
          case "subhead":
          case "body":
            text = sentence;
            break;
          case "bullets":
            text = sentences.slice(0, 3).map((x) => headlineOf(x, Math.floor(max / 3) - 1)).join("\n");
            break;
          case "stat":
            text = stat ?? String(i + 1);
            break;
          case "price":
            text = price ?? "";
            break;
          case "cta":
            text = req.product ? "Shop now" : "Learn more";
            break;
          case "label":
            text = role === "close" ? "" : headlineOf(sentences[0]!, 24);
            break;
          case "attribution":
            text = "";
            break;
          default:
            text = headlineOf(sentence, max);
        }
        return { slot: s.id, text: trimToChars(text, max) };
      })
      .filter((t) => t.text.length > 0);
    const hasImage = layout.slots.some((s) => s.kind === "image");
    return { layout_id: layout.id, texts, narration: line, image_prompt: hasImage ? `${sentence.replace(/[.!?]+$/, "")}, ${template.mood} mood, photographic` : null };
  });
  return { title, template_id: template.id, scenes };
}

export const LOCAL_WRITER_NOTICE = "Local preview: this plan was put together from your brief's own words, without an AI model.";

/** The responder behind the local language model for the writer's tool calls and structured output. */
export function localWriterResponder(call: LocalCall): LocalAnswer {
  const req = readRequest(call.userTexts);
  if (!req) return { text: JSON.stringify({ title: "Untitled video", template_id: "", scenes: [] }) };
  const templates = call.toolResults.find((r) => r.toolName === "list_templates")?.output as ToolTemplate[] | undefined;
  if (!templates && call.toolNames.includes("list_templates")) return { toolCalls: [{ toolName: "list_templates", input: {} }] };
  const template = pickTemplate(req, templates ?? []);
  const layouts = call.toolResults.find((r) => r.toolName === "list_layouts")?.output as ToolLayout[] | undefined;
  if (!layouts && template && call.toolNames.includes("list_layouts")) return { toolCalls: [{ toolName: "list_layouts", input: { template_id: template.id } }] };
  if (!template || !layouts || layouts.length === 0) return { text: JSON.stringify({ title: req.brief.slice(0, 60), template_id: req.template_id ?? "", scenes: [] }) };
  return { text: JSON.stringify(localPlan(req, template, layouts)) };
}
