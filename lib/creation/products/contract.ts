/**
 * The product catalogue's wire contract. Browser-safe (types and zod only).
 *
 *   GET    /api/v1/products?q=&cursor=     -> { data: ProductView[], next_cursor }   (q: name prefix, case-insensitive)
 *   POST   /api/v1/products                body ProductInput -> 201 { data: ProductView }
 *   GET    /api/v1/products/{id}           -> { data: ProductView }
 *   PATCH  /api/v1/products/{id}           body ProductPatch -> { data: ProductView }
 *   DELETE /api/v1/products/{id}           -> 204  (content made from it stays)
 *   GET    /api/v1/products/{id}/content   -> { data: ProductContentItem[] }  (videos, images, designs made from it, newest first)
 */
import { z } from "zod";
import { MAX_PRODUCT_IMAGES, MAX_PRODUCT_POINTS } from "./limits";

export { MAX_PRODUCT_IMAGES, MAX_PRODUCT_POINTS };

export const productImageViewSchema = z.object({ asset_id: z.string(), url: z.string(), thumbnail_url: z.string() });
export type ProductImageView = z.infer<typeof productImageViewSchema>;

export const productViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** Major units as a string ("49.99"); null when unknown. */
    price: z.string().nullable(),
    currency: z.string().nullable(),
    brand: z.string().nullable(),
    points: z.array(z.string()),
    images: z.array(productImageViewSchema),
    link: z.string().nullable(),
    source: z.enum(["link", "manual", "bulk"]),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Product" });
export type ProductView = z.infer<typeof productViewSchema>;

export const productContentItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  status: z.string(),
  /** Where the item opens. */
  href: z.string(),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type ProductContentItem = z.infer<typeof productContentItemSchema>;

/** "49.99", "49,99", "1,299.00" → "49.99" / "1299.00"; empty → null. */
export const priceInputSchema = z
  .string()
  .trim()
  .max(32)
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v === "") return null;
    const m = /^(\d{1,9}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(v.replace(/\s/g, ""));
    if (!m) {
      ctx.addIssue({ code: "custom", message: "Write the price as a number such as 49.99." });
      return z.NEVER;
    }
    const whole = m[1]!.replace(/[.,]/g, "");
    return m[2] ? `${whole}.${m[2].padEnd(2, "0")}` : whole;
  });

const currencySchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, "Currency is a 3-letter code such as USD."))
  .nullable();

const pointsSchema = z
  .array(z.string().trim().min(1, "A key point cannot be empty.").max(200, "Keep each key point under 200 characters."))
  .max(MAX_PRODUCT_POINTS, `At most ${MAX_PRODUCT_POINTS} key points.`);

/**
 * A web page's address as a browser opens it from a link: `http://` or
 * `https://`, a host, no spaces or control characters. Everything else
 * (javascript:, data:, file:, ftp:, mailto:, `//host`, `http:/host`,
 * backslashes that browsers would read as slashes) is refused.
 */
export function isWebLink(v: string): boolean {
  if (!/^https?:\/\/[^/\\?#@]/i.test(v) || /[\s\u0000-\u001f\u007f\\]/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** A product's page: an http(s) address, or null ("" counts as none). Shared by the catalogue and the links routes. */
export const productLinkSchema = z
  .string()
  .trim()
  .max(2048)
  .nullable()
  .transform((v) => (v === "" ? null : v))
  .pipe(z.string().refine(isWebLink, "The link is a web address starting with http:// or https://.").nullable());
const linkSchema = productLinkSchema;

const fields = {
  name: z.string().trim().min(1, "Give the product a name.").max(200, "Keep the name under 200 characters."),
  description: z.string().trim().max(5000),
  price: priceInputSchema,
  currency: currencySchema,
  brand: z.string().trim().max(200).nullable(),
  points: pointsSchema,
  image_asset_ids: z.array(z.string().min(1).max(128)).max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images.`),
  link: linkSchema,
};

export const productInputSchema = z.object({
  name: fields.name,
  description: fields.description.default(""),
  price: fields.price.default(null),
  currency: fields.currency.default(null),
  brand: fields.brand.default(null),
  points: fields.points.default([]),
  image_asset_ids: fields.image_asset_ids.default([]),
  link: fields.link.default(null),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** Only the fields sent change (no defaults here). */
export const productPatchSchema = z
  .object(fields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.");
export type ProductPatch = z.input<typeof productPatchSchema>;
