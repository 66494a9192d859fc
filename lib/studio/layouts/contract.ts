/**
 * The staff layout studio's wire contract (/api/v1/studio/layouts/**):
 * what a layout looks like in the library, the editor and the tracker, and
 * the writes (create, save a body, move a stage, delete a draft), each
 * naming the revision it edited. Browser-safe.
 */
import { z } from "zod";
import type { LayoutIssue } from "@/lib/engine/composition/layout-validation";
import {
  LIBRARY_STAGES,
  SLOT_KINDS,
  layoutBodySchema,
  type LayoutBody,
  type LayoutOrigin,
  type LibraryStage,
  type SlotKind,
} from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import type { FieldChange } from "@/lib/platform/update-log/contract";

export const STUDIO_LAYOUTS_PATH = "/api/v1/studio/layouts";

export const layoutListQuerySchema = z.object({
  ratio: z.enum(COMPOSITION_RATIOS).optional(),
  kind: z.enum(SLOT_KINDS).optional(),
  stage: z.enum(LIBRARY_STAGES).optional(),
  q: z.string().trim().max(80).optional(),
});
export type LayoutListQuery = z.infer<typeof layoutListQuerySchema>;

export const createLayoutInputSchema = z
  .object({
    name: z.string().trim().min(1, "Give the layout a name").max(80),
    description: z.string().trim().max(500).default(""),
    /** Start from a copy of this layout's body (otherwise a headline over a picture). */
    copy_from: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
      .nullish(),
  })
  .strict();
export type CreateLayoutInput = z.input<typeof createLayoutInputSchema>;

export const updateLayoutInputSchema = z
  .object({
    /** The revision the editor loaded; a different stored one is a 409. */
    revision: z.number().int().min(0),
    body: layoutBodySchema,
  })
  .strict();
export type UpdateLayoutInput = z.input<typeof updateLayoutInputSchema>;

export const moveLayoutStageInputSchema = z
  .object({
    revision: z.number().int().min(0),
    to: z.enum(LIBRARY_STAGES),
  })
  .strict();
export type MoveLayoutStageInput = z.infer<typeof moveLayoutStageInputSchema>;

/** Who last moved a layout between stages and when (from the update log). */
export interface StageMove {
  from: LibraryStage | null;
  to: LibraryStage;
  at: string;
  actor: string;
}

export interface LayoutSummary extends LayoutBody {
  id: string;
  stage: LibraryStage;
  origin: LayoutOrigin;
  demo: boolean;
  revision: number;
  version: number;
  created_at: string;
  updated_at: string;
  created_by: string;
  generation: { status: "pending" | "accepted" | "rejected"; model_id: string; brief: string } | null;
  /** Compositions (videos and designs) with a scene on this layout. */
  usage: number;
  /** The last stage move, null when it has never moved (seeded or just created). */
  last_move: StageMove | null;
  /** When it entered its current stage (the last move, else created_at). */
  stage_since: string;
  error_count: number;
  warning_count: number;
  slot_kinds: SlotKind[];
}

export interface LayoutView extends LayoutSummary {
  issues: LayoutIssue[];
  /** Signed URLs of the sample pictures, for previews with sample content. */
  sample_media: SampleMediaUrls;
}

export type SampleMediaUrls = { photo: string; product: string; logo: string };

/** GET /api/v1/studio/layouts: the filtered library and the sample pictures its previews show. */
export interface LayoutLibrary {
  layouts: LayoutSummary[];
  sample_media: SampleMediaUrls;
}

export interface LayoutHistoryEntry {
  id: string;
  action: string;
  actor: string;
  at: string;
  screen: string | null;
  changes: FieldChange[];
  truncated: boolean;
}

export interface LayoutUse {
  content_id: string;
  title: string;
  kind: "video" | "design";
  created_at: string;
}

export interface LayoutHistory {
  layout: Pick<LayoutSummary, "id" | "name" | "stage" | "version" | "revision" | "origin">;
  entries: LayoutHistoryEntry[];
  /** When it last went live, null if never (or only seeded live: then created_at). */
  live_since: string | null;
  uses_since_live: LayoutUse[];
}

/** A slug from a name: "Product hero 2" -> "product-hero-2". */
export function slugify(name: string): string {
  const s = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 56)
    .replace(/-+$/, "");
  return /^[a-z0-9]/.test(s) ? s : `layout${s ? `-${s}` : ""}`;
}

/** Does the layout have a box for every slot in this ratio? */
export function coversRatio(layout: Pick<LayoutBody, "slots" | "boxes">, ratio: CompositionRatio): boolean {
  const boxes = layout.boxes[ratio] ?? {};
  return layout.slots.every((s) => boxes[s.id] !== undefined);
}

/** The list filters, applied the same way on the server and in tests. */
export function matchesLayoutQuery(
  l: Pick<LayoutSummary, "id" | "name" | "description" | "stage" | "slots" | "boxes">,
  q: LayoutListQuery,
): boolean {
  if (q.stage && l.stage !== q.stage) return false;
  if (q.kind && !l.slots.some((s) => s.kind === q.kind)) return false;
  if (q.ratio && !coversRatio(l, q.ratio)) return false;
  if (q.q) {
    const needle = q.q.toLowerCase();
    const hay =
      `${l.id} ${l.name} ${l.description} ${l.slots.map((s) => `${s.label} ${s.role}`).join(" ")}`.toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}
