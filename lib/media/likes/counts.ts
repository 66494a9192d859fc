/**
 * Likes and remixes of images, read in bulk for a page of results. Likes are
 * one document each (lib/media/likes/likes.ts), so a count is always exactly the
 * number of people who like it; remixes are the images whose
 * `settings.remix_of` names it (lib/media/images writes that on each remix).
 */
import { content, likes, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { likeId } from "./like-id";

export interface ImageCounts {
  likes: number;
  remixes: number;
  liked_by_me: boolean;
}

export const NO_COUNTS: ImageCounts = Object.freeze({ likes: 0, remixes: 0, liked_by_me: false });

/** Firestore's limit for an `in` filter. */
const IN_LIMIT = 30;

export function countLikes(db: Db, contentId: string): Promise<number> {
  return db.collection(likes).where("content_id", "==", contentId).count();
}

/** Remixes per image id: one `in` query per 30 ids rather than one count per image. */
export async function countRemixes(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(ids.map((id) => [id, 0]));
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += IN_LIMIT) chunks.push(unique.slice(i, i + IN_LIMIT));
  await Promise.all(
    chunks.map(async (chunk) => {
      // Query.where types top-level fields only, hence the cast for this nested settings path.
      const rows = await db
        .collection(content)
        .where("settings.remix_of" as keyof ContentDoc & string, "in", chunk as never[])
        .get();
      for (const r of rows) {
        const of = (r.data.settings as Record<string, unknown>).remix_of;
        if (typeof of === "string" && out.has(of)) out.set(of, out.get(of)! + 1);
      }
    }),
  );
  return out;
}

/** Likes, remixes and whether the viewer likes each image; one entry per id. */
export async function loadImageCounts(a: {
  db: Db;
  ids: readonly string[];
  viewerUid: string | null;
}): Promise<Map<string, ImageCounts>> {
  const ids = [...new Set(a.ids)];
  const [likeCounts, mine, remixes] = await Promise.all([
    Promise.all(ids.map((id) => countLikes(a.db, id))),
    Promise.all(ids.map((id) => (a.viewerUid ? a.db.collection(likes).doc(likeId(id, a.viewerUid)).get() : null))),
    countRemixes(a.db, ids),
  ]);
  return new Map(
    ids.map((id, i) => [id, { likes: likeCounts[i]!, remixes: remixes.get(id) ?? 0, liked_by_me: mine[i] != null }]),
  );
}
