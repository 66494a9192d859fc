/**
 * Puts an upload's bytes in a temporary file, with a byte cap that a missing
 * or lying Content-Length cannot get round, so the service can judge and
 * store large files (video clips) without holding them in memory: the raw
 * body streams straight to disk. Multipart bodies (the older image upload)
 * are parsed in memory and so are capped lower.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "@/lib/platform/api/errors";
import { formatBytes } from "./contract";
import { readUploadedFile } from "./read-upload";

/** Multipart uploads are buffered to be parsed: they stay at the still-image sizes. */
export const MULTIPART_MAX_BYTES = 25 * 1024 * 1024;

export interface SpooledFile {
  path: string;
  size: number;
  name: string;
  /** Removes the temporary file; safe to call twice. */
  cleanup(): Promise<void>;
}

async function tempPath(): Promise<string> {
  const dir = path.join(tmpdir(), "promptframe-uploads");
  await mkdir(dir, { recursive: true });
  return path.join(dir, randomUUID());
}

function spooled(file: string, size: number, name: string): SpooledFile {
  return { path: file, size, name, cleanup: () => rm(file, { force: true }) };
}

export async function spoolBytes(bytes: Uint8Array, name: string): Promise<SpooledFile> {
  const file = await tempPath();
  await writeFile(file, bytes);
  return spooled(file, bytes.byteLength, name);
}

function tooLarge(max: number): ApiError {
  return new ApiError("payload_too_large", `Files are at most ${formatBytes(max)}.`);
}

/**
 * The request's file: multipart field "file", or the raw body (any content
 * type but JSON and forms) named by `name`. The kind's own limit is checked
 * later, on the bytes; `maxBytes` is the largest any kind allows.
 */
export async function spoolRequest(
  request: Request,
  opts: { name: string | undefined; maxBytes: number },
): Promise<SpooledFile> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (contentType.startsWith("multipart/form-data")) {
    const file = await readUploadedFile(request, {
      field: "file",
      maxBytes: Math.min(opts.maxBytes, MULTIPART_MAX_BYTES),
    });
    return spoolBytes(file.bytes, file.name);
  }
  if (/^(application\/json|application\/x-www-form-urlencoded|text\/plain)/.test(contentType) || !contentType) {
    throw new ApiError(
      "unsupported_media_type",
      'Send the file\'s bytes as the body (Content-Type: application/octet-stream, with ?name=), or as multipart/form-data in a field named "file".',
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > opts.maxBytes) throw tooLarge(opts.maxBytes);
  if (!request.body)
    throw new ApiError("unprocessable_entity", "The file is empty.", {
      issues: [{ path: "file", message: "empty file" }],
    });
  const file = await tempPath();
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > opts.maxBytes) done(tooLarge(opts.maxBytes));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>),
      cap,
      createWriteStream(file),
    );
  } catch (e) {
    await rm(file, { force: true });
    if (e instanceof ApiError) throw e;
    throw new ApiError("bad_request", "The upload was interrupted. Try again.", { cause: e });
  }
  const name = (opts.name ?? "").trim() || "upload";
  return spooled(file, size, name);
}
