/**
 * The value boundary with Firestore: declared timestamp fields travel as ISO
 * strings on our side and as Timestamps in Firestore; serverTimestamp()
 * becomes FieldValue.serverTimestamp().
 */
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import type { AnyCollectionDef } from "../define";
import type { RawData } from "../driver";
import { isServerTimestamp } from "../server-timestamp";

export function toFirestore(def: AnyCollectionDef, data: RawData): RawData {
  const out: RawData = {};
  for (const [k, v] of Object.entries(data)) {
    if (isServerTimestamp(v)) out[k] = FieldValue.serverTimestamp();
    else if (def.timestamps.includes(k) && typeof v === "string") out[k] = Timestamp.fromDate(new Date(v));
    else out[k] = v;
  }
  return out;
}

export function queryValue(def: AnyCollectionDef, field: string, v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => queryValue(def, field, x));
  return def.timestamps.includes(field) && typeof v === "string" ? Timestamp.fromDate(new Date(v)) : v;
}

/** Any Timestamp anywhere in the document becomes an ISO string, so the zod schema sees what SQLite stores. */
export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: RawData = {};
    for (const [k, v] of Object.entries(value)) out[k] = fromFirestore(v);
    return out;
  }
  return value;
}
