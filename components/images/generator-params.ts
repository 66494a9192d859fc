/**
 * The generator's settings as they travel between screens: query strings
 * (`/image-gen?prompt=…&seed=…`, used by "Use these settings", "Try this",
 * "Remix" and a vibe's "Apply"), the form state, and the POST body. Pure, so
 * the round trip is unit-tested; anything malformed in a URL is dropped
 * rather than trusted.
 */
import type { GenerationRequest, ImageSettings, Inspiration } from "@/lib/media/images/contract";
import {
  ASPECT_RATIOS,
  MAX_IMAGES_PER_RUN,
  MAX_NEGATIVE_PROMPT_CHARS,
  MAX_PROMPT_CHARS,
  MAX_SEED,
  generateInputSchema,
  type AspectRatio,
} from "@/lib/media/images/schema";

export interface GeneratorSettings {
  prompt: string;
  negativePrompt: string;
  vibeId: string | null;
  aspectRatio: AspectRatio;
  count: number;
  /** null = a random seed chosen by the server (recorded on each image). */
  seed: number | null;
  modelId: string | null;
  /** The public image this run remixes, so trending can count it. */
  remixOfId: string | null;
}

export const DEFAULT_SETTINGS: GeneratorSettings = {
  prompt: "",
  negativePrompt: "",
  vibeId: null,
  aspectRatio: "1:1",
  count: 1,
  seed: null,
  modelId: null,
  remixOfId: null,
};

interface ParamSource {
  get(name: string): string | null;
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

function parseIntIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

export function isAspectRatio(value: string | null): value is AspectRatio {
  return value !== null && (ASPECT_RATIOS as readonly string[]).includes(value);
}

/** Only the fields the URL states, each checked; the caller merges them over its defaults. */
export function settingsFromParams(params: ParamSource): Partial<GeneratorSettings> {
  const out: Partial<GeneratorSettings> = {};
  const prompt = params.get("prompt");
  if (prompt) out.prompt = prompt.slice(0, MAX_PROMPT_CHARS);
  const negative = params.get("negative");
  if (negative) out.negativePrompt = negative.slice(0, MAX_NEGATIVE_PROMPT_CHARS);
  const vibe = params.get("vibe");
  if (vibe && ID.test(vibe)) out.vibeId = vibe;
  const aspect = params.get("aspect");
  if (isAspectRatio(aspect)) out.aspectRatio = aspect;
  const count = parseIntIn(params.get("count"), 1, MAX_IMAGES_PER_RUN);
  if (count !== null) out.count = count;
  const seed = parseIntIn(params.get("seed"), 0, MAX_SEED);
  if (seed !== null) out.seed = seed;
  const model = params.get("model");
  if (model && model.length <= 128) out.modelId = model;
  const remix = params.get("remix");
  if (remix && ID.test(remix)) out.remixOfId = remix;
  return out;
}

/** The query string (with "?", or "" when empty) that `settingsFromParams` reads back. */
export function settingsToQuery(settings: Partial<GeneratorSettings>): string {
  const q = new URLSearchParams();
  if (settings.prompt) q.set("prompt", settings.prompt);
  if (settings.negativePrompt) q.set("negative", settings.negativePrompt);
  if (settings.vibeId) q.set("vibe", settings.vibeId);
  if (settings.aspectRatio) q.set("aspect", settings.aspectRatio);
  if (settings.count !== undefined && settings.count !== 1) q.set("count", String(settings.count));
  if (settings.seed !== undefined && settings.seed !== null) q.set("seed", String(settings.seed));
  if (settings.modelId) q.set("model", settings.modelId);
  if (settings.remixOfId) q.set("remix", settings.remixOfId);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function generatorHref(settings: Partial<GeneratorSettings>): string {
  return `/image-gen${settingsToQuery(settings)}`;
}

/** An image's recorded settings, seed included, so the generator remakes exactly that image. */
export function settingsOfImage(s: ImageSettings, opts: { keepSeed?: boolean } = {}): Partial<GeneratorSettings> {
  return {
    prompt: s.prompt,
    negativePrompt: s.negative_prompt ?? "",
    vibeId: s.vibe_id,
    aspectRatio: s.aspect_ratio,
    count: 1,
    seed: opts.keepSeed === false ? null : s.seed,
    modelId: s.model_id,
  };
}

export function settingsOfInspiration(i: Inspiration): Partial<GeneratorSettings> {
  return {
    prompt: i.prompt,
    negativePrompt: i.negative_prompt ?? "",
    vibeId: i.vibe_id,
    aspectRatio: i.aspect_ratio,
    seed: i.seed,
  };
}

export type SettingsErrors = Partial<Record<"prompt" | "negativePrompt" | "count" | "seed" | "modelId", string>>;

/**
 * The same zod rules the server applies (lib/media/images/schema.ts), run before
 * the request so a typo costs no round trip; the server still decides.
 */
export function validateSettings(s: GeneratorSettings, extra: { sourceImageId?: string } = {}): SettingsErrors {
  const parsed = generateInputSchema.safeParse({
    prompt: s.prompt,
    negativePrompt: s.negativePrompt || undefined,
    vibeId: s.vibeId ?? undefined,
    aspectRatio: s.aspectRatio,
    count: s.count,
    seed: s.seed ?? undefined,
    modelId: s.modelId ?? "",
    sourceImageId: extra.sourceImageId,
    remixOfId: s.remixOfId ?? undefined,
  });
  if (parsed.success) return {};
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && key in { prompt: 1, negativePrompt: 1, count: 1, seed: 1, modelId: 1 }) {
      errors[key as keyof SettingsErrors] ??= issue.message;
    }
  }
  return errors;
}

/** The POST body of /api/v1/images/generations; empty optional fields are left out. */
export function toGenerationRequest(
  s: GeneratorSettings,
  extra: { sourceImageId?: string; mask?: string } = {},
): GenerationRequest {
  const body: GenerationRequest = { prompt: s.prompt.trim(), model_id: s.modelId ?? "" };
  if (s.negativePrompt.trim()) body.negative_prompt = s.negativePrompt.trim();
  if (s.vibeId) body.vibe_id = s.vibeId;
  body.aspect_ratio = s.aspectRatio;
  body.count = s.count;
  if (s.seed !== null) body.seed = s.seed;
  if (s.remixOfId) body.remix_of_id = s.remixOfId;
  if (extra.sourceImageId) body.source_image_id = extra.sourceImageId;
  if (extra.mask) body.mask = extra.mask;
  return body;
}

/** A fresh seed in the schema's 31-bit range. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (MAX_SEED + 1));
}
