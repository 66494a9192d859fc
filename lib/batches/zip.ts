import "server-only";
/**
 * A batch's finished MP4s as one ZIP, streamed: entries are stored (MP4 does
 * not compress) through fflate's streaming `Zip`, and the next chunk of a
 * video is read only when the response asks for more, so memory holds one
 * chunk at a time whatever the batch's size.
 */
import { Zip, ZipPassThrough } from "fflate";
import { content } from "@/lib/db/collections";
import type { Db } from "@/lib/db/db";
import type { BlobStore } from "@/lib/storage/types";

export interface ZipEntry {
  file_name: string;
  content_id: string;
}

/** Yields [entry name, chunk | null (end of entry)] for every finished video that still has its file. */
async function* chunks(db: Db, store: BlobStore, entries: ZipEntry[]): AsyncGenerator<[string, Uint8Array | null]> {
  for (const e of entries) {
    const c = await db.collection(content).doc(e.content_id).get();
    const key = (c?.data.settings as { files?: { video_key?: string } | null } | undefined)?.files?.video_key;
    const read = key ? await store.get(key) : null;
    if (!read) continue;
    for await (const chunk of read.body) yield [e.file_name, chunk as Uint8Array];
    yield [e.file_name, null];
  }
}

export function zipStream(db: Db, store: BlobStore, entries: ZipEntry[]): ReadableStream<Uint8Array> {
  const source = chunks(db, store, entries);
  let out: ReadableStreamDefaultController<Uint8Array>;
  let failed: Error | null = null;
  const zip = new Zip((err, data, final) => {
    if (err) {
      failed = err;
      return;
    }
    out.enqueue(data);
    if (final) out.close();
  });
  let current: { name: string; file: ZipPassThrough } | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        out = controller;
      },
      async pull(controller) {
        const next = await source.next();
        if (failed) return controller.error(failed);
        if (next.done) {
          zip.end();
          return;
        }
        const [name, chunk] = next.value;
        if (!current || current.name !== name) {
          current = { name, file: new ZipPassThrough(name) };
          zip.add(current.file);
        }
        if (chunk === null) {
          current.file.push(new Uint8Array(0), true);
          current = null;
        } else {
          current.file.push(chunk);
        }
      },
      async cancel() {
        await source.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
