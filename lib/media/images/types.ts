/**
 * The dependencies the image domain runs on, as interfaces: the generator and
 * the model list come from lib/platform/ai in production (see runtime.ts) and from
 * fakes in tests, so nothing here imports a provider.
 */
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import type { AspectRatio } from "./schema";

export interface GenerateImagesRequest {
  modelId: string;
  prompt: string;
  negativePrompt?: string;
  n: number;
  aspectRatio: AspectRatio;
  seed?: number;
  edit?: { image: Uint8Array; mask?: Uint8Array };
  abortSignal?: AbortSignal;
}

export interface GenerateImagesResult {
  images: Uint8Array[];
  mediaType: string;
  warnings: string[];
  modelId: string;
}

export type ImageGenerator = (req: GenerateImagesRequest) => Promise<GenerateImagesResult>;

export interface ImageModelInfo {
  id: string;
  label: string;
  provider: string;
  enabled: boolean;
  supportsEdit: boolean;
  maxImagesPerCall: number;
}

export interface ImageDeps {
  db: Db;
  store: BlobStore;
  /** The enabled and disabled models (lib/platform/ai `listImageModels`). */
  models: () => ImageModelInfo[];
  now?: () => Date;
}

export interface ImageWorkerDeps extends ImageDeps {
  generate: ImageGenerator;
}

/** Job types this domain enqueues and its worker runs. */
export const IMAGE_JOB_TYPES = ["image.generate", "image.edit"] as const;
export type ImageJobType = (typeof IMAGE_JOB_TYPES)[number];
