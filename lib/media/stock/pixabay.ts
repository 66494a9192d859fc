import "server-only";
/**
 * Pixabay (https://pixabay.com/api/docs/): photos `GET /api/?key=…&q=…`,
 * videos `GET /api/videos/?key=…&q=…`, one item with `id=…`. Responses are
 * parsed in their documented shape; an item that does not parse is left out.
 */
import { z } from "zod";
import { LICENCES, type StockCandidate } from "./contract";
import { nearest1080 } from "./target";
import type { ProviderSearch, StockProvider } from "./provider";
import { getJson } from "./http";
import type { StockProviderConfig } from "./config";

export const pixabayPhotoSchema = z.object({
  id: z.number().int(),
  pageURL: z.string().url(),
  type: z.string(),
  tags: z.string(),
  previewURL: z.string().url(),
  previewWidth: z.number().int().optional(),
  previewHeight: z.number().int().optional(),
  webformatURL: z.string().url(),
  webformatWidth: z.number().int().optional(),
  webformatHeight: z.number().int().optional(),
  largeImageURL: z.string().url(),
  /** Only with full API access. */
  fullHDURL: z.string().url().optional(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  imageSize: z.number().int().optional(),
  user_id: z.number().int(),
  user: z.string(),
  userImageURL: z.string().optional(),
});

const rendition = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().optional(),
  thumbnail: z.string().optional(),
});
export const pixabayVideoSchema = z.object({
  id: z.number().int(),
  pageURL: z.string().url(),
  type: z.string(),
  tags: z.string(),
  duration: z.number(),
  /** Older answers: the poster is on Vimeo's CDN under this id; newer ones give each rendition a thumbnail. */
  picture_id: z.string().optional(),
  videos: z.object({
    large: rendition.optional(),
    medium: rendition.optional(),
    small: rendition.optional(),
    tiny: rendition.optional(),
  }),
  user_id: z.number().int(),
  user: z.string(),
  userImageURL: z.string().optional(),
});

export const pixabayPageSchema = z.object({
  total: z.number().int(),
  totalHits: z.number().int(),
  hits: z.array(z.unknown()),
});

const splitTags = (s: string) =>
  s
    .split(",")
    .map((t) => t.trim().toLowerCase().slice(0, 60))
    .filter(Boolean)
    .slice(0, 40);

/** Pixabay's user page: https://pixabay.com/users/{name}-{id}/ (what its site links). */
function userUrl(user: string, id: number): string {
  return `https://pixabay.com/users/${encodeURIComponent(user)}-${id}/`;
}

export function pixabayPhotoCandidate(p: z.infer<typeof pixabayPhotoSchema>): StockCandidate {
  const tags = splitTags(p.tags);
  // The largest the API hands out without full access is 1280 px wide; a full-HD one when it does.
  const file = p.fullHDURL ?? p.largeImageURL;
  const scale = p.fullHDURL
    ? 1920 / Math.max(p.imageWidth, p.imageHeight)
    : 1280 / Math.max(p.imageWidth, p.imageHeight);
  const width = Math.round(p.imageWidth * Math.min(1, scale));
  const height = Math.round(p.imageHeight * Math.min(1, scale));
  return {
    provider: "pixabay",
    id: String(p.id),
    kind: "photo",
    title: tags.join(", ").slice(0, 300),
    tags,
    width,
    height,
    duration_s: null,
    thumbnail_url: p.webformatURL,
    file_url: file,
    file_type: null,
    author: p.user.slice(0, 200),
    author_url: userUrl(p.user, p.user_id),
    page_url: p.pageURL,
    licence: LICENCES.pixabay.name,
    licence_url: LICENCES.pixabay.url,
  };
}

export function pixabayVideoCandidate(v: z.infer<typeof pixabayVideoSchema>): StockCandidate | null {
  const renditions = [v.videos.large, v.videos.medium, v.videos.small, v.videos.tiny].filter(
    (r): r is z.infer<typeof rendition> => Boolean(r && r.url && r.width > 0 && r.height > 0),
  );
  const file = nearest1080(renditions);
  if (!file) return null;
  const thumb =
    v.videos.medium?.thumbnail ||
    v.videos.small?.thumbnail ||
    file.thumbnail ||
    (v.picture_id ? `https://i.vimeocdn.com/video/${encodeURIComponent(v.picture_id)}_640x360.jpg` : "");
  const tags = splitTags(v.tags);
  return {
    provider: "pixabay",
    id: String(v.id),
    kind: "video",
    title: tags.join(", ").slice(0, 300),
    tags,
    width: file.width,
    height: file.height,
    duration_s: v.duration,
    thumbnail_url: thumb,
    file_url: file.url,
    file_type: "video/mp4",
    author: v.user.slice(0, 200),
    author_url: userUrl(v.user, v.user_id),
    page_url: v.pageURL,
    licence: LICENCES.pixabay.name,
    licence_url: LICENCES.pixabay.url,
  };
}

export function pixabayProvider(cfg: StockProviderConfig): StockProvider {
  const path = (kind: "photo" | "video") => (kind === "photo" ? "/api/" : "/api/videos/");
  async function hits(kind: "photo" | "video", params: URLSearchParams, signal: AbortSignal) {
    params.set("key", cfg.key);
    const raw = await getJson(`${cfg.base}${path(kind)}?${params}`, {
      signal,
      provider: "Pixabay",
      timeoutMs: cfg.timeoutMs,
    });
    if (raw === null) return [];
    const page = pixabayPageSchema.parse(raw);
    return kind === "photo"
      ? page.hits.flatMap((h) => {
          const p = pixabayPhotoSchema.safeParse(h);
          return p.success ? [pixabayPhotoCandidate(p.data)] : [];
        })
      : page.hits.flatMap((h) => {
          const p = pixabayVideoSchema.safeParse(h);
          return p.success ? (pixabayVideoCandidate(p.data) ?? []) : [];
        });
  }
  return {
    id: "pixabay",
    search(q: ProviderSearch) {
      const params = new URLSearchParams({
        q: q.query.slice(0, 100),
        per_page: String(Math.min(200, Math.max(3, q.perPage))),
        safesearch: "true",
      });
      if (q.kind === "photo") {
        params.set("image_type", "photo");
        if (q.orientation !== "square")
          params.set("orientation", q.orientation === "landscape" ? "horizontal" : "vertical");
      }
      return hits(q.kind, params, q.signal);
    },
    async get(a) {
      if (!/^\d{1,20}$/.test(a.id)) return null;
      return (await hits(a.kind, new URLSearchParams({ id: a.id }), a.signal))[0] ?? null;
    },
  };
}
