/**
 * The hosted blob store: a Cloud Storage bucket through @google-cloud/storage
 * (what firebase-admin's getStorage().bucket() returns). Uploads stream as a
 * single multipart request that is aborted when a check fails, so no object
 * is created; signed URLs are Cloud Storage V4 signed URLs.
 */
import type { Bucket } from "@google-cloud/storage";
import { pipeline } from "node:stream/promises";
import { checkKey, checkPrefix } from "./keys";
import { guardUpload, type UploadBody, type UploadRules } from "./guarded-upload";
import { DEFAULT_ALLOWED_TYPES } from "./sniff";
import { DEFAULT_MAX_BYTES, resolveRange, type BlobInfo, type BlobRead, type BlobStore } from "./types";

interface GcsMetadata {
  name?: string;
  size?: string | number;
  contentType?: string;
}

function infoOf(key: string, m: GcsMetadata): BlobInfo {
  return { key, size: Number(m.size ?? 0), contentType: m.contentType ?? "application/octet-stream" };
}

function isNotFound(e: unknown): boolean {
  return (e as { code?: unknown }).code === 404;
}

export class GcsBlobStore implements BlobStore {
  readonly kind = "gcs" as const;

  constructor(private readonly bucket: Bucket) {}

  async put(key: string, body: UploadBody, rules: Partial<UploadRules> = {}): Promise<BlobInfo> {
    const file = this.bucket.file(checkKey(key));
    const upload = await guardUpload(body, {
      maxBytes: rules.maxBytes ?? DEFAULT_MAX_BYTES,
      allowedTypes: rules.allowedTypes ?? DEFAULT_ALLOWED_TYPES,
      declaredType: rules.declaredType,
    });
    // resumable: false sends one request; destroying it on a failed check means no object at all.
    await pipeline(
      upload.body,
      file.createWriteStream({ resumable: false, contentType: upload.contentType, validation: "md5" }),
    );
    return { key, size: upload.size(), contentType: upload.contentType };
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const [m] = await this.bucket.file(checkKey(key)).getMetadata();
      return infoOf(key, m as GcsMetadata);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async get(key: string, opts: { range?: { start: number; end?: number } } = {}): Promise<BlobRead | null> {
    const info = await this.head(key);
    if (!info) return null;
    const range = opts.range ? resolveRange(opts.range, info.size) : null;
    const body = this.bucket.file(key).createReadStream(range ? { start: range.start, end: range.end } : {});
    return { info, body, range };
  }

  async delete(key: string): Promise<void> {
    await this.bucket.file(checkKey(key)).delete({ ignoreNotFound: true });
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    const [files] = await this.bucket.getFiles({ prefix: checkPrefix(prefix), autoPaginate: true });
    return files
      .map((f) => infoOf(f.name, f.metadata as GcsMetadata))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async signedUrl(key: string, opts: { expiresInSeconds: number }): Promise<string> {
    if (opts.expiresInSeconds > 7 * 24 * 3600) throw new RangeError("Cloud Storage signed URLs last at most 7 days");
    const [url] = await this.bucket.file(checkKey(key)).getSignedUrl({
      version: "v4",
      action: "read",
      expires: Date.now() + opts.expiresInSeconds * 1000,
    });
    return url;
  }
}
