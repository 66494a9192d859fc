/**
 * A readable field-by-field diff of two JSON-like documents, for the update
 * log: leaves that differ, with dotted paths. Arrays of plain values compare
 * as one value; arrays of objects compare element by element. Browser-safe.
 */
import type { FieldChange } from "./contract";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const cut = (s: string, n = 500) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const text = (v: unknown): string | null => (v === undefined ? null : cut(JSON.stringify(v) ?? "null"));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));

/** Fields that change on every write and say nothing by themselves. */
export const BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set(["updated_at", "revision"]);

function walk(before: unknown, after: unknown, path: string, out: FieldChange[], ignore: ReadonlySet<string>): void {
  if (same(before, after)) return;
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of [...keys].sort()) {
      if (!path && ignore.has(key)) continue;
      walk(before[key], after[key], join(path, key), out, ignore);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && (before.some(isObject) || after.some(isObject))) {
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) walk(before[i], after[i], join(path, i), out, ignore);
    return;
  }
  out.push({ path, before: text(before), after: text(after) });
}

/**
 * The changed leaves from `before` to `after` (null = the document did not
 * exist / no longer exists). Top-level bookkeeping fields are left out.
 */
export function diffFields(
  before: unknown,
  after: unknown,
  ignore: ReadonlySet<string> = BOOKKEEPING_FIELDS,
): FieldChange[] {
  const out: FieldChange[] = [];
  // A created or deleted document: every field appears or disappears.
  const b = before ?? (isObject(after) ? {} : undefined);
  const a = after ?? (isObject(before) ? {} : undefined);
  walk(b, a, "", out, ignore);
  return out;
}
