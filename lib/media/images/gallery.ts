/**
 * A user's images, newest first, a page at a time (cursor = the last image's
 * id), optionally filtered by model or vibe. Each filter has its own declared
 * index (lib/platform/db/collections.ts), so a page costs one indexed query on either driver.
 */
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";

export const GALLERY_PAGE_SIZE = 24;

export interface GalleryPage {
  items: DocSnapshot<ContentDoc>[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export async function listMyImages(a: {
  db: Db;
  uid: string;
  cursor?: string | null;
  limit?: number;
  modelId?: string;
  vibeId?: string;
}): Promise<GalleryPage> {
  const limit = Math.min(Math.max(a.limit ?? GALLERY_PAGE_SIZE, 1), 100);
  const col = a.db.collection(content);
  let q = col.where("owner_id", "==", a.uid).where("kind", "==", "image");
  // Firestore can serve one of these per query with the declared indexes; the model filter wins if both are given.
  // Query.where types top-level fields only, hence the casts for these nested settings paths.
  if (a.modelId) q = q.where("settings.model_id" as keyof ContentDoc & string, "==", a.modelId as never);
  else if (a.vibeId) q = q.where("settings.vibe_id" as keyof ContentDoc & string, "==", a.vibeId as never);
  q = q.orderBy("created_at", "desc");
  if (a.cursor) {
    const after = await col
      .doc(a.cursor)
      .get()
      .catch(() => null);
    // A cursor that is not one of my images restarts nothing and leaks nothing: it is an empty page.
    if (!after || after.data.owner_id !== a.uid) return { items: [], nextCursor: null };
    q = q.startAfter(after);
  }
  // One extra row tells whether another page exists without a count query.
  const rows = await q.limit(limit + 1).get();
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}
