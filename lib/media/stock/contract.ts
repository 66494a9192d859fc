/**
 * Stock media's wire contract, browser-safe: a candidate for a scene's
 * picture slot, normalised from any provider (Pexels, Pixabay, the person's
 * own assets and images), and the licence words shown beside it.
 */
import { z } from "zod";

export const STOCK_PROVIDERS = ["pexels", "pixabay"] as const;
export type StockProviderId = (typeof STOCK_PROVIDERS)[number];
export const CANDIDATE_PROVIDERS = [...STOCK_PROVIDERS, "assets", "images"] as const;
export type CandidateProvider = (typeof CANDIDATE_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<CandidateProvider, string> = {
  pexels: "Pexels",
  pixabay: "Pixabay",
  assets: "My assets",
  images: "My images",
};

export const LICENCES: Record<StockProviderId, { name: string; url: string }> = {
  pexels: { name: "Pexels License", url: "https://www.pexels.com/license/" },
  pixabay: { name: "Pixabay Content License", url: "https://pixabay.com/service/license-summary/" },
};

export const stockCandidateSchema = z
  .object({
    provider: z.enum(CANDIDATE_PROVIDERS),
    /** The provider's id (a stock item's number, or my asset's / image's id). */
    id: z.string().min(1).max(128),
    kind: z.enum(["photo", "video"]),
    title: z.string().max(300),
    tags: z.array(z.string().max(60)).max(40),
    width: z.number().int().min(0),
    height: z.number().int().min(0),
    /** Seconds, for video clips. */
    duration_s: z.number().min(0).nullable(),
    /** A small picture to show while choosing (the provider's, or a signed URL of my own file). */
    thumbnail_url: z.string().max(2000),
    /** Stock: the rendition nearest 1080p for the ratio, downloaded when picked (never shown from there). Own media: null. */
    file_url: z.string().max(2000).nullable(),
    file_type: z.string().max(80).nullable(),
    author: z.string().max(200).nullable(),
    author_url: z.string().max(2000).nullable(),
    page_url: z.string().max(2000).nullable(),
    licence: z.string().max(120).nullable(),
    licence_url: z.string().max(2000).nullable(),
  })
  .meta({ id: "StockCandidate" });
export type StockCandidate = z.infer<typeof stockCandidateSchema>;

/** "Photo by Ana on Pexels" / "Video by Ana on Pixabay": the credit shown wherever the media is seen. */
export function creditLine(c: {
  provider: string;
  kind: "photo" | "video" | "image";
  author: string | null;
}): string | null {
  if (c.provider !== "pexels" && c.provider !== "pixabay") return null;
  const what = c.kind === "video" ? "Video" : "Photo";
  const site = PROVIDER_LABELS[c.provider];
  return c.author ? `${what} by ${c.author} on ${site}` : `${what} from ${site}`;
}
