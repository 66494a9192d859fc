/**
 * A user's asset library: images, logos, video clips, audio and fonts.
 * Upload, list (by kind, newest first), read, rename, replace the bytes,
 * download. Every file is judged by its bytes (inspect.ts), never by its
 * name or the client's Content-Type; everything is checked before anything
 * is written, and a failed write removes what it had already stored. Usage
 * and deletion live in usage.ts.
 */
import { createReadStream } from "node:fs";
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { assets, type AssetDoc } from "@/lib/platform/db/collections";
import { assetDetails, type AssetDetailsDoc } from "@/lib/platform/db/collections-library";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { isStorageError } from "@/lib/platform/storage/errors";
import type { BlobStore } from "@/lib/platform/storage/types";
import {
  aKind,
  KIND_LABELS,
  KIND_MAX_BYTES,
  type AssetKind,
  type AssetPatch,
  type AssetView,
  type AssetViewPage,
} from "./contract";
import { EXTENSION_OF_TYPE, inspectUpload, kindOfType, type Inspected } from "./inspect";
import { spoolBytes, type SpooledFile } from "./spool";
import { DOC_ID } from "@/lib/platform/db/ids";
import { tagsFromFileName } from "./words";

/** Where a stock item copied into the library came from (lib/media/stock/copy-in.ts). */
export type AssetStockOrigin = Pick<AssetDoc, "source" | "licence" | "attribution"> & {
  tags?: string[];
  name?: string;
};

export { ASSET_THUMBNAIL_PX } from "./inspect";
/** Still images (the image generator's references, product pictures). */
export const ASSET_MAX_BYTES = KIND_MAX_BYTES.image;
export const ASSET_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const ASSET_PAGE_SIZE = 24;
/** A kind filter reads at most this many documents per page before answering with what it found. */
const FILTER_SCAN = 400;

export const assetKeys = {
  original: (uid: string, id: string, ext: string) => `assets/${uid}/${id}/original.${ext}`,
  thumbnail: (uid: string, id: string) => `assets/${uid}/${id}/thumb.webp`,
};

export interface AssetDeps {
  db: Db;
  store: BlobStore;
  now?: Date;
}

/** The name shown in the UI: the last path segment, no control characters, at most 255 characters. */
export function cleanFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return base || `image.${ext}`;
}

/** The file's name with the extension its bytes deserve (an SVG rasterised to PNG is named .png). */
function storedFileName(name: string, ext: string): string {
  const clean = cleanFileName(name, ext);
  const stem = clean.replace(/\.[A-Za-z0-9]{1,6}$/, "");
  return clean.toLowerCase().endsWith(`.${ext}`) || (ext === "jpg" && /\.jpe?g$/i.test(clean))
    ? clean
    : `${stem || "file"}.${ext}`.slice(-255);
}

export function notFound(): ApiError {
  return new ApiError("not_found", "There is no such asset.");
}

/** The kind of a document written before kinds existed: they were all still images. */
export function kindOf(d: AssetDoc): AssetKind {
  return d.kind ?? kindOfType(d.content_type) ?? "image";
}

export async function presentAsset(a: {
  id: string;
  doc: AssetDoc;
  details?: AssetDetailsDoc | null;
  store: BlobStore;
  ttl: number;
}): Promise<AssetView> {
  const d = a.doc;
  const sign = (key: string) => a.store.signedUrl(key, { expiresInSeconds: a.ttl });
  const kind = kindOf(d);
  const thumbKey = d.thumbnail_key ?? a.details?.thumbnail_key ?? null;
  const original = await sign(d.storage_key);
  const thumbnail = thumbKey ? await sign(thumbKey) : original;
  return {
    id: a.id,
    kind,
    name: d.name ?? d.filename,
    filename: d.filename,
    content_type: d.content_type,
    size: d.size,
    width: d.width ?? a.details?.width ?? null,
    height: d.height ?? a.details?.height ?? null,
    duration_ms: d.duration_ms,
    font_family: d.font_family,
    urls: {
      original,
      thumbnail,
      poster: kind === "video" && thumbKey ? thumbnail : null,
      download: `/api/v1/assets/${a.id}/download`,
    },
    tags: d.tags,
    stock:
      d.source && d.licence && d.attribution
        ? {
            provider: d.source.provider,
            id: d.source.id,
            page_url: d.source.page_url,
            licence: d.licence.name,
            licence_url: d.licence.url,
            author: d.attribution.author,
            author_url: d.attribution.author_url,
            credit: d.attribution.text,
          }
        : null,
    created_at: d.created_at,
    updated_at: d.updated_at ?? d.created_at,
  };
}

async function present(deps: AssetDeps, snap: DocSnapshot<AssetDoc>): Promise<AssetView> {
  const legacy =
    snap.data.width === null && snap.data.thumbnail_key === null
      ? ((await deps.db.collection(assetDetails).doc(snap.id).get())?.data ?? null)
      : null;
  return presentAsset({ id: snap.id, doc: snap.data, details: legacy, store: deps.store, ttl: signedUrlTtl(deps.now) });
}

function storeError(e: unknown, kind: AssetKind): ApiError | unknown {
  if (isStorageError(e, "too-large"))
    return new ApiError(
      "payload_too_large",
      `${KIND_LABELS[kind].many} are at most ${Math.round(KIND_MAX_BYTES[kind] / 1024 / 1024)} MB.`,
      { cause: e },
    );
  if (isStorageError(e, "unsupported-type"))
    return new ApiError(
      "unsupported_media_type",
      "The file's bytes changed type while it was stored; upload it again.",
      { cause: e },
    );
  return e;
}

/** Writes the original (the upload, or its rasterised replacement) and the thumbnail; the store sniffs and caps again. */
async function putBlobs(
  store: BlobStore,
  file: SpooledFile,
  seen: Inspected,
  keys: { original: string; thumbnail: string },
): Promise<void> {
  const rules = { maxBytes: KIND_MAX_BYTES[seen.kind], allowedTypes: [seen.contentType] };
  await store.put(keys.original, seen.replacement ?? createReadStream(file.path), rules);
  if (seen.thumbnail) await store.put(keys.thumbnail, seen.thumbnail, { allowedTypes: ["image/webp"] });
}

/** Judges and stores a spooled upload as a new asset. The caller removes the temporary file. */
export async function createAsset(
  deps: AssetDeps & { uid: string; file: SpooledFile; kind?: "image" | "logo"; origin?: AssetStockOrigin },
): Promise<AssetView> {
  const seen = await inspectUpload(deps.file, { kind: deps.kind });
  const ref = deps.db.collection(assets).doc();
  const keys = {
    original: assetKeys.original(deps.uid, ref.id, seen.ext),
    thumbnail: assetKeys.thumbnail(deps.uid, ref.id),
  };
  const at = (deps.now ?? new Date()).toISOString();
  const filename = storedFileName(deps.file.name, seen.ext);
  const doc: AssetDoc = {
    owner_id: deps.uid,
    filename,
    content_type: seen.contentType,
    size: seen.replacement?.byteLength ?? deps.file.size,
    storage_key: keys.original,
    created_at: at,
    kind: seen.kind,
    name: cleanFileName(deps.file.name, seen.ext),
    width: seen.width,
    height: seen.height,
    duration_ms: seen.durationMs,
    thumbnail_key: seen.thumbnail ? keys.thumbnail : null,
    font_family: seen.fontFamily,
    updated_at: at,
    tags: deps.origin?.tags ?? tagsFromFileName(deps.file.name),
    source: deps.origin?.source ?? null,
    licence: deps.origin?.licence ?? null,
    attribution: deps.origin?.attribution ?? null,
  };
  if (deps.origin?.name) doc.name = deps.origin.name;
  try {
    await putBlobs(deps.store, deps.file, seen, keys);
    await ref.create(doc);
  } catch (e) {
    await Promise.all(
      [deps.store.delete(keys.original), deps.store.delete(keys.thumbnail)].map((p) => p.catch(() => undefined)),
    );
    throw storeError(e, seen.kind);
  }
  return presentAsset({ id: ref.id, doc, store: deps.store, ttl: signedUrlTtl(deps.now) });
}

/** Bytes in memory (product pictures saved by the links domain, older callers): same rules as any upload. */
export async function uploadAsset(
  a: AssetDeps & { uid: string; name: string; bytes: Uint8Array; kind?: "image" | "logo"; origin?: AssetStockOrigin },
): Promise<AssetView> {
  const file = await spoolBytes(a.bytes, a.name);
  try {
    return await createAsset({ ...a, file });
  } finally {
    await file.cleanup();
  }
}

export async function readOwnedAsset(db: Db, uid: string, id: string): Promise<DocSnapshot<AssetDoc>> {
  if (!DOC_ID.test(id)) throw notFound();
  const snap = await db.collection(assets).doc(id).get();
  if (!snap || snap.data.owner_id !== uid) throw notFound();
  return snap;
}

export async function getAsset(deps: AssetDeps & { uid: string; id: string }): Promise<AssetView> {
  return present(deps, await readOwnedAsset(deps.db, deps.uid, deps.id));
}

export async function listAssets(
  a: AssetDeps & { uid: string; cursor?: string | null; limit?: number; kinds?: readonly AssetKind[] },
): Promise<AssetViewPage> {
  const limit = Math.min(Math.max(a.limit ?? ASSET_PAGE_SIZE, 1), 100);
  const col = a.db.collection(assets);
  let q = col.where("owner_id", "==", a.uid).orderBy("created_at", "desc");
  if (a.cursor) {
    const after = DOC_ID.test(a.cursor) ? await col.doc(a.cursor).get() : null;
    // A cursor that is not one of my assets leaks nothing: it is an empty page.
    if (!after || after.data.owner_id !== a.uid) return { items: [], next_cursor: null };
    q = q.startAfter(after);
  }
  const wanted = a.kinds && a.kinds.length > 0 ? new Set(a.kinds) : null;
  // Older documents have no stored kind, so a kind filter reads the owner's list and filters it here,
  // a bounded number of documents per page; the cursor is the last document read, matched or not.
  const rows = await q.limit(wanted ? FILTER_SCAN : limit + 1).get();
  const page: DocSnapshot<AssetDoc>[] = [];
  let last: DocSnapshot<AssetDoc> | null = null;
  let more = false;
  for (const r of rows) {
    if (page.length === limit) {
      more = true;
      break;
    }
    last = r;
    if (!wanted || wanted.has(kindOf(r.data))) page.push(r);
  }
  if (wanted && !more && rows.length === FILTER_SCAN) more = true;
  const items = await Promise.all(page.map((snap) => present(a, snap)));
  return { items, next_cursor: more && last ? last.id : null };
}

export async function patchAsset(deps: AssetDeps & { uid: string; id: string; patch: AssetPatch }): Promise<AssetView> {
  const ref = deps.db.collection(assets).doc(deps.id);
  if (!DOC_ID.test(deps.id)) throw notFound();
  const at = (deps.now ?? new Date()).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap || snap.data.owner_id !== deps.uid) throw notFound();
    const kind = kindOf(snap.data);
    if (deps.patch.kind && deps.patch.kind !== kind && kind !== "image" && kind !== "logo") {
      throw new ApiError(
        "unprocessable_entity",
        `A ${KIND_LABELS[kind].one.toLowerCase()} cannot become a ${deps.patch.kind}; only images and logos switch.`,
        { issues: [{ path: "kind", message: "not a picture" }] },
      );
    }
    tx.update(ref, {
      ...(deps.patch.name !== undefined ? { name: deps.patch.name } : {}),
      ...(deps.patch.kind ? { kind: deps.patch.kind } : {}),
      ...(deps.patch.tags !== undefined ? { tags: deps.patch.tags } : {}),
      updated_at: at,
    });
  });
  return getAsset(deps);
}

/**
 * New bytes of the same kind under the same key, so every video and design
 * that uses the asset draws the new file on its next render or preview.
 * The new file is judged in full before the old one is overwritten.
 */
export async function replaceAssetContent(
  deps: AssetDeps & { uid: string; id: string; file: SpooledFile },
): Promise<AssetView> {
  const snap = await readOwnedAsset(deps.db, deps.uid, deps.id);
  const kind = kindOf(snap.data);
  const seen = await inspectUpload(deps.file, { kind: kind === "logo" ? "logo" : undefined });
  const picture = (k: AssetKind) => k === "image" || k === "logo";
  if (seen.kind !== kind && !(picture(seen.kind) && picture(kind))) {
    throw new ApiError(
      "unprocessable_entity",
      `This asset is ${aKind(kind)}; replace it with ${aKind(kind)} too (the file you sent is ${aKind(seen.kind)}).`,
      {
        issues: [{ path: "file", message: "different kind" }],
      },
    );
  }
  const thumbKey = assetKeys.thumbnail(deps.uid, deps.id);
  try {
    await putBlobs(deps.store, deps.file, seen, { original: snap.data.storage_key, thumbnail: thumbKey });
  } catch (e) {
    throw storeError(e, kind);
  }
  if (!seen.thumbnail && snap.data.thumbnail_key)
    await deps.store.delete(snap.data.thumbnail_key).catch(() => undefined);
  await deps.db
    .collection(assets)
    .doc(deps.id)
    .update({
      filename: storedFileName(deps.file.name, seen.ext),
      content_type: seen.contentType,
      size: seen.replacement?.byteLength ?? deps.file.size,
      width: seen.width,
      height: seen.height,
      duration_ms: seen.durationMs,
      thumbnail_key: seen.thumbnail ? thumbKey : null,
      font_family: seen.fontFamily,
      updated_at: (deps.now ?? new Date()).toISOString(),
    });
  // Older documents kept size and thumbnail here; the asset document now has them.
  await deps.db
    .collection(assetDetails)
    .doc(deps.id)
    .delete()
    .catch(() => undefined);
  return getAsset(deps);
}

/** The original's bytes and the name to save them under (the shown name, with the type's extension). */
export async function openAssetDownload(deps: AssetDeps & { uid: string; id: string }) {
  const snap = await readOwnedAsset(deps.db, deps.uid, deps.id);
  const read = await deps.store.get(snap.data.storage_key);
  if (!read) throw new ApiError("not_found", "This asset's file is missing.");
  const ext = EXTENSION_OF_TYPE[read.info.contentType] ?? "bin";
  return { read, filename: storedFileName(snap.data.name ?? snap.data.filename, ext) };
}
