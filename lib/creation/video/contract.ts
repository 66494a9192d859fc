/**
 * The video API's wire contract: request bodies (zod, shared by the route
 * handlers and the forms) and the JSON views the screens read. Browser-safe.
 *
 *   GET    /api/v1/videos/options                  -> { data: VideoOptions }
 *   GET    /api/v1/videos/templates/{id}/preview?ratio=16:9 -> { data: { props: RenderProps } }  (sample scenes, for animated previews)
 *   POST   /api/v1/videos                          body CreateVideoInput -> 201 { data: VideoView }   (plan only; render_now also queues the render)
 *   GET    /api/v1/videos?cursor=                  -> { data: VideoSummary[], next_cursor }
 *   GET    /api/v1/videos/{id}                     -> { data: VideoView }
 *   PATCH  /api/v1/videos/{id}                     body EditVideoInput -> { data: VideoView }  (409 revision_conflict | rendering; audio.caption_preset picks the caption style)
 *   DELETE /api/v1/videos/{id}                     -> 204
 *   GET    /api/v1/videos/{id}/player              -> { data: { props: RenderProps, revision } }  (the stored composition, with signed media URLs)
 *   GET    /api/v1/videos/{id}/captions?format=vtt|srt -> the rendered captions file (WebVTT with word timestamps, or SRT)
 *   POST   /api/v1/videos/{id}/render              -> 202 { data: VideoView }  (debits; 402 when short of credits)
 *   POST   /api/v1/videos/{id}/cancel              -> { data: VideoView }
 *   POST   /api/v1/videos/{id}/duplicate           -> 201 { data: VideoView }
 *   POST   /api/v1/videos/{id}/translate           body TranslateVideoInput -> 201 { data: VideoView }  (a language version; needs a provider model)
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
import { compositionRatioSchema } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";
import { findLanguage } from "@/lib/engine/language/languages";

/** A language videos are made in (lib/engine/language: a voice speaks it and the fonts draw it). */
export const videoLanguageSchema = z
  .string()
  .trim()
  .max(35)
  .refine((tag) => findLanguage(tag) !== null, "Pick a language from the list.");

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
  /** The language to write in; absent or null: detected from the brief. */
  language: videoLanguageSchema.nullable().optional(),
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
  /** The language the texts are in (fonts, direction, the voices offered); the texts themselves are not translated. */
  language: videoLanguageSchema.optional(),
});
export type EditVideoInput = z.input<typeof editVideoInputSchema>;

export const CAPTION_FORMATS = ["vtt", "srt"] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];
/** GET /api/v1/videos/{id}/captions?format=: WebVTT (default) or SRT. */
export const captionFileQuerySchema = z.object({ format: z.enum(CAPTION_FORMATS).default("vtt") });

export const shareInputSchema = z.object({ public: z.boolean() });

/** POST /api/v1/videos/{id}/translate: a language version of the video (a new draft; render_now also queues its render). */
export const translateVideoInputSchema = z.object({
  language: videoLanguageSchema,
  render_now: z.boolean().default(false),
});
export type TranslateVideoInput = z.input<typeof translateVideoInputSchema>;

export const sceneImageInputSchema = z.discriminatedUnion("source", [
  /** Generate a new picture for the scene with the image model. */
  z.object({
    source: z.literal("generate"),
    prompt: z.string().trim().min(1).max(2000),
    revision: z.number().int().min(0),
  }),
  /** One of my images (content id of kind image) or assets (asset id). */
  z.object({ source: z.enum(["content", "asset"]), id, revision: z.number().int().min(0) }),
  /** A stock photo or clip (a candidate's provider, id and kind): copied into my assets, credited, then used. */
  z.object({
    source: z.literal("stock"),
    provider: z.enum(["pexels", "pixabay"]),
    id: z.string().regex(/^\d{1,20}$/, "A stock item's id is a number."),
    kind: z.enum(["photo", "video"]),
    revision: z.number().int().min(0),
  }),
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
  /** The video's parts (a scene's own frames, or a transition): kept from the last render, rendered, rendering now. */
  segments: z
    .object({
      total: z.number().int(),
      reused: z.number().int(),
      rendered: z.number().int(),
      /** Indexes (0-based) of the parts rendering now. */
      rendering: z.array(z.number().int()),
    })
    .nullable()
    .optional(),
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

/** A layout's slots as the editor needs them: which fields to show, their labels and limits. */
export const layoutSlotOptionSchema = z.object({
  id: z.string(),
  kind: z.enum(["text", "image", "logo", "shape"]),
  role: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** Text slots: the most characters that fit. */
  max_chars: z.number().int().nullable(),
});
export type LayoutSlotOption = z.infer<typeof layoutSlotOptionSchema>;

export const templateOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  layouts: z.array(z.object({ id: z.string(), name: z.string(), slots: z.array(layoutSlotOptionSchema) })),
});
export type TemplateOption = z.infer<typeof templateOptionSchema>;

export const voiceOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  language: z.string(),
  provider: z.string(),
  /** GET it for a spoken sample (audio/wav). */
  sample_url: z.string(),
  preview: z.boolean(),
});
export type VoiceOption = z.infer<typeof voiceOptionSchema>;

export const musicOptionSchema = z.object({ id: z.string(), label: z.string(), mood: z.string(), url: z.string() });
export type MusicOption = z.infer<typeof musicOptionSchema>;

export const modelOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  available: z.boolean(),
  /** Why it cannot be used, when not available. */
  reason: z.string().nullable(),
  preview: z.boolean(),
});
export type ModelOption = z.infer<typeof modelOptionSchema>;

/** What the editors' "Generate picture" costs: the model it uses and its price in credits (0: the free Local preview). */
export const scenePicturePriceSchema = z.object({ model: z.string(), credits: z.number() });
export type ScenePicturePrice = z.infer<typeof scenePicturePriceSchema>;

export const videoOptionsSchema = z.object({
  templates: z.array(templateOptionSchema),
  voices: z.array(voiceOptionSchema),
  music: z.array(musicOptionSchema),
  models: z.array(modelOptionSchema),
  default_model_id: z.string(),
  default_voice_id: z.string().nullable(),
  lengths: z.array(z.union([z.literal(15), z.literal(20), z.literal(30), z.literal(45), z.literal(60)])).readonly(),
  /**
   * The lengths the person's plan does not render, each with the cheapest plan that does ("Pro"): the form marks
   * them before they are picked. A storyboard of any length is free; only its render needs the plan.
   */
  length_plans: z.array(
    z.object({
      length_s: z.union([z.literal(15), z.literal(20), z.literal(30), z.literal(45), z.literal(60)]),
      plan: z.string(),
      max_seconds: z.number(),
    }),
  ),
  ratios: z.array(compositionRatioSchema).readonly(),
  /** credits = ceil(seconds / 15) * per_15s[model provider]. */
  pricing: z.object({ per_15s: z.record(z.string(), z.number()) }),
  /** A generated scene picture (the editor's button shows it). */
  scene_picture: scenePicturePriceSchema,
  /** Language versions (POST /videos/{id}/translate): whether a provider model can translate here, and which. */
  translate: z.object({ available: z.boolean(), model: z.string().nullable() }),
  balance: z.number(),
});
export type VideoOptions = z.infer<typeof videoOptionsSchema>;

export type PlayerPropsView = { props: RenderProps; revision: number };
