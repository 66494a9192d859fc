/** Whole-blob reads for images (a few MB at most; the worker and mask check need the bytes in memory anyway). */
import type { BlobStore } from "@/lib/platform/storage/types";

export async function readBlob(store: BlobStore, key: string): Promise<Buffer | null> {
  const read = await store.get(key);
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Where a user's image files live; one folder per content document. */
export const imageKeys = {
  original: (uid: string, contentId: string) => `images/${uid}/${contentId}/original.png`,
  thumbnail: (uid: string, contentId: string) => `images/${uid}/${contentId}/thumb.webp`,
  mask: (uid: string, jobId: string) => `images/${uid}/masks/${jobId}.png`,
};
