import "server-only";
/**
 * A batch's finished MP4s as one ZIP, streamed with back-pressure
 * (lib/platform/storage/zip-stream.ts): each video's document is looked up and its
 * file read only when the archive reaches it, and the next chunk only when
 * the response asks for more, so memory holds one chunk at a time whatever
 * the batch's size.
 */
import { content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { zipStream as streamZip, type ZipSource } from "@/lib/platform/storage/zip-stream";
import type { BlobStore } from "@/lib/platform/storage/types";

export interface ZipEntry {
  file_name: string;
  content_id: string;
}

/** Every finished video that still has its file (the rest are left out). */
function sources(db: Db, store: BlobStore, entries: ZipEntry[]): ZipSource[] {
  return entries.map((e) => ({
    name: e.file_name,
    open: async () => {
      const c = await db.collection(content).doc(e.content_id).get();
      const key = (c?.data.settings as { files?: { video_key?: string } | null } | undefined)?.files?.video_key;
      return key ? ((await store.get(key))?.body ?? null) : null;
    },
  }));
}

export function zipStream(db: Db, store: BlobStore, entries: ZipEntry[]): ReadableStream<Uint8Array> {
  return streamZip(sources(db, store, entries));
}
