import "server-only";
/**
 * Lists my videos, newest first, a page at a time (cursor: the last id of the previous page).
 */
import { DOC_ID } from "@/lib/platform/db/ids";
import { content } from "@/lib/platform/db/collections";
import type { VideoSummary } from "../contract";
import { toSummary, type VideoDeps } from "./shared";

export async function listVideos(
  deps: VideoDeps,
  uid: string,
  cursor: string | null,
  limit = 24,
): Promise<{ items: VideoSummary[]; nextCursor: string | null }> {
  const now = (deps.now ?? (() => new Date()))();
  const col = deps.db.collection(content);
  let q = col.where("owner_id", "==", uid).where("kind", "==", "video").orderBy("created_at", "desc");
  if (cursor) {
    const after = DOC_ID.test(cursor) ? await col.doc(cursor).get() : null;
    if (!after || after.data.owner_id !== uid) return { items: [], nextCursor: null };
    q = q.startAfter(after);
  }
  const rows = await q.limit(limit + 1).get();
  const page = rows.slice(0, limit);
  return {
    items: await Promise.all(page.map((r) => toSummary(deps.store, r.id, r.data, now))),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
