/**
 * Collections of the image library (vibes, inspirations, likes, trending,
 * assets) that lib/platform/db/collections.ts does not already declare. `vibes`,
 * `likes` and `assets` live there and are reused as they are; these only add
 * what those cannot hold. Registered through `libraryCollections`.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "./define";
import { DOC_ID } from "./ids";

const uid = z.string().regex(DOC_ID);
const storageKey = z.string().min(1).max(512);

/**
 * The example image of each curated inspiration (lib/media/inspirations/data.ts),
 * id = the inspiration's id. `fingerprint` hashes what the picture was made
 * from, so editing a prompt in code makes a new picture on the next run.
 */
export const inspirationImages = defineCollection({
  name: "inspiration_images",
  schema: z.object({
    fingerprint: z.string().regex(/^[0-9a-f]{8,64}$/),
    storage_key: storageKey,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    model_label: z.string().max(128),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
});

/**
 * Leases for one-off work that every server process may try at once (making
 * the inspiration pictures): whoever holds an unexpired lease does the work,
 * the others wait; a crashed holder's lease runs out and someone else takes over.
 */
export const seedLocks = defineCollection({
  name: "seed_locks",
  schema: z.object({
    holder: z.string().min(1).max(128),
    lease_expires_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["lease_expires_at", "updated_at"],
});

/** What `assets` has no fields for: pixel size and the grid thumbnail; id = the asset's id. */
export const assetDetails = defineCollection({
  name: "asset_details",
  schema: z.object({
    owner_id: uid,
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
    thumbnail_key: storageKey.nullable(),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
});

export const libraryCollections: readonly AnyCollectionDef[] = [inspirationImages, seedLocks, assetDetails];

export type InspirationImageDoc = DocOf<typeof inspirationImages>;
export type SeedLockDoc = DocOf<typeof seedLocks>;
export type AssetDetailsDoc = DocOf<typeof assetDetails>;
