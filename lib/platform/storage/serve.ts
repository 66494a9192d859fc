/**
 * HTTP responses for blobs, for the local driver's signed-URL route
 * (`app/api/v1/blobs/[...key]/route.ts`) and for routes that have already
 * checked ownership or public visibility. Honors single `Range` requests so
 * video players can seek.
 */
import { Readable } from "node:stream";
import { StorageError, isStorageError } from "./errors";
import { checkKey } from "./keys";
import { verifyBlobSignature } from "./signing";
import type { BlobStore } from "./types";

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` -> inclusive range; null when absent or not a single byte range. */
export function parseRangeHeader(header: string | null, size: number): { start: number; end?: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") return { start: Math.max(0, size - Number(m[2])) };
  return { start: Number(m[1]), ...(m[2] ? { end: Number(m[2]) } : {}) };
}

export async function blobResponse(input: {
  store: BlobStore;
  key: string;
  rangeHeader: string | null;
  /** How long the browser may keep it; a signed URL passes the time left before it expires. */
  maxAgeSeconds?: number;
}): Promise<Response> {
  try {
    const info = await input.store.head(input.key);
    if (!info) return new Response("not found", { status: 404 });
    const range = parseRangeHeader(input.rangeHeader, info.size);
    const read = await input.store.get(input.key, range ? { range } : {});
    if (!read) return new Response("not found", { status: 404 });
    const headers = new Headers({
      "content-type": read.info.contentType,
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      // A blob's bytes never change under its key, so within its lifetime the URL is immutable.
      "cache-control": `private, max-age=${Math.max(0, Math.floor(input.maxAgeSeconds ?? 300))}, immutable`,
    });
    const body = Readable.toWeb(read.body) as ReadableStream<Uint8Array>;
    if (read.range) {
      headers.set("content-range", `bytes ${read.range.start}-${read.range.end}/${read.info.size}`);
      headers.set("content-length", String(read.range.end - read.range.start + 1));
      return new Response(body, { status: 206, headers });
    }
    headers.set("content-length", String(read.info.size));
    return new Response(body, { status: 200, headers });
  } catch (e) {
    if (isStorageError(e)) {
      const headers: Record<string, string> = {};
      if (e.code === "invalid-range") {
        const info = await input.store.head(input.key).catch(() => null);
        if (info) headers["content-range"] = `bytes */${info.size}`;
      }
      return new Response(e.message, { status: e.status, headers });
    }
    throw e;
  }
}

/** GET handler body for a signed local URL: checks the signature and expiry, then serves the blob. */
export async function serveSignedBlob(input: {
  request: Request;
  key: string;
  store: BlobStore;
  secret: Buffer;
}): Promise<Response> {
  const url = new URL(input.request.url);
  try {
    checkKey(input.key);
    verifyBlobSignature({
      secret: input.secret,
      key: input.key,
      expires: url.searchParams.get("expires"),
      sig: url.searchParams.get("sig"),
    });
  } catch (e) {
    if (e instanceof StorageError) return new Response(e.message, { status: e.status });
    throw e;
  }
  const expires = Number(url.searchParams.get("expires"));
  const left = Number.isFinite(expires) ? expires - Math.floor(Date.now() / 1000) : 0;
  return blobResponse({
    store: input.store,
    key: input.key,
    rangeHeader: input.request.headers.get("range"),
    maxAgeSeconds: left,
  });
}
