/**
 * RenderProps: everything the Remotion composition draws, fully resolved
 * (pixels, frames, colours, URLs, fitted text lines), so the browser Player
 * and the server renderer draw exactly the same thing from the same props.
 * Made by resolve.ts from a composition and its template version.
 * Browser-safe.
 */
import { z } from "zod";
import { captionPresetSchema } from "./caption-presets";
import { ANIMATION_TYPES, EASINGS, SLOT_KINDS, SLOT_ROLES } from "./layout-schema";
import { hexColorSchema, IMAGE_MOTIONS, TEXT_TREATMENTS, TRANSITIONS } from "./template-schema";

/** http(s), a path on the app, or a data: URI (backgrounds drawn in the browser). */
const src = z.string().min(1).max(2_000_000);
const px = z.number().finite();
const frames = z.number().int().min(0);

export const pxBoxSchema = z.object({ x: px, y: px, w: px.min(0), h: px.min(0) });
export type PxBox = z.infer<typeof pxBoxSchema>;

export const frameAnimationSchema = z.object({
  type: z.enum(ANIMATION_TYPES),
  /** Relative to the scene's first frame. */
  startFrame: frames,
  durationInFrames: frames,
  easing: z.enum(EASINGS),
});
export type FrameAnimation = z.infer<typeof frameAnimationSchema>;

export const renderTextSchema = z.object({
  lines: z.array(z.object({ text: z.string(), continuation: z.boolean() })),
  /** CSS font-family value. */
  fontFamily: z.string(),
  fontWeight: z.number().int(),
  fontPx: px.positive(),
  lineHeightPx: px.positive(),
  letterSpacingEm: z.number(),
  uppercase: z.boolean(),
  align: z.enum(["left", "center", "right"]),
  valign: z.enum(["top", "middle", "bottom"]),
  color: hexColorSchema,
  /** Room kept free inside the box (a slot surface's padding, or the box treatment's), px. */
  paddingPx: px.min(0),
  /** Indent of paragraph continuation lines (bullets), px. */
  indentPx: px.min(0),
  /** The template's headline treatment, or "none". */
  treatment: z.enum(TEXT_TREATMENTS),
  treatmentColor: hexColorSchema,
  /** Colour of text inside a treatment box/highlight. */
  treatmentTextColor: hexColorSchema,
  /** The text did not fit even at its minimum size and was cut with an ellipsis. */
  overflow: z.boolean(),
  /** Right to left (Arabic, Hebrew: scripts.ts); absent = left to right. */
  direction: z.enum(["ltr", "rtl"]).optional(),
});
export type RenderText = z.infer<typeof renderTextSchema>;

export const renderClipSchema = z.object({
  trimBeforeFrames: frames,
  /** Frames of the looped stretch; null: the clip plays through once. */
  loopFrames: z.number().int().min(1).nullable(),
  /** Its poster picture (editor thumbnails draw it instead of loading the clip), or null. */
  posterSrc: src.nullable(),
});
export type RenderClip = z.infer<typeof renderClipSchema>;

export const renderSlotSchema = z.object({
  id: z.string(),
  kind: z.enum(SLOT_KINDS),
  role: z.enum(SLOT_ROLES),
  z: z.number().int(),
  /** Canvas pixels. */
  box: pxBoxSchema,
  enter: frameAnimationSchema.nullable(),
  exit: frameAnimationSchema.nullable(),
  /** A fill behind the slot (badge, button, card) or a shape's colour. */
  surface: z
    .object({ color: hexColorSchema, opacity: z.number().min(0).max(1), radiusPx: px.min(0), paddingPx: px.min(0) })
    .nullable(),
  text: renderTextSchema.nullable(),
  media: z
    .object({
      src,
      objectFit: z.enum(["cover", "contain"]),
      mediaType: z.string(),
      radiusPx: px.min(0),
      /** A video clip (muted): where it plays from and how it loops (lib/engine/composition/clip.ts). */
      clip: renderClipSchema.optional(),
    })
    .nullable(),
});
export type RenderSlot = z.infer<typeof renderSlotSchema>;

export const renderCaptionPageSchema = z.object({
  /** Frames relative to the scene's first frame. */
  startFrame: frames,
  endFrame: frames,
  fontPx: px.positive(),
  phrases: z.array(z.object({ startFrame: frames, endFrame: frames })),
  lines: z.array(
    z.array(
      z.object({
        text: z.string(),
        phrase: z.number().int().min(0),
        /** When the word is spoken (frames relative to the scene); absent in props made before word timing. */
        startFrame: frames.optional(),
        endFrame: frames.optional(),
      }),
    ),
  ),
});
export type RenderCaptionPage = z.infer<typeof renderCaptionPageSchema>;

export const renderSceneSchema = z.object({
  id: z.string(),
  layoutId: z.string(),
  /** First frame in the video, and length (including the overlaps with neighbours). */
  from: frames,
  durationInFrames: z.number().int().min(1),
  transitionInFrames: frames,
  transitionOutFrames: frames,
  slots: z.array(renderSlotSchema),
  narration: z.object({ src, startFrame: frames, durationInFrames: frames }).nullable(),
  /** Caption pages of the narration (empty without cues or with captions off). */
  captions: z.array(renderCaptionPageSchema),
  /** Where captions sit in this scene (moved away from the layout's text when they would cover it). */
  captionBox: pxBoxSchema,
  /** A frame at which everything has entered and nothing is leaving (posters, design stills). */
  stillFrame: frames,
});
export type RenderScene = z.infer<typeof renderSceneSchema>;

export const renderCaptionStyleSchema = z.object({
  fontFamily: z.string(),
  fontWeight: z.number().int(),
  uppercase: z.boolean(),
  lineHeightPx: px.positive(),
  textColor: hexColorSchema,
  highlightColor: hexColorSchema,
  highlightTextColor: hexColorSchema,
  highlight: z.enum(["color", "box", "underline"]),
  background: z.enum(["none", "box", "band"]),
  backgroundColor: hexColorSchema,
  backgroundOpacity: z.number().min(0).max(1),
  radiusPx: px.min(0),
  paddingPx: px.min(0),
  /** How spoken words are shown (caption-presets.ts); absent = the default preset. */
  preset: captionPresetSchema.optional(),
  /** Right to left (Arabic, Hebrew: scripts.ts); absent = left to right. */
  direction: z.enum(["ltr", "rtl"]).optional(),
});
export type RenderCaptionStyle = z.infer<typeof renderCaptionStyleSchema>;

export const renderPropsSchema = z.object({
  width: z.number().int().min(16).max(4096),
  height: z.number().int().min(16).max(4096),
  fps: z.number().int().min(1).max(60),
  durationInFrames: z.number().int().min(1),
  background: z.object({
    color: hexColorSchema,
    /** The pre-rendered background picture (server renders), or a data: SVG (Player); null = the colour only. */
    image: src.nullable(),
  }),
  /** Font files to load before drawing (paths under the public folder, or a `url`: a brand font asset, one face for every weight). */
  fonts: z.array(
    z.object({
      family: z.string(),
      weight: z.number().int(),
      file: z.string(),
      unicodeRange: z.string(),
      url: src.optional(),
    }),
  ),
  motion: z.object({
    transition: z.enum(TRANSITIONS),
    easing: z.enum(EASINGS),
    imageMotion: z.enum(IMAGE_MOTIONS),
  }),
  captionStyle: renderCaptionStyleSchema,
  scenes: z.array(renderSceneSchema).min(1),
  captions: z.object({ enabled: z.boolean() }),
  music: z
    .object({
      src,
      volume: z.number().min(0).max(1),
      duckedVolume: z.number().min(0).max(1),
      /** Narration windows (video frames) the music ducks under. */
      duckWindows: z.array(z.object({ start: frames, end: frames })),
      /** Track length when known: the track loops to cover the video. */
      durationInFrames: z.number().int().min(1).nullable(),
    })
    .nullable(),
  watermark: z.string().max(80).nullable(),
});
export type RenderProps = z.infer<typeof renderPropsSchema>;

/** The Player's `durationInFrames` for these props (the composition's own metadata uses the same). */
export function videoDurationInFrames(props: Pick<RenderProps, "durationInFrames">): number {
  return Math.max(1, props.durationInFrames);
}
