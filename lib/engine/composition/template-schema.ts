/**
 * Template: a look (fonts, palette, type, background, text treatment),
 * motion (scene transitions, slot animation personality, pacing), a music
 * mood, the burned-in caption style and the layouts it offers. A template
 * document names its current version; each TemplateVersion is immutable once
 * published and carries full snapshots of its layouts, so content made with
 * an old version renders the same after staff edit or retire a layout.
 * Browser-safe.
 */
import { z } from "zod";
import { fontIdSchema } from "./fonts";
import { ANIMATION_TYPES, EASINGS, layoutSnapshotSchema } from "./layout-schema";

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour is #rrggbb");

export const paletteSchema = z.object({
  background: hexColorSchema,
  surface: hexColorSchema,
  text: hexColorSchema,
  muted: hexColorSchema,
  accent: hexColorSchema,
  /** Text drawn on the accent colour. */
  accentText: hexColorSchema,
});
export type Palette = z.infer<typeof paletteSchema>;

export const TEXT_TREATMENTS = ["none", "box", "underline", "outline", "highlight"] as const;
export type TextTreatment = (typeof TEXT_TREATMENTS)[number];

export const BACKGROUND_KINDS = ["solid", "gradient", "pattern", "image"] as const;
export const BACKGROUND_PATTERNS = ["dots", "grid", "diagonal", "waves", "blobs", "grain"] as const;
export type BackgroundPattern = (typeof BACKGROUND_PATTERNS)[number];

export const backgroundSchema = z.object({
  kind: z.enum(BACKGROUND_KINDS),
  /** Solid: the first; gradient: 2-4 stops; pattern: base colour then pattern colour(s). */
  colors: z.array(hexColorSchema).min(1).max(4),
  /** Gradient direction in degrees (CSS convention: 0 = to top, 90 = to right). */
  angle: z.number().min(0).max(360).default(180),
  /** Radial instead of linear (gradient). */
  radial: z.boolean().default(false),
  pattern: z.enum(BACKGROUND_PATTERNS).optional(),
  /** Pattern element size in design units. */
  patternScale: z.number().min(4).max(400).default(48),
  /** Pattern opacity 0..1. */
  patternOpacity: z.number().min(0).max(1).default(0.12),
  /** Blob-store key of a background picture (kind "image"). */
  image_key: z.string().min(1).max(512).optional(),
  /** A darkening layer over an image, 0..1. */
  overlay: z.number().min(0).max(1).default(0),
});
export type TemplateBackground = z.infer<typeof backgroundSchema>;

/** A font file staff uploaded for templates (checked to be a real font), drawn instead of the bundled font it names. */
export const templateFontFileSchema = z.object({
  /** Blob-store key of the file. */
  key: z.string().min(1).max(512),
  /** The family name read from the file. */
  family: z.string().min(1).max(120),
  format: z.enum(["ttf", "otf", "woff", "woff2"]),
});
export type TemplateFontFile = z.infer<typeof templateFontFileSchema>;

export const styleSchema = z.object({
  /** Bundled fonts; also the metrics text is fitted with when an uploaded file replaces one. */
  fonts: z.object({ heading: fontIdSchema, body: fontIdSchema }),
  /** Uploaded font files replacing the heading / body font (null = the bundled font). */
  fontFiles: z
    .object({ heading: templateFontFileSchema.nullable(), body: templateFontFileSchema.nullable() })
    .default({ heading: null, body: null }),
  palette: paletteSchema,
  /** Multiplies every slot's font size range (1 = as the layout says). */
  typeScale: z.number().min(0.5).max(2),
  /** Padding inside boxes with a surface, design units. */
  spacing: z.number().min(0).max(120),
  /** Corner radius of images, surfaces and caption boxes, design units. */
  radius: z.number().min(0).max(200),
  textTreatment: z.enum(TEXT_TREATMENTS),
  /** Letter spacing in em for headings and body text. */
  letterSpacing: z
    .object({ heading: z.number().min(-0.1).max(0.5), body: z.number().min(-0.1).max(0.5) })
    .default({ heading: 0, body: 0 }),
  /** Overrides every heading-role slot's weight (e.g. 800 for a heavy look); null = the slot's own. */
  headingWeight: z.number().int().min(100).max(900).nullable().default(null),
  background: backgroundSchema,
});
export type TemplateStyle = z.infer<typeof styleSchema>;

export const TRANSITIONS = ["none", "fade", "slide", "wipe", "zoom"] as const;
export type TransitionKind = (typeof TRANSITIONS)[number];
export const IMAGE_MOTIONS = ["none", "zoom-in", "zoom-out", "pan"] as const;
export type ImageMotion = (typeof IMAGE_MOTIONS)[number];

export const motionSchema = z.object({
  transition: z.enum(TRANSITIONS),
  transitionMs: z.number().int().min(0).max(2000),
  easing: z.enum(EASINGS),
  /** Scene pace multiplier: minimum scene length and pauses are multiplied by it (0.8 = brisk, 1.3 = leisurely). */
  pacing: z.number().min(0.5).max(2),
  /** How slots enter: "layout" keeps each layout's own animations, another value replaces every text slot's enter type. */
  enter: z.enum(["layout", ...ANIMATION_TYPES]).default("layout"),
  /** Extra delay between consecutive slots' entries, ms. */
  staggerMs: z.number().int().min(0).max(1000).default(0),
  /** Slow movement of full images over a scene. Every frame differs while it runs, so it costs render time. */
  imageMotion: z.enum(IMAGE_MOTIONS).default("none"),
});
export type TemplateMotion = z.infer<typeof motionSchema>;

export const MUSIC_MOODS = ["none", "energetic", "calm", "corporate", "playful", "cinematic"] as const;
export const musicSchema = z.object({
  mood: z.enum(MUSIC_MOODS),
  /** Music volume 0..1 when nobody speaks. */
  volume: z.number().min(0).max(1).default(0.35),
  /** Music volume while narration plays (ducking). */
  duckedVolume: z.number().min(0).max(1).default(0.08),
});
export type TemplateMusic = z.infer<typeof musicSchema>;

export const captionStyleSchema = z.object({
  position: z.enum(["top", "center", "bottom"]),
  font: z.enum(["heading", "body"]),
  /** Font size in design units. */
  fontPx: z.number().min(12).max(160),
  weight: z.number().int().min(100).max(900),
  uppercase: z.boolean(),
  textColor: hexColorSchema,
  /** The spoken phrase's colour. */
  highlightColor: hexColorSchema,
  /** Text colour of the spoken phrase when the highlight is a box behind it. */
  highlightTextColor: hexColorSchema,
  highlight: z.enum(["color", "box", "underline"]),
  /** Behind the whole caption. */
  background: z.enum(["none", "box", "band"]),
  backgroundColor: hexColorSchema,
  backgroundOpacity: z.number().min(0).max(1),
  /** Characters per caption page (one or two lines). */
  maxChars: z.number().int().min(12).max(200),
  maxLines: z.number().int().min(1).max(4),
});
export type CaptionStyle = z.infer<typeof captionStyleSchema>;

export const TEMPLATE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const templateIdSchema = z.string().regex(TEMPLATE_ID, "a template id is a lowercase slug");

/** A template version's content, without store bookkeeping. */
export const templateVersionBodySchema = z.object({
  style: styleSchema,
  motion: motionSchema,
  music: musicSchema,
  captions: captionStyleSchema,
  /** Full snapshots of the layouts this version offers, in picker order. */
  layouts: z.array(layoutSnapshotSchema).min(1).max(40),
});
export type TemplateVersionBody = z.infer<typeof templateVersionBodySchema>;
export type TemplateVersionBodyInput = z.input<typeof templateVersionBodySchema>;

export function templateVersionId(templateId: string, version: number): string {
  return `${templateId}@${version}`;
}
