import "server-only";
/**
 * What owners do to their finished images: search them, share or unshare,
 * delete (files, likes and all), download as PNG or WebP. Another user's
 * image, or a malformed id, is the same 404 as a missing one.
 */
import sharp from "sharp";
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { logContentChange } from "@/lib/platform/update-log/content";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { deleteLikesOf } from "@/lib/media/likes/likes";
import { invalidateTrending } from "@/lib/media/likes/trending";
import { DOC_ID } from "@/lib/platform/db/ids";
import type { BlobStore } from "@/lib/platform/storage/types";
import { readBlob } from "./blob-io";
import { listMyImages } from "./gallery";

export async function readMyImage(a: { db: Db; uid: string; id: string }): Promise<DocSnapshot<ContentDoc>> {
  const snap = DOC_ID.test(a.id) ? await a.db.collection(content).doc(a.id).get() : null;
  if (!snap || snap.data.kind !== "image" || snap.data.owner_id !== a.uid) {
    throw new ApiError("not_found", "There is no such image in your library.");
  }
  return snap;
}

/** Largest number of images one search looks through; the embedded store has no full-text index. */
export const SEARCH_SCAN_LIMIT = 2000;

/**
 * My images whose prompt contains `q` (case-insensitive), newest first. Walks
 * the gallery pages (indexed) and filters, stopping after SEARCH_SCAN_LIMIT
 * images; the cursor continues the walk where it stopped.
 */
export async function searchMyImages(a: {
  db: Db;
  uid: string;
  q: string;
  cursor?: string | null;
  limit: number;
  modelId?: string;
  vibeId?: string;
}): Promise<{ items: DocSnapshot<ContentDoc>[]; nextCursor: string | null }> {
  const needle = a.q.trim().toLowerCase();
  const items: DocSnapshot<ContentDoc>[] = [];
  let cursor = a.cursor ?? null;
  let scanned = 0;
  while (items.length < a.limit && scanned < SEARCH_SCAN_LIMIT) {
    const page = await listMyImages({ db: a.db, uid: a.uid, cursor, limit: 100, modelId: a.modelId, vibeId: a.vibeId });
    for (const snap of page.items) {
      scanned++;
      cursor = snap.id;
      const prompt = String((snap.data.settings as Record<string, unknown>).prompt ?? "").toLowerCase();
      if (prompt.includes(needle)) items.push(snap);
      if (items.length === a.limit) return { items, nextCursor: snap.id };
    }
    if (!page.nextCursor) return { items, nextCursor: null };
  }
  return { items, nextCursor: cursor };
}

export async function setVisibility(a: {
  db: Db;
  uid: string;
  id: string;
  visibility: "private" | "public";
  now?: Date;
}) {
  const snap = await readMyImage(a);
  if (snap.data.status !== "ready") throw new ApiError("conflict", "Only finished images can be shared.");
  const patch = { visibility: a.visibility, updated_at: (a.now ?? new Date()).toISOString() };
  const batch = a.db.batch();
  batch.update(a.db.collection(content).doc(snap.id), patch);
  logContentChange(a.db, batch, {
    id: snap.id,
    action: a.visibility === "public" ? "share" : "unshare",
    before: snap.data,
    after: patch,
  });
  await batch.commit();
  invalidateTrending();
  return { visibility: a.visibility, url: a.visibility === "public" ? `/content/${snap.id}` : null };
}

/** Deletes my images: their files, their likes, then the documents. Unknown or foreign ids are skipped. */
export async function deleteMyImages(a: {
  db: Db;
  store: BlobStore;
  uid: string;
  ids: readonly string[];
}): Promise<number> {
  let deleted = 0;
  for (const id of new Set(a.ids)) {
    let snap: DocSnapshot<ContentDoc>;
    try {
      snap = await readMyImage({ db: a.db, uid: a.uid, id });
    } catch {
      continue;
    }
    const { original, thumbnail, poster } = snap.data.blobs;
    await Promise.all([original, thumbnail, poster].filter((k): k is string => !!k).map((k) => a.store.delete(k)));
    await deleteLikesOf({ db: a.db, contentId: id });
    const batch = a.db.batch();
    batch.delete(a.db.collection(content).doc(id));
    logContentChange(a.db, batch, { id, action: "delete", before: snap.data, after: null });
    await batch.commit();
    deleted++;
  }
  if (deleted > 0) invalidateTrending();
  return deleted;
}

export async function downloadImage(a: { db: Db; store: BlobStore; uid: string; id: string; format: "png" | "webp" }) {
  const snap = await readMyImage(a);
  const key = snap.data.blobs.original;
  const png = key ? await readBlob(a.store, key) : null;
  if (!png) throw new ApiError("not_found", "This image has no file yet.");
  const body = a.format === "webp" ? await sharp(png).webp({ quality: 90 }).toBuffer() : png;
  const base =
    (snap.data.title || "promptframe-image")
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .slice(0, 60)
      .replace(/\s+/g, "-") || "image";
  return { body, contentType: `image/${a.format}`, filename: `${base}-${snap.id}.${a.format}` };
}
