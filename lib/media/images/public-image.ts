import "server-only";
/** The public view of a shared image (the `/content/{id}` page): only public, finished images. */
import type { ImageItem } from "@/lib/media/images/contract";
import { presentImage } from "@/lib/media/images/present-image";
import { content } from "@/lib/platform/db/collections";
import { DOC_ID } from "@/lib/platform/db/ids";
import { imageRuntime } from "./runtime";

export async function readPublicImage(id: string): Promise<ImageItem | null> {
  if (!DOC_ID.test(id)) return null;
  const { db, store } = imageRuntime();
  const snap = await db.collection(content).doc(id).get();
  if (!snap || snap.data.kind !== "image" || snap.data.visibility !== "public" || snap.data.status !== "ready")
    return null;
  return presentImage(snap, { viewerUid: null, store });
}
