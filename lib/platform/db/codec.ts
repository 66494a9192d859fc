/**
 * Validation on write and parsing on read, shared by every driver so both
 * enforce exactly the same rules. Unknown keys are rejected on write (a typo
 * must not be stored silently) but stripped on read (old code can read
 * documents that newer code extended).
 */
import type { z } from "zod";
import { DbError } from "./errors";
import type { AnyCollectionDef, AnyObjectSchema } from "./define";
import { docPath, type DocKey, type RawData } from "./driver";
import { isServerTimestamp, serverTimestamp } from "./server-timestamp";

const strictCache = new WeakMap<AnyCollectionDef, { full: AnyObjectSchema; partial: AnyObjectSchema }>();

function schemasOf(def: AnyCollectionDef) {
  let s = strictCache.get(def);
  if (!s) {
    s = { full: def.schema.strict(), partial: def.schema.partial().strict() };
    strictCache.set(def, s);
  }
  return s;
}

function issuesOf(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join("."), code: i.code, message: i.message }));
}

/**
 * Validates `data` for a write. Server-timestamp sentinels are allowed only in
 * declared timestamp fields; they are checked as "now" and handed to the
 * driver as sentinels.
 */
export function prepareWrite(key: DocKey, data: unknown, mode: "full" | "partial"): RawData {
  const { def } = key;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new DbError("invalid-document", `${docPath(key)}: a document must be an object`, { path: docPath(key) });
  }
  const pending: string[] = [];
  const probe: RawData = {};
  const nowIso = new Date().toISOString();
  for (const [field, value] of Object.entries(data)) {
    if (isServerTimestamp(value)) {
      if (!def.timestamps.includes(field)) {
        throw new DbError("invalid-document", `${docPath(key)}: ${field} is not a timestamp field`, {
          path: docPath(key),
          issues: [{ path: field, code: "custom", message: "serverTimestamp() only in declared timestamp fields" }],
        });
      }
      pending.push(field);
      probe[field] = nowIso;
    } else {
      probe[field] = value;
    }
  }
  const schema = mode === "full" ? schemasOf(def).full : schemasOf(def).partial;
  const parsed = schema.safeParse(probe);
  if (!parsed.success) {
    throw new DbError("invalid-document", `${docPath(key)} does not match the ${def.name} schema`, {
      path: docPath(key),
      issues: issuesOf(parsed.error),
    });
  }
  const out = normaliseTimestamps(def, stripUndefined(parsed.data as RawData));
  if (mode === "partial") {
    // zod's partial() still fills defaults for absent keys; an update must only touch the keys it names.
    for (const k of Object.keys(out)) if (!(k in probe)) delete out[k];
  }
  for (const field of pending) out[field] = serverTimestamp();
  return out;
}

/** Validates a merged document (update on a driver that can see the stored one). */
export function validateMerged(key: DocKey, merged: RawData): RawData {
  const parsed = key.def.schema.safeParse(merged);
  if (!parsed.success) {
    throw new DbError("invalid-document", `${docPath(key)}: the update leaves the document invalid`, {
      path: docPath(key),
      issues: issuesOf(parsed.error),
    });
  }
  return normaliseTimestamps(key.def, stripUndefined(parsed.data as RawData));
}

export function parseStored<T>(key: DocKey, data: RawData): T {
  const parsed = key.def.schema.safeParse(data);
  if (!parsed.success) {
    throw new DbError(
      "malformed-document",
      `stored document ${docPath(key)} does not match the ${key.def.name} schema`,
      {
        path: docPath(key),
        issues: issuesOf(parsed.error),
      },
    );
  }
  return parsed.data as T;
}

/** One textual form per instant (UTC, milliseconds), so string order is time order in SQLite. */
export function normaliseTimestamps(def: AnyCollectionDef, data: RawData): RawData {
  for (const field of def.timestamps) {
    const v = data[field];
    if (typeof v === "string") data[field] = new Date(v).toISOString();
  }
  return data;
}

function stripUndefined(data: RawData): RawData {
  for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
  return data;
}
