/**
 * Wraps an upload stream so a driver can stream it to its destination while
 * the size cap and the content-type allow-list are enforced on the bytes: the
 * head is read first (to sniff the type before anything is written), then the
 * rest flows through a counter that fails the stream past `maxBytes`.
 */
import { Readable } from "node:stream";
import { StorageError } from "./errors";
import { SNIFF_BYTES, sniffContentType } from "./sniff";

export type UploadBody = Readable | AsyncIterable<Uint8Array> | Uint8Array | ReadableStream<Uint8Array>;

export interface UploadRules {
  maxBytes: number;
  allowedTypes: readonly string[];
  /** What the client claimed; must match the bytes when given. */
  declaredType?: string;
}

export interface GuardedUpload {
  contentType: string;
  /** The whole body (head included), failing with too-large past the cap. */
  body: Readable;
  /** Bytes that went through `body`, final once it ended. */
  size(): number;
}

function toIterable(body: UploadBody): AsyncIterable<Uint8Array> {
  if (body instanceof Uint8Array) return Readable.from([body]);
  if (typeof (body as ReadableStream).getReader === "function")
    return Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  return body as AsyncIterable<Uint8Array>;
}

export async function guardUpload(input: UploadBody, rules: UploadRules): Promise<GuardedUpload> {
  const it = toIterable(input)[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let done = false;
  while (head.length < SNIFF_BYTES) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    head = Buffer.concat([head, Buffer.from(next.value)]);
    if (head.length > rules.maxBytes) break;
  }
  if (head.length > rules.maxBytes) {
    await it.return?.();
    throw new StorageError("too-large", `upload exceeds ${rules.maxBytes} bytes`);
  }
  const contentType = sniffContentType(head);
  if (!contentType || !rules.allowedTypes.includes(contentType)) {
    await it.return?.();
    throw new StorageError("unsupported-type", `content type ${contentType ?? "unknown"} is not allowed`);
  }
  if (rules.declaredType && rules.declaredType.split(";")[0]!.trim().toLowerCase() !== contentType) {
    await it.return?.();
    throw new StorageError("unsupported-type", `declared ${rules.declaredType} but the bytes are ${contentType}`);
  }
  let size = head.length;
  async function* all() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      size += next.value.length;
      if (size > rules.maxBytes) {
        await it.return?.();
        throw new StorageError("too-large", `upload exceeds ${rules.maxBytes} bytes`);
      }
      yield Buffer.from(next.value);
    }
  }
  return { contentType, body: Readable.from(all(), { objectMode: false }), size: () => size };
}
