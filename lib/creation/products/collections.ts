/**
 * Products: what a user sells, made from a link (`/url-to-video`, bulk rows)
 * or by hand (`/product`). Content made from a product names it in
 * `content.settings.product_id`. Registered in lib/platform/db/collections.ts.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";

import { MAX_PRODUCT_IMAGES, MAX_PRODUCT_POINTS } from "./limits";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);

/** The lower-cased name product search reads (a prefix range over it), at most 200 UTF-16 units, never half a character. */
export function productNameLower(name: string): string {
  let out = "";
  for (const ch of name.toLowerCase()) {
    if (out.length + ch.length > 200) break;
    out += ch;
  }
  return out;
}

export { MAX_PRODUCT_IMAGES, MAX_PRODUCT_POINTS };

export const products = defineCollection({
  name: "products",
  schema: z.object({
    owner_id: uid,
    name: z.string().trim().min(1).max(200),
    /** Lower-cased name, for prefix search. */
    name_lower: z.string().max(200),
    description: z.string().max(5000).default(""),
    /** Major units (49.99); null when unknown. */
    price_amount: z.number().min(0).max(1e9).nullable(),
    /** ISO 4217 (USD, EUR…). */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable(),
    brand: z.string().max(200).nullable().default(null),
    /** Key selling points, shown as bullets and used by the writer. */
    points: z.array(z.string().trim().min(1).max(200)).max(MAX_PRODUCT_POINTS).default([]),
    /** Images are the owner's assets (extracted ones are saved as assets too). */
    image_asset_ids: z.array(z.string().min(1).max(128)).max(MAX_PRODUCT_IMAGES).default([]),
    /** The product's page, when it came from one. */
    link: z.string().url().max(2048).nullable(),
    source: z.enum(["link", "manual", "bulk"]),
    rating: z
      .object({ value: z.number().min(0).max(5), count: z.number().int().min(0).nullable() })
      .nullable()
      .default(null),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [
    ["owner_id", "created_at desc"],
    ["owner_id", "name_lower"],
  ],
  edit: {
    // Search reads name_lower (a prefix range): it always follows the name, whoever edits it.
    derived: { name_lower: (doc) => productNameLower(String(doc.name ?? "")) },
  },
});

export type ProductDoc = DocOf<typeof products>;
export const productCollections: readonly AnyCollectionDef[] = [products];
