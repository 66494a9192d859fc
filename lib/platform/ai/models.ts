/**
 * The image-model catalogue as data: every model the product knows, the
 * environment variable that enables it, and how to build its AI SDK model.
 * With no key set, only the local preview model is enabled (and is the default).
 */
import { createFal } from "@ai-sdk/fal";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { ImageModelV3 } from "@ai-sdk/provider";
import { createReplicate } from "@ai-sdk/replicate";
import { sizeForAspectRatio, type AspectRatio } from "./aspect-ratios";
import { AiError } from "./errors";
import { createLocalPreviewModel, LOCAL_PREVIEW_MAX_IMAGES } from "./local-preview-model";

type Env = Record<string, string | undefined>;

export interface ImageModelEntry {
  id: string;
  label: string;
  provider: string;
  supportsEdit: boolean;
  maxImagesPerCall: number;
  /** The variables that enable it (the first one set wins); none for the local model. */
  keys: readonly string[];
  /** Negative prompts go in providerOptions for these; others get "Avoid: …" in the prompt. */
  negativePromptOption?: { provider: string; field: string };
  /**
   * How a product aspect ratio is asked of this model. The SDK passes `size` and
   * `aspectRatio` on as given (or drops what the model does not take), so models
   * that accept only some values get one they do accept. Default: the ratio as is.
   */
  sizing?: (ratio: AspectRatio) => RequestSizing;
  /** Masks arrive white = change; "transparent" models want alpha 0 = change instead (see mask-formats.ts). */
  maskFormat?: "transparent";
  build: (key: string | undefined) => ImageModelV3;
}

export const LOCAL_MODEL_ID = "local/preview";

export type RequestSizing = { size?: `${number}x${number}`; aspectRatio?: `${number}:${number}` };

/** gpt-image-1 takes only 1024x1024, 1536x1024 and 1024x1536 (it ignores aspectRatio). */
function openaiSizing(ratio: AspectRatio): RequestSizing {
  const { width, height } = sizeForAspectRatio(ratio);
  return { size: width === height ? "1024x1024" : width > height ? "1536x1024" : "1024x1536" };
}

const IMAGEN_RATIOS = ["1:1", "3:4", "4:3", "9:16", "16:9"] as const;

/** Imagen takes only IMAGEN_RATIOS: send the nearest one (by log of width/height). */
function imagenSizing(ratio: AspectRatio): RequestSizing {
  const value = (r: string) => {
    const [w, h] = r.split(":").map(Number) as [number, number];
    return Math.log(w / h);
  };
  const target = value(ratio);
  const nearest = IMAGEN_RATIOS.reduce((best, r) =>
    Math.abs(value(r) - target) < Math.abs(value(best) - target) ? r : best,
  );
  return { aspectRatio: nearest };
}

/** The fal SDK maps only some ratios to fal's presets (4:5 and 3:2 went unset); an explicit size works for all. */
function falSizing(ratio: AspectRatio): RequestSizing {
  const { width, height } = sizeForAspectRatio(ratio);
  return { size: `${width}x${height}` };
}

export const IMAGE_MODELS: readonly ImageModelEntry[] = [
  {
    id: LOCAL_MODEL_ID,
    label: "Local preview",
    provider: "local",
    supportsEdit: true,
    maxImagesPerCall: LOCAL_PREVIEW_MAX_IMAGES,
    keys: [],
    build: () => createLocalPreviewModel(),
  },
  {
    id: "openai/gpt-image-1",
    label: "OpenAI GPT Image 1",
    provider: "openai",
    supportsEdit: true,
    maxImagesPerCall: 4,
    keys: ["OPENAI_API_KEY"],
    sizing: openaiSizing,
    maskFormat: "transparent",
    build: (apiKey) => createOpenAI({ apiKey }).image("gpt-image-1"),
  },
  {
    id: "google/imagen-4.0-generate-001",
    label: "Google Imagen 4",
    provider: "google",
    supportsEdit: false,
    maxImagesPerCall: 4,
    keys: ["GOOGLE_GENERATIVE_AI_API_KEY"],
    // No negativePromptOption: the SDK's Imagen options schema drops unknown fields, so it would be lost.
    sizing: imagenSizing,
    build: (apiKey) => createGoogleGenerativeAI({ apiKey }).image("imagen-4.0-generate-001"),
  },
  {
    id: "fal/flux/dev",
    label: "FLUX.1 [dev] on fal",
    provider: "fal",
    supportsEdit: false,
    maxImagesPerCall: 4,
    keys: ["FAL_API_KEY", "FAL_KEY"],
    negativePromptOption: { provider: "fal", field: "negative_prompt" },
    sizing: falSizing,
    build: (apiKey) => createFal({ apiKey }).image("fal-ai/flux/dev"),
  },
  {
    id: "replicate/black-forest-labs/flux-schnell",
    label: "FLUX.1 [schnell] on Replicate",
    provider: "replicate",
    supportsEdit: false,
    maxImagesPerCall: 1,
    keys: ["REPLICATE_API_TOKEN"],
    build: (apiToken) => createReplicate({ apiToken }).image("black-forest-labs/flux-schnell"),
  },
];

function keyFor(entry: ImageModelEntry, env: Env): string | undefined {
  for (const name of entry.keys) if (env[name]) return env[name];
  return undefined;
}

function keyNote(entry: ImageModelEntry): string {
  return `Set ${entry.keys.join(" or ")} to enable.`;
}

function isEnabled(entry: ImageModelEntry, env: Env): boolean {
  return entry.keys.length === 0 || keyFor(entry, env) !== undefined;
}

export interface ImageModelInfo {
  id: string;
  label: string;
  provider: string;
  enabled: boolean;
  supportsEdit: boolean;
  maxImagesPerCall: number;
  note: string | null;
}

export function listImageModels(env: Env = process.env): ImageModelInfo[] {
  return IMAGE_MODELS.map((m) => ({
    id: m.id,
    label: m.label,
    provider: m.provider,
    enabled: isEnabled(m, env),
    supportsEdit: m.supportsEdit,
    maxImagesPerCall: m.maxImagesPerCall,
    note:
      m.provider === "local"
        ? "Runs on this server and draws a preview from your prompt; it is not an AI model."
        : isEnabled(m, env)
          ? null
          : keyNote(m),
  }));
}

/** The first configured provider model, else the local preview. */
export function defaultModelId(env: Env = process.env): string {
  return IMAGE_MODELS.find((m) => m.keys.length > 0 && isEnabled(m, env))?.id ?? LOCAL_MODEL_ID;
}

export function findImageModel(id: string): ImageModelEntry {
  const entry = IMAGE_MODELS.find((m) => m.id === id);
  if (!entry) throw new AiError("unknown_model", `There is no model called "${id}".`);
  return entry;
}

export function getImageModel(id: string, env: Env = process.env): ImageModelV3 {
  const entry = findImageModel(id);
  if (!isEnabled(entry, env))
    throw new AiError("unknown_model", `${entry.label} is not configured on this server. ${keyNote(entry)}`);
  return entry.build(keyFor(entry, env));
}
