/**
 * The language-model catalogue as data, like the image one (lib/platform/ai/models.ts):
 * each model, the variable that enables it and how to build its AI SDK model.
 * With no key, only the Local preview model is enabled; its behaviour comes
 * from the task that asks for it (a LocalResponder), so the writer, the layout
 * generator and chat each get an offline stand-in for their own job.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { AiError } from "../errors";
import { createLocalLanguageModel, LOCAL_LANGUAGE_MODEL_ID, type LocalResponder } from "./local-language-model";

type Env = Record<string, string | undefined>;

export interface LanguageModelEntry {
  id: string;
  label: string;
  provider: string;
  keys: readonly string[];
  build: (key: string | undefined) => LanguageModelV3;
}

export const LANGUAGE_MODELS: readonly LanguageModelEntry[] = [
  {
    id: LOCAL_LANGUAGE_MODEL_ID,
    label: "Local preview",
    provider: "local",
    keys: [],
    build: () => {
      throw new Error("built per task");
    },
  },
  {
    id: "openai/gpt-4.1-mini",
    label: "OpenAI GPT-4.1 mini",
    provider: "openai",
    keys: ["OPENAI_API_KEY"],
    build: (apiKey) => createOpenAI({ apiKey })("gpt-4.1-mini"),
  },
  {
    id: "google/gemini-2.5-flash",
    label: "Google Gemini 2.5 Flash",
    provider: "google",
    keys: ["GOOGLE_GENERATIVE_AI_API_KEY"],
    build: (apiKey) => createGoogleGenerativeAI({ apiKey })("gemini-2.5-flash"),
  },
  {
    id: "anthropic/claude-sonnet-4-5",
    label: "Anthropic Claude Sonnet 4.5",
    provider: "anthropic",
    keys: ["ANTHROPIC_API_KEY"],
    build: (apiKey) => createAnthropic({ apiKey })("claude-sonnet-4-5"),
  },
];

export interface LanguageModelInfo {
  id: string;
  label: string;
  provider: string;
  enabled: boolean;
  note: string | null;
}

function keyFor(entry: LanguageModelEntry, env: Env): string | undefined {
  for (const name of entry.keys) if (env[name]) return env[name];
  return undefined;
}

const enabled = (entry: LanguageModelEntry, env: Env) => entry.keys.length === 0 || keyFor(entry, env) !== undefined;

export function listLanguageModels(env: Env = process.env): LanguageModelInfo[] {
  return LANGUAGE_MODELS.map((m) => ({
    id: m.id,
    label: m.label,
    provider: m.provider,
    enabled: enabled(m, env),
    note:
      m.provider === "local"
        ? "Runs on this server without AI: it builds its answer from your own words, as a preview."
        : enabled(m, env)
          ? null
          : `Set ${m.keys.join(" or ")} to enable.`,
  }));
}

/** The first configured provider model, else the local preview. */
export function defaultLanguageModelId(env: Env = process.env): string {
  return LANGUAGE_MODELS.find((m) => m.keys.length > 0 && enabled(m, env))?.id ?? LOCAL_LANGUAGE_MODEL_ID;
}

export function findLanguageModel(id: string): LanguageModelEntry {
  const entry = LANGUAGE_MODELS.find((m) => m.id === id);
  if (!entry) throw new AiError("unknown_model", `There is no language model called "${id}".`);
  return entry;
}

/** The AI SDK model for `id`; the local one behaves as `local` says. */
export function getLanguageModel(id: string, a: { local: LocalResponder; env?: Env }): LanguageModelV3 {
  const env = a.env ?? process.env;
  const entry = findLanguageModel(id);
  if (entry.provider === "local") return createLocalLanguageModel(a.local);
  if (!enabled(entry, env))
    throw new AiError(
      "unknown_model",
      `${entry.label} is not configured on this server. Set ${entry.keys.join(" or ")} to enable.`,
    );
  return entry.build(keyFor(entry, env));
}
