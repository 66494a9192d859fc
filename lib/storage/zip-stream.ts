import "server-only";
/**
 * A ZIP of files, streamed with back-pressure: entries are stored (not
 * deflated: MP4, PNG and the like are compressed already) through fflate's
 * streaming `Zip`, and the next chunk of a file is read only when the
 * response pulls for more. However slow the client and however large the
 * files, the server holds about one chunk plus its source's read-ahead; a
 * client that hangs up (the stream is cancelled) closes the open file.
 * Used by the workspace download and a batch's videos.
 */
import type { Readable } from "node:stream";
import { Zip, ZipPassThrough } from "fflate";

export interface ZipSource {
  /** The entry's name inside the archive (unique within it). */
  name: string;
  /** Opens the file's bytes; null leaves the entry out (a file gone since it was listed). */
  open(): Promise<Readable | null>;
}

const toBytes = (chunk: unknown): Uint8Array => (chunk instanceof Uint8Array ? chunk : new Uint8Array(Buffer.from(String(chunk))));

export function zipStream(sources: Iterable<ZipSource> | AsyncIterable<ZipSource>): ReadableStream<Uint8Array> {
  const pending: Uint8Array[] = [];
  let ended = false;
  let failed: Error | null = null;
  const zip = new Zip((err, data, final) => {
    if (err) failed = err;
    else {
      if (data.length) pending.push(data);
      if (final) ended = true;
    }
  });
  const list = (async function* () {
    yield* sources;
  })();
  let current: { entry: ZipPassThrough; body: Readable; chunks: AsyncIterator<unknown> } | null = null;

  const close = async () => {
    current?.body.destroy();
    current = null;
    await list.return(undefined);
  };

  return new ReadableStream<Uint8Array>(
    {
      // Each pull hands over what the archive has ready, reading just enough of the current file to have something.
      async pull(controller) {
        try {
          for (;;) {
            if (failed) throw failed;
            if (pending.length) {
              for (const chunk of pending.splice(0)) controller.enqueue(chunk);
              if (ended) controller.close();
              return;
            }
            if (ended) return controller.close();
            if (!current) {
              const next = await list.next();
              if (next.done) {
                zip.end();
                continue;
              }
              const body = await next.value.open();
              if (!body) continue;
              const entry = new ZipPassThrough(next.value.name);
              zip.add(entry);
              current = { entry, body, chunks: body[Symbol.asyncIterator]() };
              continue;
            }
            const read = await current.chunks.next();
            if (read.done) {
              current.entry.push(new Uint8Array(0), true);
              current = null;
            } else {
              current.entry.push(toBytes(read.value));
            }
          }
        } catch (e) {
          await close().catch(() => undefined);
          controller.error(e);
        }
      },
      async cancel() {
        await close();
      },
    },
    // Nothing read ahead of the consumer beyond the chunk it is about to take.
    { highWaterMark: 0 },
  );
}
