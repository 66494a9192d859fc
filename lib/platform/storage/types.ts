/** The blob-store contract both drivers satisfy (the storage contract suite runs it on each). */
import type { Readable } from "node:stream";
import { StorageError } from "./errors";
import type { UploadBody, UploadRules } from "./guarded-upload";

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
}

export interface BlobRead {
  info: BlobInfo;
  body: Readable;
  /** The inclusive byte range served, when a range was asked for. */
  range: { start: number; end: number } | null;
}

export interface BlobStore {
  readonly kind: "local" | "gcs";
  /** Streams `body` in; nothing is stored when it breaks a rule (size, type, key). Replaces an existing blob. */
  put(key: string, body: UploadBody, rules?: Partial<UploadRules>): Promise<BlobInfo>;
  head(key: string): Promise<BlobInfo | null>;
  /** `range.end` is inclusive and defaults to the last byte, as in an HTTP Range header. */
  get(key: string, opts?: { range?: { start: number; end?: number } }): Promise<BlobRead | null>;
  delete(key: string): Promise<void>;
  /** Blobs whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<BlobInfo[]>;
  /** A URL anyone can GET until it expires. */
  signedUrl(key: string, opts: { expiresInSeconds: number }): Promise<string>;
}

/** Default cap for uploads: 200 MB, enough for a rendered video. */
export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export function resolveRange(range: { start: number; end?: number }, size: number): { start: number; end: number } {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size || end < range.start) {
    throw new StorageError("invalid-range", `range ${range.start}-${range.end ?? ""} is outside 0-${size - 1}`);
  }
  return { start: range.start, end };
}
