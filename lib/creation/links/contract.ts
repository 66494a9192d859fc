/**
 * Links → products → videos: the wire contract shared by `/url-to-video`, the
 * product catalogue and bulk rows. Browser-safe (types and zod only).
 *
 *   POST /api/v1/links/extract  body { url }            -> { data: ExtractedPage }   (free; nothing saved)
 *   POST /api/v1/links/video    body ProductVideoInput  -> 201 { data: { product_id, video: VideoView } }
 */
import { z } from "zod";
import { productLinkSchema } from "@/lib/creation/products/contract";

/** What a page yielded. `kind` says where the facts came from, so the screen can say so. */
export const extractedPageSchema = z.object({
  /** The URL after redirects. */
  url: z.string(),
  /** product: schema.org Product JSON-LD (or microdata) found; page: fell back to title, description, text and images. */
  kind: z.enum(["product", "page"]),
  /** The product's name without the shop's additions (site name, edition, format, "by …", category). */
  name: z.string(),
  /** The name as the page wrote it, for the person to compare. */
  raw_name: z.string(),
  description: z.string(),
  /** Major units, as found ("49.99"); null when the page has none. */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  /** The brand, maker or author (a shop title's "by …" lands here when the page has no brand). */
  brand: z.string().nullable(),
  /** The shop's category, when the page names one ("Electronics", "Mystery, Thriller & Suspense"). */
  category: z.string().nullable(),
  rating: z.object({ value: z.number(), count: z.number().nullable() }).nullable(),
  /** Short key points, ready to edit (from the product's features, or the article's text). */
  points: z.array(z.string()),
  /** Candidate images, absolute http(s) URLs, best first. */
  images: z.array(z.string()),
  site_name: z.string().nullable(),
  /** Sentences for the user, e.g. "No product data on this page: used its title, description and text." */
  notices: z.array(z.string()),
});
export type ExtractedPage = z.infer<typeof extractedPageSchema>;

/** The facts the user confirmed on screen (or a CSV row supplied). */
export const productFactsSchema = z.object({
  name: z.string().trim().min(1, "Give the product a name.").max(200),
  description: z.string().trim().max(5000).default(""),
  price: z.string().trim().max(32).nullable().default(null),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "Currency is a 3-letter code such as USD.")
    .nullable()
    .default(null),
  brand: z.string().trim().max(200).nullable().default(null),
  /** The shop's category ("Mugs", "Mystery, Thriller & Suspense"): what the scenes' generated pictures show with the name. */
  category: z.string().trim().max(200).nullable().default(null),
  points: z.array(z.string().trim().min(1).max(200)).max(8).default([]),
  /** Picked images: absolute http(s) URLs, fetched through the URL guard and saved as assets. */
  image_urls: z.array(z.string().url().max(2048)).max(12).default([]),
  /** Images already in the user's assets. */
  image_asset_ids: z.array(z.string().min(1).max(128)).max(12).default([]),
  /** The product's page: http(s) only (lib/creation/products/contract.ts). */
  link: productLinkSchema.default(null),
});
export type ProductFacts = z.input<typeof productFactsSchema>;
