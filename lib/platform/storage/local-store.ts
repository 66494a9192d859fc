/**
 * The default blob store: files under `<dataDir>/blobs`. Writes go to a
 * temporary file and are renamed into place once the whole body passed the
 * checks, so a rejected or interrupted upload leaves nothing behind and a
 * reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { StorageError } from "./errors";
import { checkKey, checkPrefix } from "./keys";
import { guardUpload, type UploadBody, type UploadRules } from "./guarded-upload";
import { DEFAULT_ALLOWED_TYPES, SNIFF_BYTES, sniffContentType } from "./sniff";
import { DEFAULT_MAX_BYTES, resolveRange, type BlobInfo, type BlobRead, type BlobStore } from "./types";
import { signBlob } from "./signing";

export interface LocalStoreOptions {
  root: string;
  secret: Buffer;
  /** Where the serving route lives, e.g. "/api/v1/blobs" or "https://app.example/api/v1/blobs". */
  urlPrefix: string;
}

export class LocalBlobStore implements BlobStore {
  readonly kind = "local" as const;
  private readonly root: string;

  constructor(private readonly opts: LocalStoreOptions) {
    this.root = path.resolve(opts.root);
  }

  /** The file for a key; refuses anything that would resolve outside the root, whatever checkKey let through. */
  private file(key: string): string {
    const file = path.resolve(this.root, ...checkKey(key).split("/"));
    if (!file.startsWith(this.root + path.sep)) throw new StorageError("invalid-key", "key escapes the storage folder");
    return file;
  }

  async put(key: string, body: UploadBody, rules: Partial<UploadRules> = {}): Promise<BlobInfo> {
    const file = this.file(key);
    const upload = await guardUpload(body, {
      maxBytes: rules.maxBytes ?? DEFAULT_MAX_BYTES,
      allowedTypes: rules.allowedTypes ?? DEFAULT_ALLOWED_TYPES,
      declaredType: rules.declaredType,
    });
    const tmpDir = path.join(this.root, ".tmp");
    await fs.promises.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomBytes(12).toString("hex"));
    try {
      await pipeline(upload.body, fs.createWriteStream(tmp, { flags: "wx" }));
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.rename(tmp, file);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
    return { key, size: upload.size(), contentType: upload.contentType };
  }

  async head(key: string): Promise<BlobInfo | null> {
    const file = this.file(key);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const fh = await fs.promises.open(file, "r");
    try {
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
      // Only checked bytes are ever stored, so this finds the type they were accepted as.
      return {
        key,
        size: stat.size,
        contentType: sniffContentType(head.subarray(0, bytesRead)) ?? "application/octet-stream",
      };
    } finally {
      await fh.close();
    }
  }

  async get(key: string, opts: { range?: { start: number; end?: number } } = {}): Promise<BlobRead | null> {
    const info = await this.head(key);
    if (!info) return null;
    const range = opts.range ? resolveRange(opts.range, info.size) : null;
    const body = fs.createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    return { info, body, range };
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    checkPrefix(prefix);
    const out: BlobInfo[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.name.startsWith(".")) continue; // .tmp: uploads in flight
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), key);
        else if (e.isFile() && key.startsWith(prefix)) {
          const info = await this.head(key);
          if (info) out.push(info);
        }
      }
    };
    await walk(this.root, "");
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async signedUrl(key: string, opts: { expiresInSeconds: number }): Promise<string> {
    checkKey(key);
    const expires = Math.floor(Date.now() / 1000) + opts.expiresInSeconds;
    const sig = signBlob(this.opts.secret, key, expires);
    return `${this.opts.urlPrefix}/${key.split("/").map(encodeURIComponent).join("/")}?expires=${expires}&sig=${sig}`;
  }
}
