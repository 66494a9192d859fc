/**
 * Blob keys: `segment/segment/...`, each segment a plain file name. Checked
 * by every driver before any I/O, so a key built from user input can never
 * name `..`, an absolute path, a backslash path or a hidden file.
 */
import { StorageError } from "./errors";

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function checkKey(key: string): string {
  if (typeof key !== "string" || key.length === 0 || key.length > 512)
    throw new StorageError("invalid-key", "key must be 1-512 characters");
  const segments = key.split("/");
  for (const s of segments) {
    if (!SEGMENT.test(s) || s.includes(".."))
      throw new StorageError("invalid-key", `bad key segment in ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix for listing: a key, or a key followed by "/", or "". */
export function checkPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  checkKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
  return prefix;
}
