/**
 * The Local preview model's behaviour in chat: it is not a language model and
 * says so, but when a message clearly asks for one of the tools ("how many
 * content documents have status ready", "look up user a@b.c", "draft a layout
 * with a headline and a picture") it makes that tool call, as a provider model
 * would, and then words the tool's result. Several requests joined by "and"
 * become parallel calls. Used by the chat and by the function-calling
 * evaluation offline.
 */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { LocalAnswer, LocalCall, LocalToolCall } from "@/lib/platform/ai/language/local-language-model";
import type { CONTENT_KINDS, CONTENT_STATUSES } from "@/lib/platform/db/collections";
import { DRAFT_SLOT_ROLES, IMAGE_RATIOS } from "./tool-schemas";

export interface LocalChatKnowledge {
  /** The registry's collections and their declared fields. */
  collections: { name: string; fields: string[] }[];
}

export const LOCAL_CHAT_NOTICE =
  "I'm the **Local preview** model: I run on this server without AI, so I can't really converse. I can still use the chat's tools when you ask for one plainly, for example:\n\n" +
  "- *How many content documents have status ready?*\n- *Look up user staff@promptframe.ai*\n- *Look up job* `<job id>`\n- *Generate an image of a lighthouse at dusk*\n- *Draft a layout called Big Sale with a headline, a picture and a cta*\n\n" +
  "Pick a provider model above (when one is configured) for real answers.";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const ID = "([A-Za-z0-9_-]{3,128})";

/** The last user message's text and the tool results that came after it (this turn's). */
function currentTurn(prompt: LanguageModelV3Prompt): {
  text: string;
  results: { toolName: string; output: unknown; error: string | null }[];
} {
  let last = -1;
  prompt.forEach((m, i) => {
    if (m.role === "user") last = i;
  });
  const text =
    last < 0
      ? ""
      : (prompt[last] as Extract<LanguageModelV3Prompt[number], { role: "user" }>).content
          .flatMap((p) => (p.type === "text" ? [p.text] : []))
          .join("\n");
  const results: { toolName: string; output: unknown; error: string | null }[] = [];
  for (const m of prompt.slice(last + 1)) {
    if (m.role !== "tool") continue;
    for (const part of m.content) {
      if (part.type !== "tool-result") continue;
      const o = part.output;
      if (o.type === "error-text") results.push({ toolName: part.toolName, output: null, error: o.value });
      else if (o.type === "error-json")
        results.push({ toolName: part.toolName, output: null, error: JSON.stringify(o.value) });
      else
        results.push({
          toolName: part.toolName,
          output: o.type === "json" || o.type === "text" ? o.value : null,
          error: null,
        });
    }
  }
  return { text, results };
}

const singular = (w: string) => w.replace(/ies$/, "y").replace(/s$/, "");

/** A registry collection the text names ("content documents", "chat messages"), or null. */
function namedCollection(text: string, k: LocalChatKnowledge): string | null {
  const t = text.toLowerCase();
  // Longest names first, so "chat_messages" wins over "chats".
  const byLength = [...k.collections].sort((a, b) => b.name.length - a.name.length);
  for (const c of byLength) {
    const spaced = c.name.replace(/_/g, " ");
    const forms = new Set([c.name, spaced, singular(c.name), singular(spaced)]);
    for (const f of forms) if (new RegExp(`\\b${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}s?\\b`).test(t)) return c.name;
  }
  return null;
}

function findCollection(text: string, k: LocalChatKnowledge): string | null {
  const t = text.toLowerCase();
  const named = namedCollection(text, k);
  if (named) return named;
  const m = /\bhow many\s+([a-z_]+)/.exec(t) ?? /\bcount (?:the |all )?([a-z_]+)/.exec(t);
  return m ? m[1]! : null;
}

function valueOf(raw: string): string | number | boolean {
  if (raw === "true" || raw === "false") return raw === "true";
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

function countCall(text: string, k: LocalChatKnowledge): LocalToolCall | null {
  if (!/\b(how many|count|number of)\b/i.test(text)) return null;
  const collection = findCollection(text, k);
  if (!collection) return null;
  const fields = k.collections.find((c) => c.name === collection)?.fields ?? [];
  const filters: { field: string; op: "=="; value: string | number | boolean }[] = [];
  for (const field of fields) {
    const m = new RegExp(`\\b${field}\\s*(?:==|=|:|\\bis\\b|\\bof\\b)?\\s*["'\`]?([A-Za-z0-9@._:-]+)`, "i").exec(text);
    if (m && !/^(is|of|and|the|a|an)$/i.test(m[1]!))
      filters.push({ field, op: "==", value: valueOf(m[1]!.replace(/[.?!,]+$/, "")) });
  }
  return { toolName: "count_documents", input: { collection, filters } };
}

const KIND_WORDS: [RegExp, (typeof CONTENT_KINDS)[number]][] = [
  [/\bvideos?\b/i, "video"],
  [/\b(?:images?|pictures?|photos?)\b/i, "image"],
  [/\bdesigns?\b/i, "design"],
  [/\bpages?\b/i, "page"],
];
const STATUS_WORDS: [RegExp, (typeof CONTENT_STATUSES)[number]][] = [
  [/\b(?:ready|finished|done|completed?)\b/i, "ready"],
  [/\bfail(?:ed|ing|ures?)?\b/i, "failed"],
  [/\bdrafts?\b/i, "draft"],
  [/\b(?:queued|waiting)\b/i, "queued"],
  [/\b(?:running|rendering|generating|in progress)\b/i, "running"],
];

/** "How many videos are ready": content items by kind and state, unless the text names a collection. */
function contentCountCall(text: string, k: LocalChatKnowledge): LocalToolCall | null {
  if (!/\b(how many|count|number of)\b/i.test(text)) return null;
  // "content documents with status ready" names the collection and its fields: that is count_documents.
  const named = namedCollection(text, k);
  if (named && (named !== "content" || /\b(?:kind|status|visibility|owner_id)\b/i.test(text))) return null;
  const kind = KIND_WORDS.find(([re]) => re.test(text))?.[1];
  const status = STATUS_WORDS.find(([re]) => re.test(text))?.[1];
  if (!kind && !(named === "content" && status)) return null;
  return { toolName: "count_content", input: { ...(kind ? { kind } : {}), ...(status ? { status } : {}) } };
}

/** An id has a digit, an underscore, or is long: "please" and "named" are words, not uids. */
const looksLikeId = (s: string) => /[0-9_]/.test(s) || s.length >= 12;

function lookupCall(text: string): LocalToolCall | null {
  if (!/\b(look ?up|find|show me|who is|details (?:of|for))\b/i.test(text)) return null;
  const email = EMAIL.exec(text)?.[0];
  if (/\bjob\b/i.test(text)) {
    const m = new RegExp(`\\bjob\\s+(?:id\\s+)?\`?${ID}`, "i").exec(text);
    return { toolName: "lookup_job", input: m && looksLikeId(m[1]!) ? { id: m[1] } : {} };
  }
  if (/\b(content|item|image|video|design|page)\b/i.test(text) && !email) {
    const m = new RegExp(`\\b(?:content(?: item)?|item|image|video|design|page)\\s+(?:id\\s+)?\`?${ID}`, "i").exec(
      text,
    );
    return { toolName: "lookup_content", input: m && looksLikeId(m[1]!) ? { id: m[1] } : {} };
  }
  if (/\b(user|account|customer|staff)\b/i.test(text) || email) {
    if (email) return { toolName: "lookup_user", input: { email } };
    const m = new RegExp(`\\b(?:user|account|uid)\\s+(?:id\\s+|uid\\s+)?\`?${ID}`, "i").exec(text);
    // "look up the user" with nothing to look up by: the call goes out without it and fails validation, as a model's would.
    return { toolName: "lookup_user", input: m && looksLikeId(m[1]!) ? { uid: m[1] } : {} };
  }
  return null;
}

function imageCall(text: string): LocalToolCall | null {
  if (!/\b(generate|draw|make|create|paint|render)\b.*\b(image|picture|photo|illustration|drawing)\b/i.test(text))
    return null;
  const prompt = (/\b(?:of|showing|with)\s+(\S.*)$/i.exec(text)?.[1] ?? text)
    .replace(/\s+in\s+\d+:\d+(?:\D.*)?$/i, "")
    .replace(/[.?!]+$/, "")
    .trim();
  const ratio = IMAGE_RATIOS.find((r) => text.includes(r));
  return { toolName: "generate_image", input: ratio ? { prompt, aspect_ratio: ratio } : { prompt } };
}

const ROLE_WORDS: [RegExp, (typeof DRAFT_SLOT_ROLES)[number]][] = [
  [/\bheadline|title\b/i, "headline"],
  [/\bsub-?head(?:line)?|subtitle\b/i, "subhead"],
  [/\b(picture|image|photo|media)\b/i, "media"],
  [/\bbody|paragraph|description text\b/i, "body"],
  [/\bprice\b/i, "price"],
  [/\bquote|testimonial\b/i, "quote"],
  [/\bstat(istic)?|number\b/i, "stat"],
  [/\bbadge|label\b/i, "badge"],
  [/\blogo\b/i, "logo"],
  [/\bcta|call to action|button\b/i, "cta"],
];

function layoutCall(text: string): LocalToolCall | null {
  if (!/\b(draft|design|create|make)\b.*\blayout\b/i.test(text)) return null;
  const name =
    /\b(?:called|named)\s+["“]?([^"”,.\s]+(?:\s[^"”,.\s]+)*?)["”]?(?=\s+(?:with|for|that)\b|[,.]|$)/i
      .exec(text)?.[1]
      ?.trim() ?? "Chat draft";
  const found = ROLE_WORDS.map(([re, role]) => ({ role, at: text.search(re) }))
    .filter((r) => r.at >= 0)
    .sort((a, b) => a.at - b.at);
  const slots = (found.length ? found.map((r) => r.role) : (["headline", "media", "cta"] as const)).map((role) => ({
    role,
  }));
  return { toolName: "draft_layout", input: { name: name.slice(0, 80), brief: text.slice(0, 2000), slots } };
}

/** The tool calls a message clearly asks for (several when joined by "and"), in order. */
export function toolCallsFor(text: string, k: LocalChatKnowledge): LocalToolCall[] {
  const clauses = text.split(
    /(?:[,;]\s*|\s+)(?:and(?: then| also)?|also|then)\s+(?=(?:how many|count|look ?up|find|show me|generate|draw|draft|make|create)\b)/i,
  );
  const calls: LocalToolCall[] = [];
  for (const clause of clauses) {
    const call =
      layoutCall(clause) ??
      imageCall(clause) ??
      contentCountCall(clause, k) ??
      countCall(clause, k) ??
      lookupCall(clause);
    if (call) calls.push(call);
  }
  return calls;
}

function summarise(r: { toolName: string; output: unknown; error: string | null }): string {
  if (r.error) return `The \`${r.toolName}\` call failed: ${r.error}`;
  const o = (r.output ?? {}) as Record<string, unknown>;
  switch (r.toolName) {
    case "count_content": {
      const one = o.count === 1;
      const noun = o.kind === "any" ? "content item" : String(o.kind);
      const state = o.status === "any" ? "" : ` that ${one ? "is" : "are"} ${String(o.status)}`;
      return `There ${one ? "is" : "are"} **${String(o.count)}** ${noun}${one ? "" : "s"}${state}.`;
    }
    case "count_documents": {
      const filters =
        Array.isArray(o.filters) && o.filters.length
          ? ` where ${(o.filters as string[]).map((f) => `\`${f}\``).join(" and ")}`
          : "";
      return `There are **${String(o.count)}** documents in \`${String(o.collection)}\`${filters}.`;
    }
    case "generate_image":
      return `I queued an image (job \`${String(o.job_id)}\`, ${String(o.cost)} credit${o.cost === 1 ? "" : "s"}): [open it](${String(o.view)}).`;
    case "draft_layout":
      return `I drafted the layout **${String(o.name)}** into the review queue: [review it](${String(o.review)}).`;
    default: {
      if (o.found === false) return String(o.message);
      const rows = Object.entries(o)
        .filter(([key]) => key !== "found")
        .map(
          ([key, v]) => `- **${key}**: ${v === null ? "—" : `\`${typeof v === "string" ? v : JSON.stringify(v)}\``}`,
        );
      return `Here is what \`${r.toolName}\` found:\n\n${rows.join("\n")}`;
    }
  }
}

export function localChatResponder(k: LocalChatKnowledge) {
  return (call: LocalCall): LocalAnswer => {
    const turn = currentTurn(call.options.prompt);
    if (turn.results.length > 0) {
      return {
        text: `${turn.results.map(summarise).join("\n\n")}\n\n_(Local preview: the words are a template; the figures come from the tools.)_`,
      };
    }
    const calls = toolCallsFor(turn.text, k).filter(
      (c) => call.toolNames.length === 0 || call.toolNames.includes(c.toolName),
    );
    if (calls.length > 0) return { toolCalls: calls };
    return { text: LOCAL_CHAT_NOTICE };
  };
}
