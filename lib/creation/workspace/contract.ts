/**
 * The workspace (`/main`): everything a user made, in one list. Browser-safe.
 *
 *   GET  /api/v1/workspace?kind=video,page&status=draft&q=&sort=newest&cursor=&limit=
 *        -> { data: WorkspaceItem[], next_cursor, scan: { limit, truncated } }
 *   POST /api/v1/workspace/delete   body { items: ItemRef[] } -> { data: DeleteResult }
 *   POST /api/v1/workspace/download body { items: ItemRef[] } -> application/zip (streamed);
 *        422 `unprocessable_entity` when none of the items has a file to download.
 *
 * Search: Firestore has no full-text search, so the list is read from the
 * owner's most recent WORKSPACE_SCAN_LIMIT content items and products (owner
 * + created_at indexes on both drivers) and filtered, searched and sorted in
 * memory. `q` matches when every word of it occurs in the item's title or
 * text (prompt or brief, composition slot text and narration, page text,
 * product description and points), case- and accent-insensitively.
 */
import { z } from "zod";
import { DOC_ID } from "@/lib/platform/db/ids";

export const WORKSPACE_KINDS = ["video", "design", "image", "page", "product"] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];
/** running covers queued work too. */
export const WORKSPACE_STATUSES = ["draft", "running", "ready", "failed"] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];
export const WORKSPACE_SORTS = ["newest", "oldest", "edited", "title"] as const;
export type WorkspaceSort = (typeof WORKSPACE_SORTS)[number];

/** The most recent items (per source: content, products) one listing reads. */
export const WORKSPACE_SCAN_LIMIT = 2000;
export const WORKSPACE_PAGE_SIZE = 48;
export const MAX_BULK_ITEMS = 100;

/** "video,page" -> ["video", "page"]; empty -> undefined (no filter). */
function csvOf<T extends string>(values: readonly T[]) {
  return z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (parts.length === 0) return undefined;
      const bad = parts.filter((p) => !(values as readonly string[]).includes(p));
      if (bad.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown value ${bad.map((b) => `"${b}"`).join(", ")}; use ${values.join(", ")}.`,
        });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[];
    });
}

export const workspaceQuerySchema = z.strictObject({
  kind: csvOf(WORKSPACE_KINDS),
  status: csvOf(WORKSPACE_STATUSES),
  q: z
    .string()
    .max(200, "Keep the search under 200 characters.")
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: z.enum(WORKSPACE_SORTS).default("newest"),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(WORKSPACE_PAGE_SIZE),
});
export type WorkspaceQuery = z.output<typeof workspaceQuerySchema>;

export const workspaceItemSchema = z.object({
  id: z.string(),
  kind: z.enum(WORKSPACE_KINDS),
  title: z.string(),
  status: z.enum(WORKSPACE_STATUSES),
  /** 0..1 while running (from its job); null otherwise. */
  progress: z.number().nullable(),
  /** Public (shared image or video, published page) or private. */
  visibility: z.enum(["private", "public"]),
  /** Signed, time-limited URLs of the item's still; null when it has none yet. */
  poster_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** A line of its text (prompt, brief, description). */
  excerpt: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Where it opens. */
  href: z.string(),
  /** Where to continue editing it; null for kinds without an editor. */
  edit_href: z.string().nullable(),
  /** Videos, images and designs with a rendered file can go in a ZIP. */
  downloadable: z.boolean(),
});
export type WorkspaceItem = z.infer<typeof workspaceItemSchema>;

export interface WorkspacePage {
  items: WorkspaceItem[];
  next_cursor: string | null;
  scan: { limit: number; truncated: boolean };
}

export const itemRefSchema = z.strictObject({
  kind: z.enum(WORKSPACE_KINDS),
  id: z.string().regex(DOC_ID, "Not a valid id."),
});
export type ItemRef = z.infer<typeof itemRefSchema>;

export const bulkItemsSchema = z.strictObject({
  items: z
    .array(itemRefSchema)
    .min(1, "Select at least one item.")
    .max(MAX_BULK_ITEMS, `Select up to ${MAX_BULK_ITEMS} items at a time.`),
});
export type BulkItemsInput = z.input<typeof bulkItemsSchema>;

export interface SkippedItem extends ItemRef {
  reason: string;
}

export interface DeleteResult {
  deleted: ItemRef[];
  skipped: SkippedItem[];
}

export function itemKey(ref: ItemRef): string {
  return `${ref.kind}:${ref.id}`;
}
