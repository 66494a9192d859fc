/**
 * The video API's wire contract: request bodies (zod, shared by the route
 * handlers and the forms) and the JSON views the screens read. Browser-safe.
 *
 *   GET    /api/v1/videos/options                  -> { data: VideoOptions }
 *   GET    /api/v1/videos/templates/{id}/preview?ratio=16:9 -> { data: { props: RenderProps } }  (sample scenes, for animated previews)
 *   POST   /api/v1/videos                          body CreateVideoInput -> 201 { data: VideoView }   (plan only; render_now also queues the render)
 *   GET    /api/v1/videos?cursor=                  -> { data: VideoSummary[], next_cursor }
 *   GET    /api/v1/videos/{id}                     -> { data: VideoView }
 *   PATCH  /api/v1/videos/{id}                     body EditVideoInput -> { data: VideoView }  (409 revision_conflict | rendering)
 *   DELETE /api/v1/videos/{id}                     -> 204
 *   GET    /api/v1/videos/{id}/player              -> { data: { props: RenderProps, revision } }  (the stored composition, with signed media URLs)
 *   POST   /api/v1/videos/{id}/render              -> 202 { data: VideoView }  (debits; 402 when short of credits)
 *   POST   /api/v1/videos/{id}/cancel              -> { data: VideoView }
 *   POST   /api/v1/videos/{id}/duplicate           -> 201 { data: VideoView }
 *   PUT    /api/v1/videos/{id}/share               body { public: boolean } -> { data: VideoView }
 *   GET    /api/v1/videos/{id}/revisions           -> { data: RevisionSummary[] }
 *   POST   /api/v1/videos/{id}/revisions/{n}/restore -> { data: VideoView }
 *   POST   /api/v1/videos/{id}/scenes/{sceneId}/image body SceneImageInput -> { data: VideoView }  (generate / pick)
 *   GET    /api/v1/voices/{voiceId}/sample         -> audio/wav
 *   GET    /api/v1/music/{trackId}                 -> audio/wav
 *   Public (signed out): GET /api/v1/public/videos/{id}/{video|poster|captions} -> 307 to a signed URL (404 unless public and rendered)
 */
import { z } from "zod";
import {
  compositionAudioSchema,
  compositionBodySchema,
  MAX_SCENES,
  sceneSchema,
} from "@/lib/engine/composition/composition-schema";
import { compositionRatioSchema, type CompositionRatio } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";

export const MAX_BRIEF_CHARS = 2000;
/** Lengths a video may have; 20 and 45 because briefs ask for them ("a 20-second ad"). */
export const VIDEO_LENGTHS = [15, 20, 30, 45, 60] as const;
export type VideoLength = (typeof VIDEO_LENGTHS)[number];

const id = z.string().trim().min(1).max(128);

export const createVideoInputSchema = z.object({
  brief: z
    .string()
    .trim()
    .min(1, "Describe the video you want.")
    .max(MAX_BRIEF_CHARS, `Keep the brief under ${MAX_BRIEF_CHARS.toLocaleString("en-US")} characters.`),
  aspect_ratio: compositionRatioSchema,
  length_s: z.union([z.literal(15), z.literal(20), z.literal(30), z.literal(45), z.literal(60)], {
    error: "Length is 15, 20, 30, 45 or 60 seconds.",
  }),
  /** Null: the writer picks one. */
  template_id: templateIdSchema.nullable(),
  /** Null: no narration. */
  voice_id: id.nullable(),
  captions: z.boolean(),
  music: z.boolean(),
  model_id: id,
  /** Queue the render right after the plan (skips the storyboard review). */
  render_now: z.boolean().default(false),
});
export type CreateVideoInput = z.input<typeof createVideoInputSchema>;

/** What the editor may change; everything else (owner, kind, template version rules) stays server-side. */
export const editVideoInputSchema = z.object({
  /** The revision the edit was made on; a different stored revision is a 409. */
  revision: z.number().int().min(0),
  title: z.string().trim().min(1).max(200).optional(),
  aspect_ratio: compositionRatioSchema.optional(),
  /** Switching template moves the video to that template's current version. */
  template_id: templateIdSchema.optional(),
  scenes: z
    .array(sceneSchema.omit({ voice: true }))
    .min(1)
    .max(MAX_SCENES)
    .optional(),
  audio: compositionAudioSchema.optional(),
});
export type EditVideoInput = z.input<typeof editVideoInputSchema>;

export const shareInputSchema = z.object({ public: z.boolean() });

export const sceneImageInputSchema = z.discriminatedUnion("source", [
  /** Generate a new picture for the scene with the image model. */
  z.object({
    source: z.literal("generate"),
    prompt: z.string().trim().min(1).max(2000),
    revision: z.number().int().min(0),
  }),
  /** One of my images (content id of kind image) or assets (asset id). */
  z.object({ source: z.enum(["content", "asset"]), id, revision: z.number().int().min(0) }),
]);
export type SceneImageInput = z.infer<typeof sceneImageInputSchema>;

export const RENDER_STAGES = ["queued", "images", "voice", "rendering", "encoding", "saving"] as const;
export type RenderStageName = (typeof RENDER_STAGES)[number];

export const renderStatusViewSchema = z.object({
  job_id: z.string(),
  state: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
  stage: z.enum(RENDER_STAGES),
  /** Whole render 0..1. */
  progress: z.number(),
  /** Frames rendered / total while stage is "rendering". */
  frames: z.object({ rendered: z.number().int(), total: z.number().int() }).nullable(),
  /** Human sentence when failed. */
  error: z.string().nullable(),
  /** The composition revision being rendered. */
  revision: z.number().int(),
  credits: z.number(),
  refunded: z.boolean(),
});
export type RenderStatusView = z.infer<typeof renderStatusViewSchema>;

export const videoFilesViewSchema = z.object({
  /** Same-origin URLs that redirect to signed blob URLs (range requests work). */
  video_url: z.string(),
  poster_url: z.string(),
  captions_url: z.string().nullable(),
  /** The composition revision these files show. */
  revision: z.number().int(),
  duration_ms: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  size_bytes: z.number().int(),
  rendered_at: z.string(),
});
export type VideoFilesView = z.infer<typeof videoFilesViewSchema>;

const videoSummaryFields = {
  id: z.string(),
  title: z.string(),
  /** draft: planned, never rendered; rendering; ready: has a file; failed: last render failed (an older file may still exist). */
  status: z.enum(["draft", "rendering", "ready", "failed"]),
  visibility: z.enum(["private", "public"]),
  aspect_ratio: compositionRatioSchema,
  poster_url: z.string().nullable(),
  duration_ms: z.number().nullable(),
  progress: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};
export const videoSummarySchema = z.object(videoSummaryFields).meta({ id: "VideoSummary" });
export type VideoSummary = z.infer<typeof videoSummarySchema>;

export const madeWithViewSchema = z.object({
  brief: z.string(),
  model: z.object({ id: z.string(), label: z.string(), preview: z.boolean() }),
  template: z.object({ id: z.string(), name: z.string(), version: z.number().int() }),
  voice: z.object({ id: z.string(), label: z.string() }).nullable(),
  music: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** Notice from the writer (e.g. "Local preview: written from your brief's own words"). */
  notice: z.string().nullable(),
});
export type MadeWithView = z.infer<typeof madeWithViewSchema>;

export const videoViewSchema = z
  .object({
    ...videoSummaryFields,
    kind: z.literal("video"),
    revision: z.number().int(),
    composition: compositionBodySchema,
    render: renderStatusViewSchema.nullable(),
    files: videoFilesViewSchema.nullable(),
    made_with: madeWithViewSchema,
    credits_spent: z.number(),
    /** Public watch page and embed URLs (paths), present while public. */
    share: z.object({ watch_path: z.string(), embed_path: z.string(), content_path: z.string() }).nullable(),
  })
  .meta({ id: "Video" });
export type VideoView = z.infer<typeof videoViewSchema>;

export const revisionSummarySchema = z.object({
  revision: z.number().int(),
  saved_at: z.string(),
  title: z.string(),
  scenes: z.number().int(),
  rendered: z.boolean(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export interface TemplateOption {
  id: string;
  name: string;
  description: string;
  version: number;
  layouts: { id: string; name: string; slots: LayoutSlotOption[] }[];
}

/** A layout's slots as the editor needs them: which fields to show, their labels and limits. */
export interface LayoutSlotOption {
  id: string;
  kind: "text" | "image" | "logo" | "shape";
  role: string;
  label: string;
  required: boolean;
  /** Text slots: the most characters that fit. */
  max_chars: number | null;
}

export interface VoiceOption {
  id: string;
  label: string;
  language: string;
  provider: string;
  /** GET it for a spoken sample (audio/wav). */
  sample_url: string;
  preview: boolean;
}

export interface MusicOption {
  id: string;
  label: string;
  mood: string;
  url: string;
}

export interface ModelOption {
  id: string;
  label: string;
  provider: string;
  available: boolean;
  /** Why it cannot be used (missing key), when not available. */
  reason: string | null;
  preview: boolean;
}

/** What the editors' "Generate picture" costs: the model it uses and its price in credits (0: the free Local preview). */
export interface ScenePicturePrice {
  model: string;
  credits: number;
}

export interface VideoOptions {
  templates: TemplateOption[];
  voices: VoiceOption[];
  music: MusicOption[];
  models: ModelOption[];
  default_model_id: string;
  default_voice_id: string | null;
  lengths: readonly VideoLength[];
  /**
   * The lengths the person's plan does not render, each with the cheapest plan that does ("Pro"): the form marks
   * them before they are picked. A storyboard of any length is free; only its render needs the plan.
   */
  length_plans: { length_s: VideoLength; plan: string; max_seconds: number }[];
  ratios: readonly CompositionRatio[];
  /** credits = ceil(seconds / 15) * per_15s[model provider]. */
  pricing: { per_15s: Record<string, number> };
  /** A generated scene picture (the editor's button shows it). */
  scene_picture: ScenePicturePrice;
  balance: number;
}

export type PlayerPropsView = { props: RenderProps; revision: number };
