import "server-only";
/**
 * Bulk actions of the workspace. Delete sends each item through its own
 * domain (videos, images, pages, designs, products) so every rule of that
 * domain holds (a rendering video is cancelled and refunded first, an
 * image's likes go with it); download streams a ZIP of the rendered files
 * (MP4s, images, design stills) with back-pressure, one chunk at a time as
 * the client reads, never the files in memory.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import { deleteDesign } from "@/lib/creation/designs/service/delete-design";
import { deleteMyImages } from "@/lib/media/images/manage";
import { mediaOfContent } from "@/lib/creation/pages/media";
import { deletePage } from "@/lib/creation/pages/service";
import { products } from "@/lib/creation/products/collections";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import { zipStream } from "@/lib/platform/storage/zip-stream";
import { deleteVideo } from "@/lib/creation/video/service/delete-video";
import type { DeleteResult, ItemRef, SkippedItem } from "./contract";
import type { WorkspaceDeps } from "./list";

const NOT_FOUND = "Not found among your things (already deleted?).";

async function ownedContent(deps: WorkspaceDeps, uid: string, ref: ItemRef): Promise<ContentDoc | null> {
  const snap = await deps.db.collection(content).doc(ref.id).get();
  return snap && snap.data.owner_id === uid && snap.data.kind === ref.kind ? snap.data : null;
}

/** Deletes each item that is mine through its own domain; reports what went and what was skipped, and why. */
export async function deleteItems(deps: WorkspaceDeps, uid: string, items: readonly ItemRef[]): Promise<DeleteResult> {
  const deleted: ItemRef[] = [];
  const skipped: SkippedItem[] = [];
  const seen = new Set<string>();
  for (const ref of items) {
    const key = `${ref.kind}:${ref.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      let gone = false;
      if (ref.kind === "product") {
        const snap = await deps.db.collection(products).doc(ref.id).get();
        if (snap && snap.data.owner_id === uid) {
          // What was made from the product stays; only the product record goes.
          await deps.db.collection(products).doc(ref.id).delete();
          gone = true;
        }
      } else {
        const doc = await ownedContent(deps, uid, ref);
        if (doc) {
          if (ref.kind === "video") await deleteVideo({ db: deps.db, store: deps.store, now: deps.now }, uid, ref.id);
          else if (ref.kind === "image") await deleteMyImages({ db: deps.db, store: deps.store, uid, ids: [ref.id] });
          else if (ref.kind === "page")
            await deletePage({ db: deps.db, store: deps.store, now: deps.now }, uid, ref.id);
          else await deleteDesign(deps, uid, ref.id);
          gone = true;
          if (ref.kind === "image") refreshPublicViews([ref.id]);
        }
      }
      if (gone) deleted.push({ kind: ref.kind, id: ref.id });
      else skipped.push({ ...ref, reason: NOT_FOUND });
    } catch (e) {
      skipped.push({ ...ref, reason: e instanceof ApiError ? e.message : "Could not delete it; try again." });
      if (!(e instanceof ApiError)) console.error(`[workspace] delete ${key} failed:`, e);
    }
  }
  return { deleted, skipped };
}

export interface PlannedFile {
  ref: ItemRef;
  key: string;
  /** Name inside the ZIP, unique. */
  name: string;
}

function extensionOf(key: string, fallback: string): string {
  const m = /\.([A-Za-z0-9]{2,5})$/.exec(key);
  return m ? m[1]!.toLowerCase() : fallback;
}

function slug(title: string, fallback: string): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .slice(0, 60)
      .replace(/\s+/g, "-") || fallback
  );
}

/** Which items have a rendered file, under which names; the rest are skipped with the reason. */
export async function planDownload(
  deps: WorkspaceDeps,
  uid: string,
  items: readonly ItemRef[],
): Promise<{ files: PlannedFile[]; skipped: SkippedItem[] }> {
  const files: PlannedFile[] = [];
  const skipped: SkippedItem[] = [];
  const names = new Set<string>();
  const seen = new Set<string>();
  for (const ref of items) {
    const k = `${ref.kind}:${ref.id}`;
    if (seen.has(k)) continue;
    seen.add(k);
    if (ref.kind === "page" || ref.kind === "product") {
      skipped.push({
        ...ref,
        reason:
          ref.kind === "page" ? "A page has no file; share its link instead." : "A product has no file to download.",
      });
      continue;
    }
    const doc = await ownedContent(deps, uid, ref);
    if (!doc) {
      skipped.push({ ...ref, reason: NOT_FOUND });
      continue;
    }
    const media = mediaOfContent(doc);
    const key = ref.kind === "video" ? media?.video_key : media?.still_key;
    if (!key) {
      skipped.push({ ...ref, reason: ref.kind === "video" ? "Not rendered yet." : "Not finished yet." });
      continue;
    }
    const base = `${slug(doc.title, ref.kind)}-${ref.id}`;
    let name = `${base}.${extensionOf(key, ref.kind === "video" ? "mp4" : "png")}`;
    for (let i = 2; names.has(name); i++) name = `${base}-${i}.${extensionOf(key, "bin")}`;
    names.add(name);
    files.push({ ref, key, name });
  }
  return { files, skipped };
}

/**
 * The ZIP as a stream with back-pressure (lib/platform/storage/zip-stream.ts): each
 * file read from the blob store chunk by chunk, only as fast as the client
 * takes the archive. A file that vanished between planning and streaming is
 * left out.
 */
export function zipFiles(
  deps: Pick<WorkspaceDeps, "store">,
  files: readonly PlannedFile[],
): ReadableStream<Uint8Array> {
  return zipStream(files.map((f) => ({ name: f.name, open: async () => (await deps.store.get(f.key))?.body ?? null })));
}

/** The archive for `items`, or a 422 when none of them has a file. */
export async function downloadItems(
  deps: WorkspaceDeps,
  uid: string,
  items: readonly ItemRef[],
): Promise<{ stream: ReadableStream<Uint8Array>; files: PlannedFile[]; skipped: SkippedItem[] }> {
  const { files, skipped } = await planDownload(deps, uid, items);
  if (files.length === 0) {
    throw new ApiError(
      "unprocessable_entity",
      "Nothing to download: none of the selected items has a finished file (pages and products have none).",
      {
        issues: skipped.map((s) => ({ path: `${s.kind}:${s.id}`, message: s.reason })),
      },
    );
  }
  return { stream: zipFiles(deps, files), files, skipped };
}
