/**
 * Layout: one scene's arrangement, as data. Named slots (what goes where and
 * how text fits) and, for every aspect ratio, a box per slot in fractions of
 * the canvas. Stored in the `layouts` collection and snapshotted into each
 * template version. Browser-safe.
 */
import { z } from "zod";
import { COMPOSITION_RATIOS, type CompositionRatio } from "./ratios";

export const LIBRARY_STAGES = ["draft", "review", "approved", "live", "retired"] as const;
export type LibraryStage = (typeof LIBRARY_STAGES)[number];
export const LAYOUT_ORIGINS = ["starter", "staff", "generated"] as const;
export type LayoutOrigin = (typeof LAYOUT_ORIGINS)[number];

export const SLOT_KINDS = ["text", "image", "logo", "shape"] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];
export const SLOT_ROLES = [
  "headline",
  "subhead",
  "body",
  "bullets",
  "price",
  "cta",
  "badge",
  "quote",
  "attribution",
  "stat",
  "label",
  "media",
  "logo",
  "decoration",
] as const;
export type SlotRole = (typeof SLOT_ROLES)[number];

export const ANIMATION_TYPES = [
  "none",
  "fade",
  "slide-up",
  "slide-down",
  "slide-left",
  "slide-right",
  "scale",
  "typewriter",
  "mask-reveal",
  "pop",
] as const;
export type AnimationType = (typeof ANIMATION_TYPES)[number];
export const EASINGS = ["linear", "ease-in", "ease-out", "ease-in-out", "spring"] as const;
export type Easing = (typeof EASINGS)[number];

export const animationSchema = z.object({
  type: z.enum(ANIMATION_TYPES),
  durationMs: z.number().int().min(0).max(5000),
  delayMs: z.number().int().min(0).max(10000),
  easing: z.enum(EASINGS),
});
export type Animation = z.infer<typeof animationSchema>;

/** Palette colours a slot can be drawn in (the template's palette decides the actual colour). */
export const PALETTE_ROLES = ["background", "surface", "text", "muted", "accent", "accentText"] as const;
export type PaletteRole = (typeof PALETTE_ROLES)[number];

export const SLOT_ID = /^[a-z][a-z0-9-]{0,31}$/;
export const slotIdSchema = z
  .string()
  .regex(SLOT_ID, "a slot id is a lowercase slug (a-z, 0-9, -), up to 32 characters");

export const fitSchema = z.object({
  /** The most characters the writer and editor may put in (the box is designed for it). */
  maxChars: z.number().int().min(1).max(2000),
  /** Font size range in design units (px on a canvas whose short side is 1080). */
  minFontPx: z.number().min(4).max(400),
  maxFontPx: z.number().min(4).max(600),
  lineHeight: z.number().min(0.7).max(3),
  align: z.enum(["left", "center", "right"]),
  /** CSS weight; the nearest weight the template's font ships is used. */
  weight: z.number().int().min(100).max(900),
  uppercase: z.boolean(),
  /** For image and logo slots. */
  objectFit: z.enum(["cover", "contain"]),
  /** Vertical placement of the text block inside its box. */
  valign: z.enum(["top", "middle", "bottom"]).default("middle"),
  /** At most this many lines (e.g. 1 for a price); absent = as many as fit. */
  maxLines: z.number().int().min(1).max(40).optional(),
});
export type SlotFit = z.infer<typeof fitSchema>;

export const slotSchema = z
  .object({
    id: slotIdSchema,
    kind: z.enum(SLOT_KINDS),
    role: z.enum(SLOT_ROLES),
    label: z.string().trim().min(1).max(80),
    required: z.boolean(),
    fit: fitSchema,
    /** Stacking order: higher is drawn on top. */
    z: z.number().int().min(0).max(100),
    enter: animationSchema.nullable(),
    exit: animationSchema.nullable(),
    /** Text colour (text slots): a palette colour, or "onMedia" (white, for text over a picture's shade). */
    tone: z.enum([...PALETTE_ROLES, "onMedia"]).default("text"),
    /** A fill behind the slot (a badge, a card, a shape slot's colour); "none" for none. */
    surface: z.enum([...PALETTE_ROLES, "scrim", "none"]).default("none"),
    /** 0..1, for surfaces and shapes. */
    opacity: z.number().min(0).max(1).default(1),
  })
  .refine((s) => s.fit.minFontPx <= s.fit.maxFontPx, {
    message: "minFontPx is larger than maxFontPx",
    path: ["fit", "minFontPx"],
  });
export type LayoutSlot = z.infer<typeof slotSchema>;
export type LayoutSlotInput = z.input<typeof slotSchema>;

/** A box in fractions of the canvas (0..1 is on the canvas; images may bleed past it). */
export const boxSchema = z.object({
  x: z.number().min(-1).max(2),
  y: z.number().min(-1).max(2),
  w: z.number().gt(0).max(3),
  h: z.number().gt(0).max(3),
});
export type Box = z.infer<typeof boxSchema>;

export const ratioBoxesSchema = z.record(slotIdSchema, boxSchema);
export const layoutBoxesSchema = z.object(
  Object.fromEntries(COMPOSITION_RATIOS.map((r) => [r, ratioBoxesSchema])) as Record<
    CompositionRatio,
    typeof ratioBoxesSchema
  >,
);
export type LayoutBoxes = Record<CompositionRatio, Record<string, Box>>;

/**
 * Where burned-in captions go per ratio (caption-zone.ts): declared by the
 * layout's author, or derived from its boxes where a ratio is not given.
 */
export const captionZonesSchema = z
  .object(
    Object.fromEntries(COMPOSITION_RATIOS.map((r) => [r, boxSchema.optional()])) as Record<
      CompositionRatio,
      z.ZodOptional<typeof boxSchema>
    >,
  )
  .partial();
export type CaptionZones = Partial<Record<CompositionRatio, Box>>;

/** What a layout is, without its store bookkeeping: what template versions snapshot. */
export const layoutBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().max(500),
  slots: z.array(slotSchema).min(1).max(24),
  boxes: layoutBoxesSchema,
  caption_zones: captionZonesSchema.optional(),
});
export type LayoutBody = z.infer<typeof layoutBodySchema>;

export const LAYOUT_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const layoutIdSchema = z.string().regex(LAYOUT_ID, "a layout id is a lowercase slug");

/** A layout as offered by a template version: its id and version plus the body at that version. */
export const layoutSnapshotSchema = layoutBodySchema.extend({
  id: layoutIdSchema,
  version: z.number().int().min(1),
});
export type LayoutSnapshot = z.infer<typeof layoutSnapshotSchema>;
