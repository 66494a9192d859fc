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
import { z } from "zod";
import { ASPECT_RATIOS } from "@/lib/media/images/schema";

const aspectRatio = z.enum(ASPECT_RATIOS);

export const imageModelInfoSchema = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  enabled: z.boolean(),
  supports_edit: z.boolean(),
  max_images_per_call: z.number().int(),
  credits_per_image: z.number(),
  /** e.g. "Runs on this server; not AI". */
  note: z.string().nullable(),
});
export type ImageModelInfo = z.infer<typeof imageModelInfoSchema>;

export const modelsResponseSchema = z.object({
  models: z.array(imageModelInfoSchema),
  default_model_id: z.string(),
});
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

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
type AspectRatio = z.infer<typeof aspectRatio>;

export const generationAcceptedSchema = z.object({
  job_id: z.string(),
  content_ids: z.array(z.string()),
  credits_charged: z.number(),
  balance: z.number(),
});
export type GenerationAccepted = z.infer<typeof generationAcceptedSchema>;

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(JOB_STATES),
  /** 0..1 */
  progress: z.number().min(0).max(1),
  /** A human sentence when failed. */
  error: z.string().nullable(),
  content_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** Signed, time-limited URLs; never store them. */
export const imageUrlsSchema = z.object({ original: z.string(), thumbnail: z.string() });
export type ImageUrls = z.infer<typeof imageUrlsSchema>;

export const imageSettingsSchema = z.object({
  prompt: z.string(),
  negative_prompt: z.string().nullable(),
  vibe_id: z.string().nullable(),
  vibe_name: z.string().nullable(),
  aspect_ratio: aspectRatio,
  seed: z.number().int(),
  model_id: z.string(),
  model_label: z.string(),
  source_image_id: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ImageSettings = z.infer<typeof imageSettingsSchema>;

export const imageItemSchema = z
  .object({
    id: z.string(),
    /** The viewer made it. Nobody else is told whose it is (no owner uid), nor what it was made from (`settings.source_image_id` is null for them). */
    is_mine: z.boolean(),
    status: z.enum(["queued", "running", "ready", "failed"]),
    error: z.string().nullable(),
    title: z.string(),
    visibility: z.enum(["private", "public"]),
    settings: imageSettingsSchema,
    urls: imageUrlsSchema.nullable(),
    job_id: z.string().nullable(),
    likes: z.number().int(),
    remixes: z.number().int(),
    liked_by_me: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Image" });
export type ImageItem = z.infer<typeof imageItemSchema>;

export const imagePageSchema = z.object({ items: z.array(imageItemSchema), next_cursor: z.string().nullable() });
export type ImagePage = z.infer<typeof imagePageSchema>;

export const shareStateSchema = z.object({
  visibility: z.enum(["private", "public"]),
  /** The public link (same origin), when public. */
  url: z.string().nullable(),
});
export type ShareState = z.infer<typeof shareStateSchema>;

export type { LikeState } from "@/lib/media/likes/contract";

export interface VibeInput {
  name: string;
  prompt_additions: string;
  negative_prompt: string;
  /** 1..6 hex colours, e.g. "#7c3aed". */
  palette: string[];
}

export const vibeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prompt_additions: z.string(),
    negative_prompt: z.string(),
    /** 1..6 hex colours, e.g. "#7c3aed". */
    palette: z.array(z.string()),
    /** null for the built-in vibes everyone sees. */
    owner_id: z.string().nullable(),
    example_image_urls: z.array(z.string()),
    created_at: z.string(),
  })
  .meta({ id: "Vibe" });
export type Vibe = z.infer<typeof vibeSchema>;

export const inspirationSchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  negative_prompt: z.string().nullable(),
  aspect_ratio: aspectRatio,
  vibe_id: z.string().nullable(),
  seed: z.number().int(),
  image_url: z.string(),
});
export type Inspiration = z.infer<typeof inspirationSchema>;

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
