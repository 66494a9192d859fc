/**
 * A user's reference images (the same assets as /assets): upload, list
 * newest first, delete. Only PNG, JPEG and WebP up to 10 MB, judged by the
 * bytes (magic numbers and a full decode with sharp), never by the file name
 * or the client's Content-Type. Everything is checked before anything is
 * written, and a failed write removes what it had already stored.
 */
import sharp from "sharp";
import type { AssetItem, AssetPage } from "@/lib/api/images-contract";
import { ApiError } from "@/lib/api/errors";
import { signedUrlTtl } from "@/lib/api/present-image";
import { assets, type AssetDoc } from "@/lib/db/collections";
import { assetDetails, type AssetDetailsDoc } from "@/lib/db/collections-library";
import type { Db } from "@/lib/db/db";
import type { DocSnapshot } from "@/lib/db/refs";
import { isStorageError } from "@/lib/storage/errors";
import { SNIFF_BYTES, sniffContentType } from "@/lib/storage/sniff";
import type { BlobStore } from "@/lib/storage/types";

export const ASSET_MAX_BYTES = 10 * 1024 * 1024;
export const ASSET_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const ASSET_PAGE_SIZE = 24;
/** Grid cells are at most ~192 CSS px wide; 384 covers 2x screens (as lib/images/render.ts). */
export const ASSET_THUMBNAIL_PX = 384;

const EXTENSION: Record<(typeof ASSET_TYPES)[number], string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };
const DOC_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const assetKeys = {
  original: (uid: string, id: string, ext: string) => `assets/${uid}/${id}/original.${ext}`,
  thumbnail: (uid: string, id: string) => `assets/${uid}/${id}/thumb.webp`,
};

/** The name shown in the UI: the last path segment, no control characters, at most 255 characters. */
export function cleanFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return base || `image.${ext}`;
}

function notFound(): ApiError {
  return new ApiError("not_found", "There is no such asset.");
}

interface Decoded {
  contentType: (typeof ASSET_TYPES)[number];
  width: number;
  height: number;
  thumbnail: Buffer;
}

async function decode(bytes: Uint8Array): Promise<Decoded> {
  const sniffed = sniffContentType(bytes.subarray(0, SNIFF_BYTES));
  if (!sniffed || !(ASSET_TYPES as readonly string[]).includes(sniffed)) {
    throw new ApiError("unsupported_media_type", "Only PNG, JPEG and WebP images can be uploaded.");
  }
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // EXIF orientations 5-8 are rotated a quarter turn: the picture people see is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    const thumbnail = await sharp(bytes)
      .rotate()
      .resize({ width: ASSET_THUMBNAIL_PX, height: ASSET_THUMBNAIL_PX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      contentType: sniffed as Decoded["contentType"],
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      thumbnail,
    };
  } catch {
    throw new ApiError("unsupported_media_type", "That file looks like an image but could not be read. Try exporting it again.");
  }
}

async function toAssetItem(a: { snap: DocSnapshot<AssetDoc>; details: AssetDetailsDoc | null; store: BlobStore; ttl: number }): Promise<AssetItem> {
  const d = a.snap.data;
  const sign = (key: string) => a.store.signedUrl(key, { expiresInSeconds: a.ttl });
  return {
    id: a.snap.id,
    name: d.filename,
    content_type: d.content_type,
    size: d.size,
    width: a.details?.width ?? null,
    height: a.details?.height ?? null,
    urls: { original: await sign(d.storage_key), thumbnail: await sign(a.details?.thumbnail_key ?? d.storage_key) },
    created_at: d.created_at,
  };
}

export async function uploadAsset(a: { db: Db; store: BlobStore; uid: string; name: string; bytes: Uint8Array; now?: Date }): Promise<AssetItem> {
  if (a.bytes.byteLength > ASSET_MAX_BYTES) throw new ApiError("payload_too_large", "Files are at most 10 MB.");
  const decoded = await decode(a.bytes);
  const ext = EXTENSION[decoded.contentType];
  const ref = a.db.collection(assets).doc();
  const originalKey = assetKeys.original(a.uid, ref.id, ext);
  const thumbKey = assetKeys.thumbnail(a.uid, ref.id);
  const at = (a.now ?? new Date()).toISOString();
  const asset = {
    owner_id: a.uid,
    filename: cleanFileName(a.name, ext),
    content_type: decoded.contentType,
    size: a.bytes.byteLength,
    storage_key: originalKey,
    created_at: at,
  };
  const details: AssetDetailsDoc = { owner_id: a.uid, width: decoded.width, height: decoded.height, thumbnail_key: thumbKey, created_at: at };
  try {
    // The store sniffs and caps again: the last word on what is written stays with the bytes.
    await a.store.put(originalKey, a.bytes, { maxBytes: ASSET_MAX_BYTES, allowedTypes: ASSET_TYPES });
    await a.store.put(thumbKey, decoded.thumbnail, { allowedTypes: ["image/webp"] });
    const batch = a.db.batch();
    batch.create(ref, asset);
    batch.create(a.db.collection(assetDetails).doc(ref.id), details);
    await batch.commit();
  } catch (e) {
    await Promise.all([a.store.delete(originalKey), a.store.delete(thumbKey)].map((p) => p.catch(() => undefined)));
    if (isStorageError(e, "too-large")) throw new ApiError("payload_too_large", "Files are at most 10 MB.", { cause: e });
    if (isStorageError(e, "unsupported-type")) throw new ApiError("unsupported_media_type", "Only PNG, JPEG and WebP images can be uploaded.", { cause: e });
    throw e;
  }
  return toAssetItem({ snap: { id: ref.id, path: ref.path, data: asset }, details, store: a.store, ttl: signedUrlTtl(a.now) });
}

export async function listAssets(a: { db: Db; store: BlobStore; uid: string; cursor?: string | null; limit?: number; now?: Date }): Promise<AssetPage> {
  const limit = Math.min(Math.max(a.limit ?? ASSET_PAGE_SIZE, 1), 100);
  const col = a.db.collection(assets);
  let q = col.where("owner_id", "==", a.uid).orderBy("created_at", "desc");
  if (a.cursor) {
    const after = DOC_ID.test(a.cursor) ? await col.doc(a.cursor).get() : null;
    // A cursor that is not one of my assets leaks nothing: it is an empty page.
    if (!after || after.data.owner_id !== a.uid) return { items: [], next_cursor: null };
    q = q.startAfter(after);
  }
  const rows = await q.limit(limit + 1).get();
  const page = rows.slice(0, limit);
  const details = await Promise.all(page.map((r) => a.db.collection(assetDetails).doc(r.id).get()));
  const ttl = signedUrlTtl(a.now);
  const items = await Promise.all(page.map((snap, i) => toAssetItem({ snap, details: details[i]?.data ?? null, store: a.store, ttl })));
  return { items, next_cursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

export async function deleteAsset(a: { db: Db; store: BlobStore; uid: string; id: string }): Promise<void> {
  if (!DOC_ID.test(a.id)) throw notFound();
  const ref = a.db.collection(assets).doc(a.id);
  const detailsRef = a.db.collection(assetDetails).doc(a.id);
  const removed = await a.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const details = await tx.get(detailsRef);
    if (!snap || snap.data.owner_id !== a.uid) throw notFound();
    tx.delete(ref);
    if (details) tx.delete(detailsRef);
    return [snap.data.storage_key, details?.data.thumbnail_key ?? null];
  });
  // The documents are gone first, so nothing points at a missing file; a file left behind is only an orphan.
  await Promise.all(
    removed
      .filter((k): k is string => k !== null)
      .map((k) => a.store.delete(k).catch((e) => console.error(`[assets] could not delete blob ${k}:`, e))),
  );
}
