import "server-only";
/**
 * API keys: made, listed and revoked by their owner on /developers, and
 * checked on every `Authorization: Bearer pf_…` call (lib/access/auth/server/identity.ts).
 *
 * A key is `pf_` and 40 base64url characters (240 random bits). It is shown
 * once, when made; the store keeps its SHA-256 and its first 11 characters.
 * Each call looks the hash up (one indexed read), so a revoked key stops at
 * once. `last_used_at` is written at most once a minute per key, so a busy
 * program does not turn every call into a write.
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";
import { apiKeys, apiKeyScope, type ApiKeyDoc, type ApiKeyScope } from "./collections";

export const API_KEY_PREFIX = "pf_";
/** A key's length: `pf_` + 40 characters. Anything else starting `pf_` is refused before a lookup. */
export const API_KEY_LENGTH = 43;
const KEY_SHAPE = /^pf_[A-Za-z0-9_-]{40}$/;
export const MAX_KEYS_PER_USER = 25;
const LAST_USED_EVERY_MS = 60_000;

export const newApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, "Give the key a name.").max(60, "Use at most 60 characters."),
  scopes: z
    .array(apiKeyScope)
    .min(1, "Pick at least one permission.")
    .transform((s) => [...new Set(s)]),
});
export type NewApiKeyInput = z.infer<typeof newApiKeyInput>;

/** What lists and the API show of a key: never its hash. */
export const apiKeyViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, to tell keys apart. */
    prefix: z.string(),
    scopes: z.array(apiKeyScope),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** A new key: the only answer that holds the whole key. */
export const newApiKeySchema = z.object({
  key: z.string().meta({ description: "The whole key (`pf_…`): shown this once; store it as a secret." }),
  api_key: apiKeyViewSchema,
});

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function view(id: string, d: ApiKeyDoc): ApiKeyView {
  return {
    id,
    name: d.name,
    prefix: d.prefix,
    scopes: d.scopes,
    created_at: d.created_at,
    last_used_at: d.last_used_at,
    revoked_at: d.revoked_at,
  };
}

/** Makes a key for `ownerId`; the only time the whole key is returned. */
export async function createApiKey(
  db: Db,
  ownerId: string,
  input: NewApiKeyInput,
  now = new Date(),
): Promise<{ key: string; api_key: ApiKeyView }> {
  const active = await db
    .collection(apiKeys)
    .where("owner_id", "==", ownerId)
    .limit(MAX_KEYS_PER_USER * 4)
    .get();
  if (active.filter((k) => !k.data.revoked_at).length >= MAX_KEYS_PER_USER) {
    throw new ApiError("conflict", `You have ${MAX_KEYS_PER_USER} active keys, the most allowed. Revoke one first.`);
  }
  const key = `${API_KEY_PREFIX}${randomBytes(30).toString("base64url")}`;
  const ref = db.collection(apiKeys).doc();
  const doc = {
    owner_id: ownerId,
    name: input.name,
    prefix: key.slice(0, 11),
    hash: hashApiKey(key),
    scopes: input.scopes,
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await ref.create(doc);
  return { key, api_key: view(ref.id, doc) };
}

export async function listApiKeys(db: Db, ownerId: string): Promise<ApiKeyView[]> {
  const docs = await db
    .collection(apiKeys)
    .where("owner_id", "==", ownerId)
    .orderBy("created_at", "desc")
    .limit(MAX_KEYS_PER_USER * 4)
    .get();
  return docs.map((d) => view(d.id, d.data));
}

/** Revokes the owner's key at once (idempotent); someone else's key is a 404, as if it did not exist. */
export async function revokeApiKey(db: Db, ownerId: string, id: string, now = new Date()): Promise<ApiKeyView> {
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "No such API key.");
  const ref = db.collection(apiKeys).doc(id);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap || snap.data.owner_id !== ownerId) throw new ApiError("not_found", "No such API key.");
    if (snap.data.revoked_at) return view(id, snap.data);
    const revoked_at = now.toISOString();
    tx.update(ref, { revoked_at });
    return view(id, { ...snap.data, revoked_at });
  });
}

export interface VerifiedApiKey {
  id: string;
  ownerId: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** Checks a `pf_…` bearer token: a typed 401 for a malformed, unknown or revoked key. */
export async function verifyApiKey(db: Db, key: string, now = new Date()): Promise<VerifiedApiKey> {
  if (key.length !== API_KEY_LENGTH || !KEY_SHAPE.test(key)) {
    throw new ApiError("unauthorized", "This API key is not valid.");
  }
  const found = await db.collection(apiKeys).where("hash", "==", hashApiKey(key)).limit(1).get();
  const hit = found[0];
  if (!hit) throw new ApiError("unauthorized", "This API key is not valid.");
  if (hit.data.revoked_at) throw new ApiError("unauthorized", "This API key was revoked.");
  const last = hit.data.last_used_at ? Date.parse(hit.data.last_used_at) : 0;
  if (now.getTime() - last >= LAST_USED_EVERY_MS) {
    // Best effort: a failed bookkeeping write never fails the call.
    await db
      .collection(apiKeys)
      .doc(hit.id)
      .update({ last_used_at: now.toISOString() })
      .catch(() => undefined);
  }
  return { id: hit.id, ownerId: hit.data.owner_id, name: hit.data.name, scopes: hit.data.scopes };
}

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read",
  create: "Create and edit",
  render: "Render (spends credits)",
  delete: "Delete",
};
