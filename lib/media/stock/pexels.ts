import "server-only";
/**
 * Pexels (https://www.pexels.com/api/documentation/): photos `GET /v1/search`
 * and `GET /v1/photos/{id}`, videos `GET /videos/search` and
 * `GET /videos/videos/{id}`, the key in the `Authorization` header. Responses
 * are parsed in their documented shape; an item that does not parse is left
 * out rather than failing the search.
 */
import { z } from "zod";
import { LICENCES, type StockCandidate } from "./contract";
import { nearest1080, targetSize } from "./target";
import type { ProviderSearch, StockProvider } from "./provider";
import { getJson } from "./http";
import type { StockProviderConfig } from "./config";

export const pexelsPhotoSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string().url(),
  photographer: z.string(),
  photographer_url: z.string().url(),
  photographer_id: z.number().int().optional(),
  avg_color: z.string().nullable().optional(),
  src: z.object({
    original: z.string().url(),
    large2x: z.string().url(),
    large: z.string().url(),
    medium: z.string().url(),
    small: z.string().url(),
    portrait: z.string().url(),
    landscape: z.string().url(),
    tiny: z.string().url(),
  }),
  liked: z.boolean().optional(),
  alt: z.string().nullable().optional(),
});

export const pexelsVideoSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number(),
  url: z.string().url(),
  image: z.string().url(),
  full_res: z.unknown().optional(),
  tags: z.array(z.string()).optional(),
  avg_color: z.string().nullable().optional(),
  user: z.object({ id: z.number().int(), name: z.string(), url: z.string().url() }),
  video_files: z.array(
    z.object({
      id: z.number().int(),
      quality: z.string().nullable(),
      file_type: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      fps: z.number().nullable().optional(),
      link: z.string().url(),
    }),
  ),
  video_pictures: z
    .array(z.object({ id: z.number().int(), picture: z.string().url(), nr: z.number().int() }))
    .optional(),
});

const pageSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total_results: z.number().int(),
  next_page: z.string().optional(),
});
export const pexelsPhotoPageSchema = pageSchema.extend({ photos: z.array(z.unknown()) });
export const pexelsVideoPageSchema = pageSchema.extend({ videos: z.array(z.unknown()) });

/** "https://www.pexels.com/video/seal-on-the-beach-1526909/" → "seal on the beach": a video's only title. */
export function titleFromPageUrl(url: string): string {
  // At most 300 characters reach the regex (its `\d+$` retries from each digit of a long run).
  const last = (new URL(url).pathname.split("/").filter(Boolean).pop() ?? "").slice(0, 300);
  return last
    .replace(/-?\d+$/, "")
    .split("-")
    .filter(Boolean)
    .join(" ")
    .slice(0, 300);
}

/** The photo at 1080p for the ratio, cropped by Pexels' image service (its `src` URLs are the original with these parameters). */
function photoFileUrl(original: string, ratio: string): string {
  const u = new URL(original);
  const { width, height } = targetSize(ratio);
  u.search = "";
  u.searchParams.set("auto", "compress");
  u.searchParams.set("cs", "tinysrgb");
  u.searchParams.set("fit", "crop");
  u.searchParams.set("w", String(width));
  u.searchParams.set("h", String(height));
  return u.toString();
}

export function pexelsPhotoCandidate(p: z.infer<typeof pexelsPhotoSchema>, ratio: string): StockCandidate {
  const title = (p.alt ?? "").trim() || titleFromPageUrl(p.url);
  return {
    provider: "pexels",
    id: String(p.id),
    kind: "photo",
    title: title.slice(0, 300),
    tags: [],
    width: p.width,
    height: p.height,
    duration_s: null,
    thumbnail_url: p.src.medium,
    file_url: photoFileUrl(p.src.original, ratio),
    file_type: "image/jpeg",
    author: p.photographer.slice(0, 200),
    author_url: p.photographer_url,
    page_url: p.url,
    licence: LICENCES.pexels.name,
    licence_url: LICENCES.pexels.url,
  };
}

export function pexelsVideoCandidate(v: z.infer<typeof pexelsVideoSchema>): StockCandidate | null {
  const file = nearest1080(v.video_files.filter((f) => f.file_type === "video/mp4"));
  if (!file) return null;
  return {
    provider: "pexels",
    id: String(v.id),
    kind: "video",
    title: titleFromPageUrl(v.url),
    tags: (v.tags ?? []).slice(0, 40).map((t) => t.slice(0, 60)),
    width: file.width ?? v.width,
    height: file.height ?? v.height,
    duration_s: v.duration,
    thumbnail_url: v.image,
    file_url: file.link,
    file_type: file.file_type,
    author: v.user.name.slice(0, 200),
    author_url: v.user.url,
    page_url: v.url,
    licence: LICENCES.pexels.name,
    licence_url: LICENCES.pexels.url,
  };
}

function items<T>(raw: unknown[], schema: z.ZodType<T>): T[] {
  return raw.flatMap((r) => {
    const p = schema.safeParse(r);
    return p.success ? [p.data] : [];
  });
}

export function pexelsProvider(cfg: StockProviderConfig): StockProvider {
  const headers = { Authorization: cfg.key, Accept: "application/json" };
  return {
    id: "pexels",
    async search(q: ProviderSearch) {
      const orientation = q.orientation === "square" ? "square" : q.orientation;
      const params = new URLSearchParams({ query: q.query, per_page: String(q.perPage), orientation });
      if (q.kind === "photo") {
        const page = pexelsPhotoPageSchema.parse(
          await getJson(`${cfg.base}/v1/search?${params}`, {
            headers,
            signal: q.signal,
            provider: "Pexels",
            timeoutMs: cfg.timeoutMs,
          }),
        );
        return items(page.photos, pexelsPhotoSchema).map((p) => pexelsPhotoCandidate(p, q.ratio));
      }
      const page = pexelsVideoPageSchema.parse(
        await getJson(`${cfg.base}/videos/search?${params}`, {
          headers,
          signal: q.signal,
          provider: "Pexels",
          timeoutMs: cfg.timeoutMs,
        }),
      );
      return items(page.videos, pexelsVideoSchema).flatMap((v) => pexelsVideoCandidate(v) ?? []);
    },
    async get(a) {
      if (!/^\d{1,20}$/.test(a.id)) return null;
      if (a.kind === "photo") {
        const raw = await getJson(`${cfg.base}/v1/photos/${a.id}`, {
          headers,
          signal: a.signal,
          provider: "Pexels",
          timeoutMs: cfg.timeoutMs,
        });
        const p = pexelsPhotoSchema.safeParse(raw);
        return p.success ? pexelsPhotoCandidate(p.data, a.ratio) : null;
      }
      const raw = await getJson(`${cfg.base}/videos/videos/${a.id}`, {
        headers,
        signal: a.signal,
        provider: "Pexels",
        timeoutMs: cfg.timeoutMs,
      });
      const v = pexelsVideoSchema.safeParse(raw);
      return v.success ? pexelsVideoCandidate(v.data) : null;
    },
  };
}
