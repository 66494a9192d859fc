/**
 * Which stored documents are a person's, and what happens to them when the
 * person downloads their data or deletes their account. Derived from the
 * collection registry, so a collection added later with an `owner_id` is
 * exported and deleted without anyone remembering to list it here; the
 * exceptions are the records kept for accounting (pseudonymised) and the
 * company's own work that staff members are named on. owned-data.test.ts
 * fails when a collection names a person in a way this file does not handle.
 */
import { createHash } from "node:crypto";
import type { AnyCollectionDef } from "@/lib/platform/db/define";

/** How to find a person's documents in one collection. */
export type Finder = { by: "id" } | { by: "field"; field: string };

export type OnDelete =
  /** The documents go. */
  | { action: "delete" }
  /**
   * Kept for accounting with the person's uid replaced by a pseudonym wherever
   * it appears (fields, the document id); `clear` fields are set to null and
   * `empty` fields to [] (what would still say who or what).
   */
  | { action: "pseudonymise"; clear?: readonly string[]; empty?: readonly string[] }
  /** Not the person's: company work that only names a staff member. */
  | { action: "keep" };

export interface OwnedCollection {
  def: AnyCollectionDef;
  /** Where their documents are; all of them are exported. */
  finders: readonly Finder[];
  /** More documents that go with the account but are not theirs to download (e.g. other people's likes of their content). */
  alsoDelete: readonly Finder[];
  onDelete: OnDelete;
  exported: boolean;
}

/** Fields that name a person, by the conventions of lib/platform/db/collections.ts and the domains' collections. */
export const PERSON_FIELDS = [
  "owner_id",
  "user_id",
  "actor_id",
  "content_owner_id",
  "created_by",
  "reviewed_by",
] as const;

/** Kept, with the uid replaced: what accounting needs to add up (credits, payments, the audit trail). */
const PSEUDONYMISED: Record<string, { finder: string; clear?: string[]; empty?: string[] }> = {
  credit_ledger: { finder: "owner_id" },
  billing_customers: { finder: "owner_id" },
  billing_events: { finder: "owner_id" },
  billing_grants: { finder: "owner_id" },
  billing_checkouts: { finder: "owner_id" },
  billing_purchases: { finder: "owner_id" },
  // Keyed by the email's hash: it must outlive the account, or deleting and
  // signing up again would collect the free credits a second time.
  signup_grants: { finder: "owner_id" },
  // The audit trail keeps that a change happened, not who made it or what it said.
  update_log: { finder: "actor_id", clear: ["actor_email", "entity_label"], empty: ["changes"] },
};

/**
 * The company's work, which names the staff member who made or runs it. It
 * is neither the person's to download nor to delete (staff accounts cannot
 * delete themselves; see delete.ts); the reason is part of the list.
 */
export const COMPANY_DATA: Record<string, string> = {
  prod_pipelines: "a client's production pipeline; owner_id is the staff member its runs bill",
  prod_runs: "a client pipeline's run",
  fc_eval_runs: "a model evaluation run by staff",
  layouts: "the template library (created_by/reviewed_by: staff)",
  templates: "the template library",
  template_versions: "the template library",
  prompts: "the product's prompts",
  prompt_versions: "the product's prompts",
  prompt_suites: "prompt test suites",
  prompt_runs: "prompt test runs",
  prod_clients: "a production client",
};

/** Collections whose document id is the person's uid. */
const BY_ID = new Set(["users", "brand_kits", "billing_accounts"]);

function shapeOf(def: AnyCollectionDef): Record<string, unknown> {
  return def.schema.shape as Record<string, unknown>;
}

export function personFieldsOf(def: AnyCollectionDef): string[] {
  const shape = shapeOf(def);
  return PERSON_FIELDS.filter((f) => f in shape);
}

/** The plan for every collection that holds a person's data, in registry order. */
export function ownedCollections(registry: readonly AnyCollectionDef[]): OwnedCollection[] {
  const plans: OwnedCollection[] = [];
  for (const def of registry) {
    if (def.parent) continue; // sub-collections go with their parent document
    if (COMPANY_DATA[def.name] !== undefined) {
      continue;
    }
    const pseudo = PSEUDONYMISED[def.name];
    if (pseudo) {
      plans.push({
        def,
        finders: [{ by: "field", field: pseudo.finder }],
        alsoDelete: [],
        onDelete: { action: "pseudonymise", clear: pseudo.clear, empty: pseudo.empty },
        exported: true,
      });
      continue;
    }
    const finders: Finder[] = [];
    if (BY_ID.has(def.name)) finders.push({ by: "id" });
    else if ("owner_id" in shapeOf(def)) finders.push({ by: "field", field: "owner_id" });
    if (finders.length === 0) continue;
    // Likes other people gave the person's content go with the content.
    const alsoDelete: Finder[] = "content_owner_id" in shapeOf(def) ? [{ by: "field", field: "content_owner_id" }] : [];
    plans.push({ def, finders, alsoDelete, onDelete: { action: "delete" }, exported: true });
  }
  return plans;
}

/** Collections that name a person but are none of the above: a new collection nobody decided about. */
export function unclassifiedCollections(registry: readonly AnyCollectionDef[]): string[] {
  const planned = new Set(ownedCollections(registry).map((p) => p.def.name));
  return registry
    .filter((def) => !def.parent && !planned.has(def.name) && COMPANY_DATA[def.name] === undefined)
    .filter((def) => personFieldsOf(def).length > 0 || /uid/i.test(def.id.description))
    .map((def) => def.name);
}

/**
 * What replaces the uid in kept records: stable (a retried deletion writes the
 * same value), not reversible (Firebase uids are random), and a valid id.
 */
export function pseudonymFor(uid: string): string {
  return `deleted-${createHash("sha256").update(`promptframe-account:${uid}`).digest("hex").slice(0, 24)}`;
}

/** The blob-key folders that are the person's: `<area>/<uid>/…` (images, assets, videos, designs, …). */
export const OWN_BLOB_AREAS = ["images", "assets", "videos", "designs"] as const;

/**
 * Adds to `areas` every `<area>` of a key `"<area>/<uid>/…"` that `json`
 * (a document as JSON text) names, so files under an area this list does not
 * know yet are found from the documents that point at them. indexOf, not a
 * regular expression: linear whatever the text.
 */
export function collectBlobAreas(json: string, uid: string, areas: Set<string>): void {
  const needle = `/${uid}/`;
  for (let at = json.indexOf(needle); at !== -1; at = json.indexOf(needle, at + needle.length)) {
    let start = at;
    while (start > 0 && start > at - 64 && /[a-z0-9-]/.test(json[start - 1]!)) start--;
    if (start < at && json[start - 1] === '"' && /[a-z]/.test(json[start]!)) areas.add(json.slice(start, at));
  }
}
