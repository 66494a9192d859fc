/**
 * Which collections and fields the data dashboard never shows. A collection
 * listed as "collection" shows only its ids and cannot be edited; listed
 * fields are masked. Any field whose name says it is a secret (token,
 * secret, password, api key, private key, signing key) is masked too, in any
 * collection and at any depth, so a new collection is safe by default.
 * Additive: declare new ones here, next to the registry.
 */
export const SENSITIVE: Readonly<Record<string, "collection" | readonly string[]>> = {
  billing_accounts: ["stripe_customer_id", "subscription_id", "subscription_item_id"],
  billing_checkouts: ["session_id", "url"],
  // Hashes of verified emails that had a new account's free credits: deleting one would grant them again.
  signup_grants: "collection",
};

export const SECRET_NAME = /(secret|token|password|passwd|api_?key|private_?key|signing_?key|credential)/i;

export function sensitivityOf(collection: string): "none" | "fields" | "collection" {
  const s = SENSITIVE[collection];
  if (s === "collection") return "collection";
  return s && s.length ? "fields" : "none";
}

/** True when the field at `path` (dotted; array indexes included) is masked in `collection`. */
export function isSensitivePath(collection: string, path: string): boolean {
  const s = SENSITIVE[collection];
  if (s === "collection") return true;
  const parts = path.split(".");
  if (s && s.some((f) => path === f || path.startsWith(`${f}.`))) return true;
  // input_tokens/output_tokens are counts, not secrets.
  return parts.some((p) => SECRET_NAME.test(p) && !/_tokens$|^tokens$/i.test(p));
}
