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
import { MAX_SCENES, sceneSchema } from "@/lib/engine/composition/composition-schema";
import { layoutIdSchema } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS, compositionRatioSchema, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";
import type { ScenePicturePrice } from "@/lib/creation/video/contract";
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

export interface ExportStatusView {
  job_id: string;
  state: "queued" | "running" | "succeeded" | "failed";
  format: DesignFormat;
  /** 0..1 */
  progress: number;
  /** Pages rendered so far / all. */
  pages: { rendered: number; total: number };
  error: string | null;
  revision: number;
  credits: number;
  refunded: boolean;
}

export interface DesignPageFile {
  /** Signed URL of the page's picture. */
  url: string;
  width: number;
  height: number;
  size_bytes: number;
}

export interface DesignFilesView {
  format: DesignFormat;
  quality: number | null;
  /** The composition revision these files show. */
  revision: number;
  pages: DesignPageFile[];
  /** Same-origin download (attachment): one page, or a ZIP of all. */
  download_url: string;
  rendered_at: string;
}

export interface ResizeSibling {
  id: string;
  title: string;
  aspect_ratio: CompositionRatio;
  thumbnail_url: string | null;
}

export interface DesignView {
  id: string;
  kind: "design";
  title: string;
  /** draft: never exported; exporting; ready: has files; failed: the last export failed (older files may remain). */
  status: "draft" | "exporting" | "ready" | "failed";
  visibility: "private" | "public";
  aspect_ratio: CompositionRatio;
  revision: number;
  composition: import("@/lib/engine/composition/composition-schema").CompositionBody;
  template: { id: string; name: string; version: number };
  export: ExportStatusView | null;
  files: DesignFilesView | null;
  thumbnail_url: string | null;
  /** The resize set: every design made from the same original by Resize (this one included), by ratio. */
  resize: { set_id: string; resized_from: string | null; siblings: ResizeSibling[] };
  product_id: string | null;
  from_video: { content_id: string; scene_id: string } | null;
  credits_spent: number;
  created_at: string;
  updated_at: string;
}

/** A draft on /create: any kind of my content not yet rendered. */
export interface DraftSummary {
  id: string;
  kind: "video" | "design" | "image" | "page";
  title: string;
  aspect_ratio: CompositionRatio | null;
  thumbnail_url: string | null;
  edit_path: string;
  updated_at: string;
  created_at: string;
}

/** A layout as the new-design flow draws its thumbnail: slot kinds and their boxes in every ratio (fractions of the canvas). */
export interface DesignLayoutOption {
  id: string;
  name: string;
  slots: {
    id: string;
    kind: "text" | "image" | "logo" | "shape";
    role: string;
    label: string;
    required: boolean;
    max_chars: number | null;
  }[];
  boxes: Record<CompositionRatio, Record<string, { x: number; y: number; w: number; h: number }>>;
}

export interface DesignTemplateOption {
  id: string;
  name: string;
  description: string;
  version: number;
  /** Accent and background of the template's palette (thumbnails). */
  colors: { background: string; accent: string; text: string };
  layouts: DesignLayoutOption[];
}

export interface DesignOptions {
  templates: DesignTemplateOption[];
  /** The product asked for with `?product=` (mine), null when none was asked or it is not mine. */
  product: { id: string; name: string; price: string; picture_url: string | null } | null;
  ratios: readonly CompositionRatio[];
  export_cost: number;
  /** A generated page picture (the editor's button shows it). */
  scene_picture: ScenePicturePrice;
  balance: number;
}
