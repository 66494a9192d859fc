/**
 * Liking and unliking an image: one `likes` document per (image, user),
 * created in a transaction with the read of the image, so a like is
 * idempotent, is only ever made on an image the user may see, and the count
 * (a count of those documents) is exact.
 */
import type { LikeState } from "./contract";
import { ApiError } from "@/lib/platform/api/errors";
import { content, likes } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { countLikes } from "./counts";
import { likeId } from "./like-id";
import { invalidateTrending } from "./trending";
import { DOC_ID } from "@/lib/platform/db/ids";
import { canSeeImage, readVisibleImage } from "./visible-image";

export async function likeImage(a: { db: Db; uid: string; contentId: string; now?: Date }): Promise<LikeState> {
  if (!DOC_ID.test(a.contentId)) throw notFound();
  const imageRef = a.db.collection(content).doc(a.contentId);
  const ref = a.db.collection(likes).doc(likeId(a.contentId, a.uid));
  // The visibility check and the like are one transaction: an image made private meanwhile gets no like.
  const created = await a.db.runTransaction(async (tx) => {
    const image = await tx.get(imageRef);
    const existing = await tx.get(ref);
    if (!image || !canSeeImage(image.data, a.uid)) throw notFound();
    if (existing) return false;
    tx.create(ref, {
      content_id: a.contentId,
      owner_id: a.uid,
      content_owner_id: image.data.owner_id,
      created_at: (a.now ?? new Date()).toISOString(),
    });
    return true;
  });
  if (created) invalidateTrending();
  return { likes: await countLikes(a.db, a.contentId), liked_by_me: true };
}

export async function unlikeImage(a: { db: Db; uid: string; contentId: string }): Promise<LikeState> {
  const image = await readVisibleImage({ db: a.db, uid: a.uid, id: a.contentId });
  const ref = a.db.collection(likes).doc(likeId(image.id, a.uid));
  const deleted = await a.db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (!existing) return false;
    tx.delete(ref);
    return true;
  });
  if (deleted) invalidateTrending();
  return { likes: await countLikes(a.db, image.id), liked_by_me: false };
}

function notFound(): ApiError {
  return new ApiError("not_found", "There is no such image, or it is not shared.");
}

/** For the image delete route: drops an image's likes so none outlive it (batches of 500). */
export async function deleteLikesOf(a: { db: Db; contentId: string }): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await a.db.collection(likes).where("content_id", "==", a.contentId).limit(500).get();
    if (rows.length === 0) return total;
    const batch = a.db.batch();
    for (const r of rows) batch.delete(a.db.collection(likes).doc(r.id));
    await batch.commit();
    total += rows.length;
    if (rows.length < 500) return total;
  }
}
