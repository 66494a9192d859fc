import "server-only";
/**
 * Stable URLs for the media of public content: the cached public pages link
 * here instead of to signed blob URLs (which expire), and each request is
 * answered with a redirect to a freshly signed URL, or a 404 once the content
 * is no longer public.
 */
import { content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { mayServe } from "@/lib/engine/composition/media-access";
import type { BlobStore } from "@/lib/platform/storage/types";
import { DOC_ID } from "@/lib/platform/db/ids";

export const PUBLIC_MEDIA_VARIANTS = ["original", "thumbnail", "poster"] as const;
export type PublicMediaVariant = (typeof PUBLIC_MEDIA_VARIANTS)[number];

export function publicMediaPath(id: string, variant: PublicMediaVariant): string {
  return `/api/v1/public/content/${id}/${variant}`;
}

/** The signed URL of a public, finished item's file, or null when it has none or is not public. */
export async function signedPublicMedia(a: {
  db: Db;
  store: BlobStore;
  id: string;
  variant: string;
  now?: Date;
}): Promise<string | null> {
  if (!DOC_ID.test(a.id) || !(PUBLIC_MEDIA_VARIANTS as readonly string[]).includes(a.variant)) return null;
  const snap = await a.db.collection(content).doc(a.id).get();
  if (!snap || snap.data.visibility !== "public" || snap.data.status !== "ready") return null;
  const key = snap.data.blobs[a.variant as PublicMediaVariant];
  if (!key || !mayServe(key, { ownerId: snap.data.owner_id, template: null }, `public content ${a.id}`)) return null;
  return a.store.signedUrl(key, { expiresInSeconds: signedUrlTtl(a.now) });
}
