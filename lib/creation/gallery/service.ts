import "server-only";
/**
 * The public gallery's rules in one place: what the owner chose, whether an
 * item is publicly viewable (the same tests as its public page), what staff
 * hid, and the reports visitors send. Routes: app/api/v1/content/[id]/gallery,
 * app/api/v1/public/gallery, app/api/v1/ops/gallery/[id].
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";
import { logContentChange } from "@/lib/platform/update-log/content";
import { publicMediaPath } from "@/lib/creation/public-views/media";
import { galleryReports } from "./collections";
import {
  GALLERY_KINDS,
  GALLERY_SCAN_LIMIT,
  type GalleryChoice,
  type GalleryItem,
  type GalleryKind,
  type GalleryListing,
  type GalleryStaffState,
  type ReportReason,
} from "./contract";

export interface GalleryDeps {
  db: Db;
  now?: () => Date;
}

const nowIso = (deps: GalleryDeps) => (deps.now ?? (() => new Date()))().toISOString();

function isGalleryKind(kind: string): kind is GalleryKind {
  return (GALLERY_KINDS as readonly string[]).includes(kind);
}

/** The public page's test: a finished file anyone may open (see lib/creation/video/public.ts, designs/public.ts, media/images/public-image.ts). */
function hasPublicFile(doc: ContentDoc): boolean {
  if (doc.kind === "video") {
    const files = (doc.settings as { files?: { poster_key?: string } | null }).files;
    return Boolean(files?.poster_key);
  }
  if (doc.status !== "ready") return false;
  if (doc.kind === "image") return Boolean(doc.blobs.original);
  if (doc.kind === "design") {
    const files = (doc.settings as { files?: { pages?: unknown[] } | null }).files;
    return Boolean(doc.blobs.original && files?.pages?.length);
  }
  return false;
}

export function listingOf(doc: ContentDoc): GalleryListing {
  if (!doc.in_gallery) return "off";
  if (doc.gallery_hidden_at) return "hidden";
  if (doc.visibility !== "public") return "not_public";
  if (!isGalleryKind(doc.kind) || !hasPublicFile(doc)) return "not_ready";
  return "listed";
}

function present(id: string, doc: ContentDoc & { kind: GalleryKind }): GalleryItem {
  const enc = encodeURIComponent(id);
  const poster =
    doc.kind === "video"
      ? `/api/v1/public/videos/${enc}/poster`
      : publicMediaPath(enc, doc.blobs.thumbnail ? "thumbnail" : "original");
  return {
    id,
    kind: doc.kind,
    title: doc.title,
    poster_url: poster,
    href: doc.kind === "video" ? `/v1/videos/${enc}` : `/content/${enc}`,
    created_at: doc.created_at,
  };
}

/** Opted-in, public, finished, not hidden: newest first. */
export async function listGallery(deps: GalleryDeps, limit: number): Promise<GalleryItem[]> {
  const rows = await deps.db
    .collection(content)
    .where("in_gallery", "==", true)
    .where("visibility", "==", "public")
    .orderBy("created_at", "desc")
    .limit(GALLERY_SCAN_LIMIT)
    .get();
  const out: GalleryItem[] = [];
  for (const r of rows) {
    if (out.length >= limit) break;
    const doc = r.data;
    if (listingOf(doc) === "listed" && isGalleryKind(doc.kind)) out.push(present(r.id, { ...doc, kind: doc.kind }));
  }
  return out;
}

async function readOwned(deps: GalleryDeps, uid: string, id: string): Promise<ContentDoc> {
  const snap = DOC_ID.test(id) ? await deps.db.collection(content).doc(id).get() : null;
  // Someone else's item answers as a missing one: no way to learn what exists.
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such content among yours.");
  if (!isGalleryKind(snap.data.kind))
    throw new ApiError("unprocessable_entity", "Only videos, images and designs can be shown in the public gallery.");
  return snap.data;
}

function choiceOf(id: string, doc: ContentDoc): GalleryChoice {
  return { id, kind: doc.kind as GalleryKind, show: Boolean(doc.in_gallery), listing: listingOf(doc) };
}

export async function readGalleryChoice(deps: GalleryDeps, uid: string, id: string): Promise<GalleryChoice> {
  return choiceOf(id, await readOwned(deps, uid, id));
}

/** The owner's switch. Returns the new state and whether the gallery's content changed. */
export async function setGalleryChoice(
  deps: GalleryDeps,
  uid: string,
  id: string,
  show: boolean,
): Promise<{ choice: GalleryChoice; changed: boolean }> {
  const doc = await readOwned(deps, uid, id);
  const before = listingOf(doc);
  if (Boolean(doc.in_gallery) !== show) {
    // The update log follows the choice like sharing: who put the item in the gallery, or took it out.
    const batch = deps.db.batch();
    batch.update(deps.db.collection(content).doc(id), { in_gallery: show });
    logContentChange(deps.db, batch, {
      id,
      action: show ? "gallery_show" : "gallery_leave",
      before: doc,
      after: { in_gallery: show },
    });
    await batch.commit();
  }
  const after = { ...doc, in_gallery: show };
  return { choice: choiceOf(id, after), changed: before !== listingOf(after) };
}

/** A visitor's report about an item the gallery shows (404 for anything else: no probing of private ids). */
export async function reportGalleryItem(
  deps: GalleryDeps,
  id: string,
  input: { reason: ReportReason; note: string },
): Promise<void> {
  const snap = DOC_ID.test(id) ? await deps.db.collection(content).doc(id).get() : null;
  if (!snap || listingOf(snap.data) !== "listed")
    throw new ApiError("not_found", "That item is not in the public gallery.");
  await deps.db
    .collection(galleryReports)
    .doc()
    .create({
      content_id: id,
      content_kind: snap.data.kind,
      reason: input.reason,
      note: input.note,
      status: "open",
      created_at: nowIso(deps),
      resolved_at: null,
    });
}

async function openReports(deps: GalleryDeps, id: string) {
  return deps.db.collection(galleryReports).where("content_id", "==", id).where("status", "==", "open").get();
}

async function readAny(deps: GalleryDeps, id: string): Promise<ContentDoc> {
  const snap = DOC_ID.test(id) ? await deps.db.collection(content).doc(id).get() : null;
  if (!snap) throw new ApiError("not_found", "There is no such content.");
  return snap.data;
}

async function staffStateOf(deps: GalleryDeps, id: string, doc: ContentDoc): Promise<GalleryStaffState> {
  return {
    id,
    kind: doc.kind,
    title: doc.title,
    show: Boolean(doc.in_gallery),
    hidden: Boolean(doc.gallery_hidden_at),
    listing: listingOf(doc),
    open_reports: (await openReports(deps, id)).length,
  };
}

export async function readGalleryStaffState(deps: GalleryDeps, id: string): Promise<GalleryStaffState> {
  return staffStateOf(deps, id, await readAny(deps, id));
}

/** Staff hide (or show again) any item; hiding closes its open reports. */
export async function setGalleryHidden(
  deps: GalleryDeps,
  id: string,
  hidden: boolean,
): Promise<{ state: GalleryStaffState; changed: boolean }> {
  const doc = await readAny(deps, id);
  const at = nowIso(deps);
  const before = listingOf(doc);
  const next: ContentDoc = { ...doc, gallery_hidden_at: hidden ? (doc.gallery_hidden_at ?? at) : null };
  // The item and its open reports change together; the update log names the staff member who hid it.
  const batch = deps.db.batch();
  if (Boolean(doc.gallery_hidden_at) !== hidden) {
    batch.update(deps.db.collection(content).doc(id), { gallery_hidden_at: next.gallery_hidden_at });
    logContentChange(deps.db, batch, {
      id,
      action: hidden ? "gallery_hide" : "gallery_unhide",
      before: doc,
      after: { gallery_hidden_at: next.gallery_hidden_at },
    });
  }
  if (hidden) {
    for (const r of await openReports(deps, id))
      batch.update(deps.db.collection(galleryReports).doc(r.id), { status: "hidden", resolved_at: at });
  }
  await batch.commit();
  return { state: await staffStateOf(deps, id, next), changed: before !== listingOf(next) };
}
