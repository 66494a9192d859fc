/**
 * The generic Local preview responder for prompts whose task has no local
 * stand-in of its own (the link summariser, the layout generator, chat): it
 * does not pretend to think. A text answer says it is a preview and echoes the
 * request; a structured answer is filled field by field from the request's own
 * sentences, shaped by the JSON schema the call asks for, so assertions
 * evaluate real output that the schema either accepts or refuses.
 */
import type { LocalAnswer, LocalCall } from "@/lib/platform/ai/language/local-language-model";

export const LOCAL_PREVIEW_PREFIX = "Local preview (no AI model):";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
};

function sentencesOf(text: string): string[] {
  const s = (text.replace(/\s+/g, " ").match(/[^.!?]+[.!?]*/g) ?? []).map((x) => x.trim()).filter(Boolean);
  return s.length ? s : [text.trim() || "preview"];
}

function fill(schema: JsonSchema, sentences: () => string, depth = 0): unknown {
  if (depth > 6) return null;
  if (schema.anyOf?.length)
    return fill(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0]!, sentences, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = fill(s, sentences, depth + 1);
      return out;
    }
    case "array": {
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: n }, () => fill(schema.items ?? { type: "string" }, sentences, depth + 1));
    }
    case "string": {
      let s = sentences();
      if (schema.maxLength !== undefined && s.length > schema.maxLength) s = s.slice(0, schema.maxLength).trim();
      return s;
    }
    case "number":
    case "integer":
      return schema.minimum ?? 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

export function genericLocalResponder(call: LocalCall): LocalAnswer {
  const request = call.userTexts.join("\n").trim();
  const format = call.options.responseFormat;
  if (call.wantsJson && format?.type === "json" && format.schema) {
    const parts = sentencesOf(request);
    let i = 0;
    const next = () => parts[i++ % parts.length]!;
    return { text: JSON.stringify(fill(format.schema as JsonSchema, next)) };
  }
  const echo = sentencesOf(request).slice(0, 2).join(" ");
  return {
    text: `${LOCAL_PREVIEW_PREFIX} this answer was put together on this server without a model. You asked: ${echo}`,
  };
}
