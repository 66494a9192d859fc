/**
 * Masking sensitive values (see sensitive.ts) in what the dashboard shows,
 * exports and logs, and restoring them on write: a masked value sent back
 * unchanged keeps the stored secret; the mask is never written as a value.
 */
import { MASK } from "./contract";
import { isSensitivePath } from "./sensitive";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function at(data: unknown, key: string | number): unknown {
  if (Array.isArray(data) && typeof key === "number") return data[key];
  return isObject(data) ? data[String(key)] : undefined;
}

/**
 * `data` with every sensitive value replaced by the mask. With `previous`
 * (the log's after-state), a secret that changed shows as "<mask> (changed)".
 */
export function maskDocument(
  collection: string,
  data: Record<string, unknown>,
  previous?: Record<string, unknown> | null,
): Record<string, unknown> {
  const walk = (value: unknown, path: string, prev: unknown): unknown => {
    if (path && isSensitivePath(collection, path) && value !== null && value !== undefined) {
      return previous !== undefined && !same(value, prev) ? `${MASK} (changed)` : MASK;
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, join(path, i), at(prev, i)));
    if (isObject(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, join(path, k), at(prev, k))]));
    return value;
  };
  return walk(data, "", previous ?? undefined) as Record<string, unknown>;
}

/** The paths of `data` that are masked (for the form: those inputs say so). */
export function maskedPaths(collection: string, data: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (path && isSensitivePath(collection, path) && value !== null && value !== undefined) return void out.push(path);
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, join(path, i)));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) walk(v, join(path, k));
  };
  walk(data, "");
  return out;
}

export interface RestoreResult {
  data: Record<string, unknown>;
  /** Where the mask was sent as a new value (refused). */
  refused: string[];
}

/**
 * Puts the stored secret back wherever the incoming edit still holds the mask
 * at a sensitive path that had a value. The mask anywhere else (a new secret,
 * a non-sensitive field) would write the mask itself: those paths are refused.
 */
export function restoreMasked(
  collection: string,
  incoming: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): RestoreResult {
  const refused: string[] = [];
  const walk = (value: unknown, path: string, prev: unknown): unknown => {
    if (typeof value === "string" && value.startsWith(MASK)) {
      if (isSensitivePath(collection, path) && prev !== undefined && prev !== null) return prev;
      refused.push(path);
      return value;
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, join(path, i), at(prev, i)));
    if (isObject(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, join(path, k), at(prev, k))]));
    return value;
  };
  return { data: walk(incoming, "", stored ?? undefined) as Record<string, unknown>, refused };
}
