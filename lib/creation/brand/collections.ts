/** The brand kit: one per account, id = the owner's uid. Registered in lib/platform/db/collections.ts. */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { brandKitInputSchema } from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);

export const brandKits = defineCollection({
  name: "brand_kits",
  schema: brandKitInputSchema.extend({ owner_id: uid, created_at: isoTimestamp(), updated_at: isoTimestamp() }),
  id: { pattern: DOC_ID, auto: false, description: "the owner's uid" },
  timestamps: ["created_at", "updated_at"],
});

export type BrandKitDoc = DocOf<typeof brandKits>;
export const brandCollections: readonly AnyCollectionDef[] = [brandKits];
