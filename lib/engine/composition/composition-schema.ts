/**
 * Composition: a user's video or design as data. The `compositions`
 * collection holds it under the id of its `content` document (which stays
 * the list/status record). Every stored shape carries `schema_version`;
 * migrations.ts upgrades older ones on read. Browser-safe.
 */
import { z } from "zod";
import { brandCaptionStyleSchema, captionPresetSchema } from "./caption-presets";
import { captionCueSchema } from "./cues";
import { fontIdSchema } from "./fonts";
import { layoutIdSchema, slotIdSchema } from "./layout-schema";
import { compositionRatioSchema } from "./ratios";
import { hexColorSchema, templateIdSchema } from "./template-schema";
import { DOC_ID } from "@/lib/platform/db/ids";
import { LANGUAGE_TAG } from "@/lib/engine/language/languages";

export const COMPOSITION_SCHEMA_VERSION = 2;
export const MAX_SCENES = 30;

const blobKey = z.string().min(1).max(512);
const uid = z.string().regex(DOC_ID);

/** Longest clip source a scene may name (an upload is at most 200 MB; a few hours covers any of those). */
const CLIP_MAX_MS = 6 * 3600_000;

export const MEDIA_SOURCES = ["generated", "asset", "upload", "content"] as const;

export const textValueSchema = z.object({ type: z.literal("text"), text: z.string().max(2000) });
export const mediaValueSchema = z.object({
  type: z.literal("media"),
  /** Blob-store key of the picture (or clip). */
  key: blobKey,
  media_type: z.string().regex(/^(image|video)\/[a-z0-9.+-]+$/, "media_type is an image/* or video/* type"),
  source: z.enum(MEDIA_SOURCES),
  asset_id: z.string().max(128).optional(),
  content_id: z.string().max(128).optional(),
  /** The prompt a generated picture was made from. */
  prompt: z.string().max(2000).optional(),
  /** A clip (video/*): where in the source it starts playing, ms (default 0). Clips are muted; see lib/engine/composition/clip.ts. */
  clip_start_ms: z.number().int().min(0).max(CLIP_MAX_MS).optional(),
  /** A clip's source length, ms, read when it was picked: the clip loops when the scene is longer than what is left of it. */
  clip_duration_ms: z.number().int().min(1).max(CLIP_MAX_MS).optional(),
  /** A clip's poster frame (the asset's poster picture), for thumbnails drawn without loading the clip. */
  poster_key: blobKey.optional(),
});
export const noneValueSchema = z.object({ type: z.literal("none") });
export const slotValueSchema = z.discriminatedUnion("type", [textValueSchema, mediaValueSchema, noneValueSchema]);
export type SlotValue = z.infer<typeof slotValueSchema>;
export type MediaValue = z.infer<typeof mediaValueSchema>;

/** Generated narration, cached so a re-render skips a scene whose text and voice did not change. */
export const sceneVoiceSchema = z.object({
  key: blobKey,
  duration_ms: z
    .number()
    .int()
    .min(0)
    .max(10 * 60_000),
  cues: z.array(captionCueSchema).max(500),
  voice_id: z.string().min(1).max(128),
  /** Hash of the narration text (and voice settings) the audio was made from. */
  text_hash: z.string().min(1).max(128),
});
export type SceneVoice = z.infer<typeof sceneVoiceSchema>;

export const SCENE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const sceneSchema = z.object({
  id: z.string().regex(SCENE_ID),
  layout_id: layoutIdSchema,
  values: z.record(slotIdSchema, slotValueSchema),
  narration: z.string().max(2000),
  /** Fixed length; null = derived from the narration (and the template's pacing). */
  duration_ms: z.number().int().min(500).max(120_000).nullable(),
  image_prompt: z.string().max(2000).optional(),
  /** A few words to search stock and the owner's assets with for this scene's picture (the writer's, or from its words). */
  visual_query: z.string().max(200).optional(),
  voice: sceneVoiceSchema.optional(),
});
export type Scene = z.infer<typeof sceneSchema>;

export const compositionAudioSchema = z.object({
  voice_id: z.string().min(1).max(128).nullable(),
  captions: z.boolean(),
  music: z.object({
    track_id: z.string().min(1).max(128).nullable(),
    /** 0..1: the music's level when nobody speaks (it is ducked under narration). */
    volume: z.number().min(0).max(1),
  }),
  /** How burned-in captions show the spoken words (caption-presets.ts); absent = the brand kit's, else the default. */
  caption_preset: captionPresetSchema.optional(),
});
export type CompositionAudio = z.infer<typeof compositionAudioSchema>;

/** A brand font as applied: a bundled font, or a font asset (its file's key; drawn under its own CSS family). */
export const brandFontSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("bundled"), id: fontIdSchema }),
  z.object({
    kind: z.literal("asset"),
    asset_id: z.string().min(1).max(128),
    key: blobKey,
    family: z.string().min(1).max(120),
  }),
]);
export type BrandFont = z.infer<typeof brandFontSchema>;

/**
 * The brand kit as applied to this composition: a snapshot taken when the
 * user asked for it (lib/creation/brand), so later kit edits change nothing until
 * they apply it again. Every field is optional: older compositions stay valid.
 */
export const brandSchema = z.object({
  logo_key: blobKey.optional(),
  logo_asset_id: z.string().min(1).max(128).optional(),
  /** Older form: the first replaces the template's accent, the second its surface (`palette` wins when present). */
  colors: z.array(hexColorSchema).max(6).optional(),
  palette: z
    .object({
      primary: hexColorSchema,
      secondary: hexColorSchema,
      accent: hexColorSchema,
      text: hexColorSchema,
      background: hexColorSchema,
    })
    .optional(),
  fonts: z.object({ heading: brandFontSchema.optional(), body: brandFontSchema.optional() }).optional(),
  /** The kit's caption style: a preset and its colours. */
  caption_style: brandCaptionStyleSchema.optional(),
  apply: z.boolean(),
});
export type Brand = z.infer<typeof brandSchema>;

export const COMPOSITION_KINDS = ["video", "design"] as const;

/** The composition itself (what the editor edits and the renderer renders). */
export const compositionBodySchema = z.object({
  schema_version: z.literal(COMPOSITION_SCHEMA_VERSION),
  owner_id: uid,
  kind: z.enum(COMPOSITION_KINDS),
  title: z.string().max(200),
  aspect_ratio: compositionRatioSchema,
  template: z.object({ id: templateIdSchema, version: z.number().int().min(1) }),
  scenes: z
    .array(sceneSchema)
    .min(1)
    .max(MAX_SCENES)
    .refine((scenes) => new Set(scenes.map((s) => s.id)).size === scenes.length, {
      message: "scene ids must be unique",
    }),
  audio: compositionAudioSchema,
  brand: brandSchema.nullable(),
  /**
   * BCP 47 tag of the language the texts and narration are in (lib/engine/language): picks the
   * fonts, direction and line breaking, and the voices offered. Absent on older compositions (English).
   */
  language: z.string().max(35).regex(LANGUAGE_TAG, "language is a BCP 47 tag such as fr or pt-BR").optional(),
  /** Bumped on every write; the editor sends the revision it edited for a conflict check. */
  revision: z.number().int().min(0),
});
export type CompositionBody = z.infer<typeof compositionBodySchema>;
export type CompositionBodyInput = z.input<typeof compositionBodySchema>;

/** Default audio settings for a new composition. */
export const DEFAULT_AUDIO: CompositionAudio = {
  voice_id: null,
  captions: true,
  music: { track_id: null, volume: 0.35 },
};
