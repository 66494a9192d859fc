/**
 * The design API's wire contract: request bodies (zod, shared by the route
 * handlers and the forms) and the JSON views the screens read. Browser-safe.
 *
 * A design is a composition (kind "design") rendered as stills: one picture
 * per scene ("page"). It is stored like a video: a `content` doc (kind
 * design), `compositions/{id}` and `composition_revisions`.
 *
 *   POST   /api/v1/designs                     body CreateDesignInput -> 201 { data: DesignView }
 *   GET    /api/v1/designs/{id}                -> { data: DesignView }   (polled while exporting)
 *   PATCH  /api/v1/designs/{id}                body EditDesignInput -> { data: DesignView }  (409 stale revision | exporting)
 *   DELETE /api/v1/designs/{id}                -> 204
 *   POST   /api/v1/designs/{id}/duplicate      -> 201 { data: DesignView }
 *   POST   /api/v1/designs/{id}/resize         body { aspect_ratios } -> 201 { data: DesignView[] }  (one new design per ratio, same resize set)
 *   POST   /api/v1/designs/{id}/export         body { format, quality? } -> 202 { data: DesignView }  (a `design.render` job; 1 credit, refunded on failure)
 *   GET    /api/v1/designs/{id}/download?format=png|jpeg&page=1 -> the file (Content-Disposition: attachment); several pages without `page`: a ZIP
 *   GET    /api/v1/designs/{id}/player         -> { data: { props, revision } }  (the still preview)
 *   POST   /api/v1/designs/{id}/scenes/{sceneId}/image body SceneImageInput (lib/creation/video/contract) -> { data: DesignView }
 *   PUT    /api/v1/designs/{id}/share          body { public } -> { data: DesignView }  (409 before the first export)
 *   GET    /api/v1/designs/options?product=    -> { data: DesignOptions }  (templates with layout boxes, ratios, price, balance; the product named, when mine)
 *   GET    /api/v1/drafts                      -> { data: DraftSummary[] }  (my content in status draft, newest first)
 */
import { z } from "zod";
import { compositionBodySchema, MAX_SCENES, sceneSchema } from "@/lib/engine/composition/composition-schema";
import { layoutIdSchema } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS, compositionRatioSchema } from "@/lib/engine/composition/ratios";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";
import { layoutSlotOptionSchema, scenePicturePriceSchema } from "@/lib/creation/video/contract";
import { DOC_ID } from "@/lib/platform/db/ids";

/** Credits one export costs (every page, PNG or JPEG); refunded when the export fails. */
export const DESIGN_EXPORT_COST = 1;
export const DESIGN_FORMATS = ["png", "jpeg"] as const;
export type DesignFormat = (typeof DESIGN_FORMATS)[number];
export const DEFAULT_JPEG_QUALITY = 90;

const docId = z.string().trim().regex(DOC_ID, "an id is letters, digits, - and _");

export const createDesignInputSchema = z
  .object({
    /** The look; default: the first live template (one with a price slot when a product is given). */
    template_id: templateIdSchema.optional(),
    /** The first page's layout; default: the template's first (its product layout when a product is given). */
    layout_id: layoutIdSchema.optional(),
    aspect_ratio: compositionRatioSchema.default("1:1"),
    /** Fill the layout's slots from one of my products: name, price, points and its first picture. */
    product_id: docId.optional(),
    /** A post from a video's scene: that scene's texts and picture, the video's template and ratio. */
    from_video: z
      .object({ content_id: docId, scene_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "a scene id") })
      .optional(),
    title: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => !(v.from_video && (v.template_id || v.layout_id || v.product_id)), {
    message: "A design from a video scene takes its template and layout from the scene: send from_video alone.",
    path: ["from_video"],
  });
export type CreateDesignInput = z.input<typeof createDesignInputSchema>;

export const editDesignInputSchema = z.object({
  /** The revision the edit was made on; a different stored revision is a 409. */
  revision: z.number().int().min(0),
  title: z.string().trim().min(1).max(200).optional(),
  /** Switching template moves the design to that template's current version. */
  template_id: templateIdSchema.optional(),
  /** Pages: a scene each (narration and length are ignored for stills). */
  scenes: z
    .array(sceneSchema.omit({ voice: true }))
    .min(1)
    .max(MAX_SCENES)
    .optional(),
});
export type EditDesignInput = z.input<typeof editDesignInputSchema>;

export const resizeDesignInputSchema = z.object({
  aspect_ratios: z
    .array(compositionRatioSchema)
    .min(1, "Pick at least one size.")
    .max(COMPOSITION_RATIOS.length - 1)
    .refine((r) => new Set(r).size === r.length, { message: "Each size once." }),
});
export type ResizeDesignInput = z.infer<typeof resizeDesignInputSchema>;

export const exportDesignInputSchema = z.object({
  format: z.enum(DESIGN_FORMATS, { error: 'format is "png" or "jpeg".' }),
  /** JPEG quality 1-100 (ignored for PNG). */
  quality: z.number().int().min(1).max(100).optional(),
});
export type ExportDesignInput = z.infer<typeof exportDesignInputSchema>;

export const downloadQuerySchema = z.object({
  format: z.enum(DESIGN_FORMATS).optional(),
  /** 1-based page; absent with several pages: a ZIP of all. */
  page: z.coerce.number().int().min(1).max(MAX_SCENES).optional(),
});

export const exportStatusViewSchema = z.object({
  job_id: z.string(),
  state: z.enum(["queued", "running", "succeeded", "failed"]),
  format: z.enum(DESIGN_FORMATS),
  /** 0..1 */
  progress: z.number(),
  /** Pages rendered so far / all. */
  pages: z.object({ rendered: z.number().int(), total: z.number().int() }),
  error: z.string().nullable(),
  revision: z.number().int(),
  credits: z.number(),
  refunded: z.boolean(),
});
export type ExportStatusView = z.infer<typeof exportStatusViewSchema>;

export const designPageFileSchema = z.object({
  /** Signed URL of the page's picture. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size_bytes: z.number().int(),
});
export type DesignPageFile = z.infer<typeof designPageFileSchema>;

export const designFilesViewSchema = z.object({
  format: z.enum(DESIGN_FORMATS),
  quality: z.number().int().nullable(),
  /** The composition revision these files show. */
  revision: z.number().int(),
  pages: z.array(designPageFileSchema),
  /** Same-origin download (attachment): one page, or a ZIP of all. */
  download_url: z.string(),
  rendered_at: z.string(),
});
export type DesignFilesView = z.infer<typeof designFilesViewSchema>;

export const resizeSiblingSchema = z.object({
  id: z.string(),
  title: z.string(),
  aspect_ratio: compositionRatioSchema,
  thumbnail_url: z.string().nullable(),
});
export type ResizeSibling = z.infer<typeof resizeSiblingSchema>;

export const designViewSchema = z
  .object({
    id: z.string(),
    kind: z.literal("design"),
    title: z.string(),
    /** draft: never exported; exporting; ready: has files; failed: the last export failed (older files may remain). */
    status: z.enum(["draft", "exporting", "ready", "failed"]),
    visibility: z.enum(["private", "public"]),
    aspect_ratio: compositionRatioSchema,
    revision: z.number().int(),
    composition: compositionBodySchema,
    template: z.object({ id: z.string(), name: z.string(), version: z.number().int() }),
    export: exportStatusViewSchema.nullable(),
    files: designFilesViewSchema.nullable(),
    thumbnail_url: z.string().nullable(),
    /** The resize set: every design made from the same original by Resize (this one included), by ratio. */
    resize: z.object({
      set_id: z.string(),
      resized_from: z.string().nullable(),
      siblings: z.array(resizeSiblingSchema),
    }),
    product_id: z.string().nullable(),
    from_video: z.object({ content_id: z.string(), scene_id: z.string() }).nullable(),
    credits_spent: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Design" });
export type DesignView = z.infer<typeof designViewSchema>;

/** A draft on /create: any kind of my content not yet rendered. */
export const draftSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(["video", "design", "image", "page"]),
  title: z.string(),
  aspect_ratio: compositionRatioSchema.nullable(),
  thumbnail_url: z.string().nullable(),
  edit_path: z.string(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/** A layout as the new-design flow draws its thumbnail: slot kinds and their boxes in every ratio (fractions of the canvas). */
export const designLayoutOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  slots: z.array(layoutSlotOptionSchema),
  boxes: z.record(
    compositionRatioSchema,
    z.record(z.string(), z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })),
  ),
});
export type DesignLayoutOption = z.infer<typeof designLayoutOptionSchema>;

export const designTemplateOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  /** Accent and background of the template's palette (thumbnails). */
  colors: z.object({ background: z.string(), accent: z.string(), text: z.string() }),
  layouts: z.array(designLayoutOptionSchema),
});
export type DesignTemplateOption = z.infer<typeof designTemplateOptionSchema>;

export const designOptionsSchema = z.object({
  templates: z.array(designTemplateOptionSchema),
  /** The product asked for with `?product=` (mine), null when none was asked or it is not mine. */
  product: z
    .object({ id: z.string(), name: z.string(), price: z.string(), picture_url: z.string().nullable() })
    .nullable(),
  ratios: z.array(compositionRatioSchema).readonly(),
  export_cost: z.number(),
  /** A generated page picture (the editor's button shows it). */
  scene_picture: scenePicturePriceSchema,
  balance: z.number(),
});
export type DesignOptions = z.infer<typeof designOptionsSchema>;
