import "server-only";
/**
 * The workspace listing: the owner's most recent content and products, read
 * through the owner + created_at indexes (both drivers), then filtered by
 * kind and status, searched and sorted in memory, and paged with an opaque
 * cursor (the last item's sort key and id, so new items never shift a page).
 * Only the page returned is presented: signed stills, job progress.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { compositions } from "@/lib/engine/composition/collections";
import { assets, content, jobs, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { mediaOfContent, resolveMedia } from "@/lib/creation/pages/media";
import { pageSettingsOf, plainText } from "@/lib/creation/pages/service";
import { products, type ProductDoc } from "@/lib/creation/products/collections";
import type { BlobStore } from "@/lib/platform/storage/types";
import {
  WORKSPACE_SCAN_LIMIT,
  type WorkspaceItem,
  type WorkspaceKind,
  type WorkspacePage,
  type WorkspaceQuery,
  type WorkspaceSort,
  type WorkspaceStatus,
} from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface WorkspaceDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
  /** Overrides WORKSPACE_SCAN_LIMIT (tests). */
  scanLimit?: number;
}

/** One row before presenting. */
export interface Row {
  id: string;
  kind: WorkspaceKind;
  title: string;
  status: WorkspaceStatus;
  created_at: string;
  updated_at: string;
  doc: ContentDoc | null;
  product: ProductDoc | null;
}

/** Lower-cased, accents dropped, whitespace collapsed: what search compares. */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

interface RenderLike {
  state?: string;
  job_id?: string;
  progress?: number;
}

/** A video's render or a design's export (lib/creation/designs keeps it in `settings.export`). */
function renderOf(doc: ContentDoc): RenderLike | null {
  const s = doc.settings as { render?: RenderLike | null; export?: RenderLike | null };
  const r = s.render ?? s.export;
  return r && typeof r === "object" ? r : null;
}

const running = (state: string | undefined) => state === "queued" || state === "running";

/** One status vocabulary across kinds; a video re-rendering is running even though an older file exists. */
export function statusOf(doc: ContentDoc): WorkspaceStatus {
  if (doc.kind === "page") return doc.visibility === "public" ? "ready" : "draft";
  if (doc.kind === "video") {
    const s = doc.settings as { render?: RenderLike | null; files?: unknown };
    if (running(s.render?.state)) return "running";
    if (s.files) return "ready";
    return s.render?.state === "failed" ? "failed" : "draft";
  }
  if (running(renderOf(doc)?.state)) return "running";
  if (doc.status === "queued" || doc.status === "running") return "running";
  // An image is never a draft: "draft" there means its job has not started yet.
  if (doc.kind === "image" && doc.status === "draft") return "running";
  return doc.status;
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** Title and text of a row, normalized; composition text when the row has one. */
export function searchTextOf(row: Row, compositionText: ReadonlyMap<string, string>): string {
  const parts: string[] = [row.title];
  if (row.product) {
    const p = row.product;
    parts.push(p.description, p.brand ?? "", ...p.points);
  } else if (row.doc) {
    const s = row.doc.settings as Record<string, unknown>;
    parts.push(str(s.prompt), str(s.brief));
    if (row.kind === "page") {
      for (const b of pageSettingsOf(row.doc).blocks) {
        if (b.type === "heading") parts.push(b.text);
        else if (b.type === "text") parts.push(plainText(b.text));
        else if (b.type === "button") parts.push(b.label);
        else if (b.type === "image") parts.push(b.alt);
      }
    }
    parts.push(compositionText.get(row.id) ?? "");
  }
  return normalize(parts.join(" \n "));
}

export function excerptOf(row: Row): string {
  if (row.product) return row.product.description.slice(0, 160);
  if (!row.doc) return "";
  const s = row.doc.settings as Record<string, unknown>;
  if (row.kind === "page") return pageSettingsOf(row.doc).description.slice(0, 160);
  return (str(s.prompt) || str(s.brief)).slice(0, 160);
}

export function matches(searchText: string, q: string): boolean {
  const words = normalize(q).split(" ").filter(Boolean);
  return words.every((w) => searchText.includes(w));
}

/** Sort keys: the comparator and the cursor use the same tuple. */
function sortKey(row: Row, sort: WorkspaceSort): string {
  switch (sort) {
    case "newest":
    case "oldest":
      return row.created_at;
    case "edited":
      return row.updated_at;
    case "title":
      return normalize(row.title) || "\uffff";
  }
}

/** Negative when a comes first. Ties broken by id so the order is total (the cursor needs that). */
export function compareKeys(sort: WorkspaceSort, a: [string, string], b: [string, string]): number {
  const desc = sort === "newest" || sort === "edited";
  const byKey = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
  if (byKey !== 0) return desc ? -byKey : byKey;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

export function encodeCursor(sort: WorkspaceSort, key: [string, string]): string {
  return Buffer.from(JSON.stringify([sort, ...key])).toString("base64url");
}

export function decodeCursor(sort: WorkspaceSort, cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(v) && v.length === 3 && v[0] === sort && typeof v[1] === "string" && typeof v[2] === "string")
      return [v[1], v[2]];
  } catch {
    // fall through
  }
  throw new ApiError("unprocessable_entity", "The cursor is not valid for this sort; start from the first page.", {
    issues: [{ path: "cursor", message: "invalid cursor" }],
  });
}

/** The rows of one listing, before filters (at most `limit` per source). */
async function loadRows(
  deps: WorkspaceDeps,
  uid: string,
  kinds: readonly WorkspaceKind[] | undefined,
  limit: number,
): Promise<{ rows: Row[]; truncated: boolean }> {
  const wantContent = !kinds || kinds.some((k) => k !== "product");
  const wantProducts = !kinds || kinds.includes("product");
  const contentKinds = kinds?.filter((k) => k !== "product");
  const [docs, prods] = await Promise.all([
    wantContent
      ? contentKinds && contentKinds.length === 1
        ? deps.db
            .collection(content)
            .where("owner_id", "==", uid)
            .where("kind", "==", contentKinds[0]!)
            .orderBy("created_at", "desc")
            .limit(limit + 1)
            .get()
        : deps.db
            .collection(content)
            .where("owner_id", "==", uid)
            .orderBy("created_at", "desc")
            .limit(limit + 1)
            .get()
      : Promise.resolve([]),
    wantProducts
      ? deps.db
          .collection(products)
          .where("owner_id", "==", uid)
          .orderBy("created_at", "desc")
          .limit(limit + 1)
          .get()
      : Promise.resolve([]),
  ]);
  const truncated = docs.length > limit || prods.length > limit;
  const rows: Row[] = [];
  for (const d of docs.slice(0, limit)) {
    rows.push({
      id: d.id,
      kind: d.data.kind,
      title: d.data.title,
      status: statusOf(d.data),
      created_at: d.data.created_at,
      updated_at: d.data.updated_at,
      doc: d.data,
      product: null,
    });
  }
  for (const p of prods.slice(0, limit)) {
    rows.push({
      id: p.id,
      kind: "product",
      title: p.data.name,
      status: "ready",
      created_at: p.data.created_at,
      updated_at: p.data.updated_at,
      doc: null,
      product: p.data,
    });
  }
  return { rows, truncated };
}

/** Slot text and narration of the owner's compositions (videos, designs), read only when searching. */
async function loadCompositionText(db: Db, uid: string, limit: number): Promise<Map<string, string>> {
  const rows = await db
    .collection(compositions)
    .where("owner_id", "==", uid)
    .orderBy("updated_at", "desc")
    .limit(limit)
    .get();
  const out = new Map<string, string>();
  for (const r of rows) {
    const parts: string[] = [];
    for (const scene of r.data.scenes) {
      for (const v of Object.values(scene.values)) if (v.type === "text") parts.push(v.text);
      const narration = (scene as { narration?: unknown }).narration;
      if (typeof narration === "string") parts.push(narration);
    }
    out.set(r.id, parts.join(" "));
  }
  return out;
}

/** The rows that pass the query, sorted, and the page the cursor asks for. */
export function selectPage(
  rows: readonly Row[],
  query: WorkspaceQuery,
  searchText: (row: Row) => string,
): { page: Row[]; nextCursor: string | null } {
  let list = rows.filter(
    (r) => (!query.kind || query.kind.includes(r.kind)) && (!query.status || query.status.includes(r.status)),
  );
  if (query.q) list = list.filter((r) => matches(searchText(r), query.q!));
  const keyed = list.map((r) => ({ r, k: [sortKey(r, query.sort), r.id] as [string, string] }));
  keyed.sort((a, b) => compareKeys(query.sort, a.k, b.k));
  let start = 0;
  if (query.cursor) {
    const after = decodeCursor(query.sort, query.cursor);
    start = keyed.findIndex((x) => compareKeys(query.sort, x.k, after) > 0);
    if (start < 0) start = keyed.length;
  }
  const slice = keyed.slice(start, start + query.limit);
  const more = start + query.limit < keyed.length;
  return {
    page: slice.map((x) => x.r),
    nextCursor: more && slice.length ? encodeCursor(query.sort, slice[slice.length - 1]!.k) : null,
  };
}

function hrefs(row: Row): { href: string; edit_href: string | null } {
  const id = encodeURIComponent(row.id);
  switch (row.kind) {
    case "video":
      return { href: `/videos/${id}`, edit_href: `/content/${id}/edit` };
    case "image":
      return { href: `/image-gen/${id}`, edit_href: null };
    case "design":
      return { href: `/content/${id}/edit`, edit_href: `/content/${id}/edit` };
    case "page":
      return { href: `/content/${id}/edit`, edit_href: `/content/${id}/edit` };
    case "product":
      return { href: `/product?id=${id}`, edit_href: `/product?id=${id}` };
  }
}

function jobIdOf(doc: ContentDoc): string | null {
  const r = renderOf(doc);
  if (r?.job_id) return r.job_id;
  const j = (doc.settings as { job_id?: unknown }).job_id;
  return typeof j === "string" ? j : null;
}

async function present(
  deps: WorkspaceDeps,
  uid: string,
  rows: readonly Row[],
  byId: ReadonlyMap<string, ContentDoc>,
): Promise<WorkspaceItem[]> {
  const now = (deps.now ?? (() => new Date()))();
  const ttl = signedUrlTtl(now);
  const sign = (key: string | null) =>
    key ? deps.store.signedUrl(key, { expiresInSeconds: ttl }) : Promise.resolve(null);
  return Promise.all(
    rows.map(async (row): Promise<WorkspaceItem> => {
      let poster: string | null = null;
      let thumb: string | null = null;
      let progress: number | null = null;
      let downloadable = false;
      if (row.product) {
        const first = row.product.image_asset_ids[0];
        const asset = first ? await deps.db.collection(assets).doc(first).get() : null;
        if (asset && asset.data.owner_id === uid) poster = thumb = asset.data.storage_key;
      } else if (row.doc) {
        const doc = row.doc;
        let media = mediaOfContent(doc);
        if (doc.kind === "page") {
          const cover = pageSettingsOf(doc).cover;
          if (cover) {
            const known = "content_id" in cover ? byId.get(cover.content_id) : undefined;
            media = known
              ? known.owner_id === uid
                ? mediaOfContent(known)
                : null
              : await resolveMedia(deps.db, uid, cover);
          }
        }
        poster = media?.still_key ?? null;
        thumb = media?.thumb_key ?? poster;
        downloadable = Boolean(
          media && doc.kind !== "page" && (doc.kind === "video" ? media.video_key : media.still_key),
        );
        if (row.status === "running") {
          const jobId = jobIdOf(doc);
          const job = jobId && DOC_ID.test(jobId) ? await deps.db.collection(jobs).doc(jobId).get() : null;
          progress = job && job.data.owner_id === uid ? job.data.progress : (renderOf(doc)?.progress ?? 0);
        }
      }
      return {
        id: row.id,
        kind: row.kind,
        title: row.title,
        status: row.status,
        progress,
        visibility: row.doc?.visibility ?? "private",
        poster_url: await sign(poster),
        thumbnail_url: await sign(thumb),
        excerpt: excerptOf(row),
        created_at: row.created_at,
        updated_at: row.updated_at,
        ...hrefs(row),
        downloadable,
      };
    }),
  );
}

export async function listWorkspace(deps: WorkspaceDeps, uid: string, query: WorkspaceQuery): Promise<WorkspacePage> {
  const limit = deps.scanLimit ?? WORKSPACE_SCAN_LIMIT;
  const { rows, truncated } = await loadRows(deps, uid, query.kind, limit);
  const compositionText = query.q ? await loadCompositionText(deps.db, uid, limit) : new Map<string, string>();
  const { page, nextCursor } = selectPage(rows, query, (r) => searchTextOf(r, compositionText));
  const byId = new Map(rows.flatMap((r) => (r.doc ? [[r.id, r.doc] as const] : [])));
  return { items: await present(deps, uid, page, byId), next_cursor: nextCursor, scan: { limit, truncated } };
}
