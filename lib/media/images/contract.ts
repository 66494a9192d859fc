/**
 * The HTTP contract of the image-generation area under /api/v1: the shapes
 * inside `data` of each answer. Route handlers produce them; the /image-gen
 * screens consume them through SWR hooks. Errors are always
 * `{ error: { code, message, issues? } }` (lib/platform/api/errors.ts).
 *
 *   GET    /api/v1/images/models                      -> ModelsResponse
 *   POST   /api/v1/images/generations                 GenerationRequest -> 202 GenerationAccepted (402 no credits, 429 too many jobs, 422 bad input)
 *   GET    /api/v1/jobs/{jobId}                       -> JobView
 *   GET    /api/v1/jobs?active=1                      -> { jobs: JobView[] }  (my queued/running jobs: resume after a reload)
 *   GET    /api/v1/images?cursor&limit&model&vibe&q   -> ImagePage  (mine, newest first)
 *   GET    /api/v1/images/{id}                        -> ImageItem  (mine, or public)
 *   DELETE /api/v1/images/{id}                        -> { deleted: 1 }
 *   POST   /api/v1/images/bulk-delete                 { ids } -> { deleted: number }
 *   POST   /api/v1/images/{id}/share                  -> ShareState (public; link /content/{id})
 *   DELETE /api/v1/images/{id}/share                  -> ShareState (private again)
 *   GET    /api/v1/images/{id}/download?format=png|webp -> the file (attachment)
 *   POST   /api/v1/images/{id}/like | DELETE           -> LikeState
 *   GET    /api/v1/images/trending?cursor&limit       -> ImagePage  (public images of all users)
 *   GET    /api/v1/vibes                              -> { vibes: Vibe[] }  (built-in + mine)
 *   POST   /api/v1/vibes  VibeInput -> Vibe;  PATCH /api/v1/vibes/{id} Partial<VibeInput> -> Vibe;  DELETE -> { deleted: 1 }
 *   GET    /api/v1/inspirations                       -> { inspirations: Inspiration[] }
 *   GET    /api/v1/assets?cursor                      -> AssetPage;  POST (multipart "file") -> AssetItem;  DELETE /api/v1/assets/{id}
 */
import type { AspectRatio } from "@/lib/media/images/schema";

export interface ImageModelInfo {
  id: string;
  label: string;
  provider: string;
  enabled: boolean;
  supports_edit: boolean;
  max_images_per_call: number;
  credits_per_image: number;
  /** e.g. "Set OPENAI_API_KEY to enable", or "Runs on this server; not AI". */
  note: string | null;
}

export interface ModelsResponse {
  models: ImageModelInfo[];
  default_model_id: string;
}

/** POST body: the fields of lib/media/images/schema.ts in snake_case; the mask as a PNG data URL. */
export interface GenerationRequest {
  prompt: string;
  negative_prompt?: string;
  vibe_id?: string;
  aspect_ratio?: AspectRatio;
  count?: number;
  seed?: number;
  model_id: string;
  source_image_id?: string;
  /** `data:image/png;base64,…`, white = change, same size as the source. */
  mask?: string;
  remix_of_id?: string;
}

export interface GenerationAccepted {
  job_id: string;
  content_ids: string[];
  credits_charged: number;
  balance: number;
}

export type JobState = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface JobView {
  id: string;
  type: string;
  state: JobState;
  /** 0..1 */
  progress: number;
  /** A human sentence when failed. */
  error: string | null;
  content_ids: string[];
  created_at: string;
  updated_at: string;
}

/** Signed, time-limited URLs; never store them. */
export interface ImageUrls {
  original: string;
  thumbnail: string;
}

export interface ImageSettings {
  prompt: string;
  negative_prompt: string | null;
  vibe_id: string | null;
  vibe_name: string | null;
  aspect_ratio: AspectRatio;
  seed: number;
  model_id: string;
  model_label: string;
  source_image_id: string | null;
  width: number | null;
  height: number | null;
}

export interface ImageItem {
  id: string;
  /** The viewer made it. Nobody else is told whose it is (no owner uid), nor what it was made from (`settings.source_image_id` is null for them). */
  is_mine: boolean;
  status: "queued" | "running" | "ready" | "failed";
  error: string | null;
  title: string;
  visibility: "private" | "public";
  settings: ImageSettings;
  urls: ImageUrls | null;
  job_id: string | null;
  likes: number;
  remixes: number;
  liked_by_me: boolean;
  created_at: string;
}

export interface ImagePage {
  items: ImageItem[];
  next_cursor: string | null;
}

export interface ShareState {
  visibility: "private" | "public";
  /** The public link (same origin), when public. */
  url: string | null;
}

export type { LikeState } from "@/lib/media/likes/contract";

export interface VibeInput {
  name: string;
  prompt_additions: string;
  negative_prompt: string;
  /** 1..6 hex colours, e.g. "#7c3aed". */
  palette: string[];
}

export interface Vibe extends VibeInput {
  id: string;
  /** null for the built-in vibes everyone sees. */
  owner_id: string | null;
  example_image_urls: string[];
  created_at: string;
}

export interface Inspiration {
  id: string;
  title: string;
  prompt: string;
  negative_prompt: string | null;
  aspect_ratio: AspectRatio;
  vibe_id: string | null;
  seed: number;
  image_url: string;
}

export interface AssetItem {
  id: string;
  name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  urls: ImageUrls;
  created_at: string;
}

export interface AssetPage {
  items: AssetItem[];
  next_cursor: string | null;
}
