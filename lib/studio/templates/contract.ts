/**
 * Wire contract of the staff template studio (/api/v1/studio/templates/**),
 * shared by the route handlers and the screens. Browser-safe.
 *
 * Draft edits live in the template's next version document
 * (`template_versions` `${id}@${current_version + 1}` with `published_at`
 * null): publishing stamps it and points the template at it, after which it
 * never changes again.
 */
import { z } from "zod";
import { LIBRARY_STAGES, layoutIdSchema, type LibraryStage } from "@/lib/engine/composition/layout-schema";
import { compositionRatioSchema } from "@/lib/engine/composition/ratios";
import {
  captionStyleSchema,
  motionSchema,
  musicSchema,
  styleSchema,
  type TemplateVersionBody,
} from "@/lib/engine/composition/template-schema";
import type { CheckReport } from "./checks";
import { SAMPLE_LENGTHS } from "./sample";
import { DOC_ID } from "@/lib/platform/db/ids";

const revision = z.number().int().min(0);

export const draftPatchSchema = z
  .object({
    revision,
    style: styleSchema.optional(),
    motion: motionSchema.optional(),
    music: musicSchema.optional(),
    captions: captionStyleSchema.optional(),
    /** The layouts the template offers, in picker order (snapshotted from the layout library when saved). */
    layout_ids: z
      .array(layoutIdSchema)
      .min(1, "a template offers at least one layout")
      .max(40)
      .refine((ids) => new Set(ids).size === ids.length, "a layout is listed twice")
      .optional(),
  })
  .strict();
export type DraftPatch = z.infer<typeof draftPatchSchema>;
export type DraftPatchInput = z.input<typeof draftPatchSchema>;

export const stageInputSchema = z.object({ revision, to: z.enum(LIBRARY_STAGES) }).strict();
export type StageInput = z.infer<typeof stageInputSchema>;

export const publishInputSchema = z.object({ revision }).strict();

export const discardDraftSchema = z.object({ revision }).strict();

export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  stage: LibraryStage;
  current_version: number;
  revision: number;
  has_draft: boolean;
  /** Content made with any version of it. */
  usage: number;
  layout_count: number;
  demo: boolean;
  updated_at: string;
  palette: { background: string; text: string; accent: string };
}

export interface VersionSummary {
  version: number;
  published_at: string | null;
  created_at: string;
  created_by: string;
  layout_count: number;
  /** Content pinned to this version. */
  usage: number;
}

export interface StageAction {
  to: LibraryStage;
  label: string;
  /** Null when allowed; otherwise why not (e.g. failing checks). */
  blocked: string | null;
}

export interface LayoutOption {
  id: string;
  name: string;
  stage: LibraryStage;
  version: number;
}

export interface TemplateDetail {
  template: TemplateSummary;
  versions: VersionSummary[];
  current: TemplateVersionBody;
  /** What the next version would be: the saved draft, or the current version when nobody has edited it. */
  draft: {
    version: number;
    saved: boolean;
    body: TemplateVersionBody;
    created_by: string | null;
    created_at: string | null;
  };
  checks: { current: CheckReport; draft: CheckReport };
  stage_actions: StageAction[];
  layouts_available: LayoutOption[];
  /** Blob key -> URL of the sample pictures, for previews drawn in the browser. */
  sample_media: Record<string, string>;
}

export const previewInputSchema = z
  .object({
    template_id: z.string().min(1).max(64),
    /** A published version, or omitted for the template's current one; "draft" for the unpublished edits. */
    version: z.union([z.number().int().min(1), z.literal("draft")]).optional(),
    layout_id: layoutIdSchema.nullable().default(null),
    ratio: compositionRatioSchema,
    sample: z.enum([...SAMPLE_LENGTHS, "content"]).default("short"),
    /** With sample "content": a real content item rendered as it is (its own template version). */
    content_id: z.string().regex(DOC_ID).optional(),
  })
  .strict()
  .refine((v) => v.sample !== "content" || !!v.content_id, { message: "name the content id", path: ["content_id"] });
export type PreviewInput = z.infer<typeof previewInputSchema>;
export type PreviewInputRaw = z.input<typeof previewInputSchema>;

export const TEST_RENDER_WIDTHS = [160, 240, 320, 480] as const;
export const testRenderInputSchema = z
  .object({
    preview: previewInputSchema,
    width: z.union([z.literal(160), z.literal(240), z.literal(320), z.literal(480)]).default(240),
  })
  .strict();
export type TestRenderInput = z.infer<typeof testRenderInputSchema>;

export interface TestRenderView {
  id: string;
  state: "queued" | "running" | "succeeded" | "failed" | "cancelled";
  progress: number;
  stage: string;
  input: TestRenderInput;
  logs: { at: string; message: string }[];
  timing: { queued_ms: number | null; render_ms: number | null; total_ms: number | null };
  error: string | null;
  file: { url: string; width: number; height: number; size_bytes: number; duration_ms: number } | null;
  created_at: string;
}
