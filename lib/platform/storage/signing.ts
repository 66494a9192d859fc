/**
 * HMAC-signed, expiring blob URLs for the local driver: `<prefix>/<key>?expires=<unix s>&sig=<b64url>`.
 * The signature covers the key and the expiry, so neither can be changed.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { StorageError } from "./errors";

export function signBlob(secret: Buffer, key: string, expires: number): string {
  return createHmac("sha256", secret).update(`${key}\n${expires}`).digest("base64url");
}

/** Throws invalid-signature or expired; returns normally when the URL is good. */
export function verifyBlobSignature(input: {
  secret: Buffer;
  key: string;
  expires: string | null;
  sig: string | null;
  now?: Date;
}): void {
  const expires = Number(input.expires);
  if (!input.sig || !Number.isInteger(expires))
    throw new StorageError("invalid-signature", "missing or malformed signature");
  const want = Buffer.from(signBlob(input.secret, input.key, expires));
  const got = Buffer.from(input.sig);
  if (want.length !== got.length || !timingSafeEqual(want, got))
    throw new StorageError("invalid-signature", "bad signature");
  if (expires * 1000 < (input.now ?? new Date()).getTime()) throw new StorageError("expired", "link expired");
}

/**
 * STORAGE_SIGNING_SECRET when set (several app instances must share it);
 * otherwise a random key kept in the data folder, so links survive restarts.
 */
export function loadSigningSecret(dataDir: string, env: Record<string, string | undefined> = process.env): Buffer {
  if (env.STORAGE_SIGNING_SECRET) return Buffer.from(env.STORAGE_SIGNING_SECRET, "utf8");
  const file = path.join(dataDir, "storage-signing.key");
  try {
    return fs.readFileSync(file);
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file); // another process wrote it first
    }
  }
}
