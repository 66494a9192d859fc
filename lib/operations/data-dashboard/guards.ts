/**
 * The data dashboard's side of each collection's edit policy. The policy is
 * declared by the domain that owns the collection, beside its schema
 * (`defineCollection({ edit })`, lib/platform/db/define.ts): money's billing
 * and ledger collections are read-only with the reason and the door to use
 * instead, a profile's credits and plan are locked, a product's `name_lower`
 * is derived from its name. The service applies it on every save: read-only
 * collections are refused (403), locked fields keep their value or the save
 * is refused (422), derived fields are recomputed whatever the edit says.
 */
import type { AnyCollectionDef } from "@/lib/platform/db/define";

export interface LockedField {
  path: string;
  reason: string;
}

export function readOnlyReasonOf(def: AnyCollectionDef): string | null {
  return def.edit.readOnly ?? null;
}

export function lockedFieldsOf(def: AnyCollectionDef): LockedField[] {
  return (def.edit.locked ?? []).map(({ path, reason }) => ({ path, reason }));
}

/** The fields the app computes: shown, never typed. */
export function derivedFieldsOf(def: AnyCollectionDef): string[] {
  return Object.keys(def.edit.derived ?? {});
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The locked fields `next` would change: against the stored document on an
 * edit, against what a new document starts with on a create.
 */
export function lockedChanges(
  def: AnyCollectionDef,
  next: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): LockedField[] {
  return (def.edit.locked ?? [])
    .filter((f) => !same(next[f.path], stored ? stored[f.path] : f.initial))
    .map(({ path, reason }) => ({ path, reason }));
}

/** `next` with every derived field recomputed from it. */
export function withDerived(def: AnyCollectionDef, next: Record<string, unknown>): Record<string, unknown> {
  const derived = def.edit.derived;
  if (!derived) return next;
  const out = { ...next };
  for (const [field, compute] of Object.entries(derived)) out[field] = compute(out);
  return out;
}
