import "server-only";
/**
 * A ZIP built while it is sent, with back-pressure: the web stream asks for
 * more (pull) only when the client has taken what was sent (highWaterMark 1),
 * and only then is the next piece read from its source, so a slow client never
 * makes the server hold the archive. Text entries may be deflated; files are
 * stored (pictures and videos are compressed already). A client that hangs up
 * (the stream is cancelled) ends the source, which closes the open file.
 * `zipPieces` takes any mix of generated pieces (the account export);
 * `zipStream` takes files to open one after another (workspace and batch ZIPs).
 */
import type { Readable } from "node:stream";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** A chunk of one entry; `chunk: null` ends the entry. Pieces of one entry come together. */
export interface ZipPiece {
  name: string;
  chunk: Uint8Array | null;
  deflate: boolean;
}

export function zipPieces(
  source: AsyncGenerator<ZipPiece, void, undefined>,
  onSettled?: () => void,
): ReadableStream<Uint8Array> {
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    onSettled?.();
  };
  let out: ReadableStreamDefaultController<Uint8Array>;
  let failed: Error | null = null;
  /** Bumped whenever the ZIP hands out bytes; `done` once it has ended. */
  let produced = 0;
  let done = false;
  const zip = new Zip((err, data, final) => {
    if (err) {
      failed = err;
      return;
    }
    produced += 1;
    out.enqueue(data);
    if (final) {
      done = true;
      out.close();
      settle();
    }
  });
  let current: { name: string; file: ZipDeflate | ZipPassThrough } | null = null;

  /** Feeds one piece to the ZIP; false when the source has ended. */
  async function feed(): Promise<boolean> {
    const next = await source.next();
    if (next.done) {
      zip.end();
      return false;
    }
    const { name, chunk, deflate } = next.value;
    if (!current || current.name !== name) {
      current = { name, file: deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name) };
      zip.add(current.file);
    }
    if (chunk === null) {
      current.file.push(new Uint8Array(0), true);
      current = null;
    } else {
      current.file.push(chunk);
    }
    return true;
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        out = controller;
      },
      // A web stream calls pull again only after bytes were enqueued, and the
      // deflater may swallow a small piece without output: feed pieces until
      // the ZIP has handed out something (or ended).
      async pull(controller) {
        const before = produced;
        try {
          while (produced === before && !done && !failed && (await feed()));
        } catch (error) {
          settle();
          return controller.error(error);
        }
        if (failed) {
          settle();
          controller.error(failed);
        }
      },
      async cancel() {
        settle();
        await source.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

export interface ZipSource {
  /** The entry's name inside the archive (unique within it). */
  name: string;
  /** Opens the file's bytes; null leaves the entry out (a file gone since it was listed). */
  open(): Promise<Readable | null>;
}

const toBytes = (chunk: unknown): Uint8Array =>
  chunk instanceof Uint8Array ? chunk : new Uint8Array(Buffer.from(String(chunk)));

/** The pieces of stored files, read one chunk at a time; ending early closes the open file. */
async function* filePieces(
  sources: Iterable<ZipSource> | AsyncIterable<ZipSource>,
): AsyncGenerator<ZipPiece, void, undefined> {
  for await (const source of sources) {
    const body = await source.open();
    if (!body) continue;
    try {
      for await (const chunk of body) yield { name: source.name, chunk: toBytes(chunk), deflate: false };
    } finally {
      body.destroy();
    }
    yield { name: source.name, chunk: null, deflate: false };
  }
}

/** Small generated text files (deflated), then the stored files. */
async function* withLeading(
  leading: readonly { name: string; text: string }[],
  rest: AsyncGenerator<ZipPiece, void, undefined>,
): AsyncGenerator<ZipPiece, void, undefined> {
  for (const l of leading) {
    yield { name: l.name, chunk: new TextEncoder().encode(l.text), deflate: true };
    yield { name: l.name, chunk: null, deflate: true };
  }
  yield* rest;
}

/**
 * A ZIP of stored files (not deflated), each opened only when the archive
 * reaches it; `leading` text entries (a manifest) come first.
 */
export function zipStream(
  sources: Iterable<ZipSource> | AsyncIterable<ZipSource>,
  leading: readonly { name: string; text: string }[] = [],
): ReadableStream<Uint8Array> {
  return zipPieces(withLeading(leading, filePieces(sources)));
}
