/**
 * `api_keys`: long-lived keys a person makes for their programs (issue 24).
 * The database never holds a key: only its SHA-256 (keys are 240 random bits,
 * so a plain hash cannot be reversed or guessed) and the first characters,
 * which the developer screen shows so a person can tell keys apart.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";

export const API_KEY_SCOPES = ["read", "create", "render", "delete"] as const;
export const apiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScope>;

export const apiKeys = defineCollection({
  name: "api_keys",
  schema: z.object({
    owner_id: z.string(),
    name: z.string().min(1).max(60),
    /** The key's first characters (`pf_` and 8 more): what lists show. */
    prefix: z.string(),
    /** SHA-256 of the whole key, hex: what a call's key is looked up by. */
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    scopes: z.array(apiKeyScope).min(1),
    created_at: isoTimestamp(),
    last_used_at: isoTimestamp().nullable().default(null),
    revoked_at: isoTimestamp().nullable().default(null),
  }),
  timestamps: ["created_at", "last_used_at", "revoked_at"],
  indexes: [["owner_id", "created_at desc"], ["hash"]],
  edit: {
    locked: [
      { path: "hash", reason: "The hash is what the key is checked against: changing it breaks the key.", initial: "" },
      { path: "owner_id", reason: "A key belongs to the person who made it.", initial: "" },
    ],
  },
});

export type ApiKeyDoc = DocOf<typeof apiKeys>;
export const apiKeyCollections: readonly AnyCollectionDef[] = [apiKeys];
