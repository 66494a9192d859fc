import "server-only";
/**
 * What a page's media reference points at: the owner's video, image, design
 * or uploaded asset, read as storage keys. The editor (signed preview URLs),
 * the save check (only the owner's own content) and the public media route
 * (a published page's blocks only) all resolve through here.
 */
import { assets, content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { MediaRef } from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface ResolvedMedia {
  kind: "video" | "image" | "design" | "asset";
  title: string;
  /** Full-size still: the image, the design's still, a video's poster. */
  still_key: string | null;
  /** A smaller still when there is one. */
  thumb_key: string | null;
  /** Videos: the rendered MP4. */
  video_key: string | null;
}

interface VideoFiles {
  video_key?: string;
  poster_key?: string;
}

/** The stills and files of one of `uid`'s content documents. */
export function mediaOfContent(doc: ContentDoc): ResolvedMedia | null {
  if (doc.kind === "video") {
    const files = (doc.settings as { files?: VideoFiles | null }).files ?? null;
    const poster = files?.poster_key ?? doc.blobs.poster ?? null;
    return {
      kind: "video",
      title: doc.title,
      still_key: poster,
      thumb_key: poster,
      video_key: files?.video_key ?? null,
    };
  }
  if (doc.kind === "image") {
    return {
      kind: "image",
      title: doc.title,
      still_key: doc.blobs.original,
      thumb_key: doc.blobs.thumbnail ?? doc.blobs.original,
      video_key: null,
    };
  }
  if (doc.kind === "design") {
    const still = doc.blobs.original ?? doc.blobs.poster ?? doc.blobs.thumbnail;
    return {
      kind: "design",
      title: doc.title,
      still_key: still,
      thumb_key: doc.blobs.thumbnail ?? still,
      video_key: null,
    };
  }
  return null;
}

/** `ref` resolved among `uid`'s own things, or null (missing, someone else's, not media). */
export async function resolveMedia(db: Db, uid: string, ref: MediaRef): Promise<ResolvedMedia | null> {
  if ("asset_id" in ref) {
    if (!DOC_ID.test(ref.asset_id)) return null;
    const snap = await db.collection(assets).doc(ref.asset_id).get();
    if (!snap || snap.data.owner_id !== uid || !snap.data.content_type.startsWith("image/")) return null;
    return {
      kind: "asset",
      title: snap.data.filename,
      still_key: snap.data.storage_key,
      thumb_key: snap.data.storage_key,
      video_key: null,
    };
  }
  if (!DOC_ID.test(ref.content_id)) return null;
  const snap = await db.collection(content).doc(ref.content_id).get();
  if (!snap || snap.data.owner_id !== uid) return null;
  return mediaOfContent(snap.data);
}
