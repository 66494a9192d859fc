/**
 * Which images a user may see, and therefore like: their own, and anybody's
 * public ones. Everything else — another user's private image, a malformed
 * id, a video — answers the same 404, so ids leak nothing.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { DOC_ID } from "@/lib/platform/db/ids";

export function canSeeImage(doc: ContentDoc, viewerUid: string | null): boolean {
  return doc.kind === "image" && (doc.owner_id === viewerUid || doc.visibility === "public");
}

export async function readVisibleImage(a: { db: Db; uid: string; id: string }): Promise<DocSnapshot<ContentDoc>> {
  const snap = DOC_ID.test(a.id) ? await a.db.collection(content).doc(a.id).get() : null;
  if (!snap || !canSeeImage(snap.data, a.uid))
    throw new ApiError("not_found", "There is no such image, or it is not shared.");
  return snap;
}
