/**
 * A local stand-in for the stock providers, for Playwright (an app started
 * with PEXELS_API_KEY / PIXABAY_API_KEY and PEXELS_API_BASE / PIXABAY_API_BASE
 * pointing here) and for Jest (its wire builders answer msw handlers). It
 * answers Pexels' `GET /v1/search`, `/v1/photos/{id}`, `/videos/search`,
 * `/videos/videos/{id}` and Pixabay's `GET /api/`, `/api/videos/` in their
 * documented shapes, and serves real small files: JPEGs drawn with sharp (one
 * colour each, so frames tell them apart) and a few-second 320x180 MP4 made by
 * ffmpeg's `testsrc`. Items are ordered by how many query words their words
 * contain (all are returned, as a real search returns something for most words).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

export interface StandInPhoto {
  id: number;
  /** Pexels: alt text; Pixabay: the tags. */
  words: string;
  width: number;
  height: number;
  colour: string;
  author: string;
}
export interface StandInVideo {
  id: number;
  words: string;
  duration: number;
  author: string;
}

export const STAND_IN_PHOTOS: StandInPhoto[] = [
  { id: 1001, words: "red running shoes on a track", width: 1920, height: 1280, colour: "#d62828", author: "Ana Ruiz" },
  {
    id: 1002,
    words: "barista pouring latte art coffee",
    width: 1280,
    height: 1920,
    colour: "#7f5539",
    author: "Ken Obi",
  },
  {
    id: 1003,
    words: "green mountain lake at sunrise",
    width: 1920,
    height: 1080,
    colour: "#2a9d8f",
    author: "Lea Berg",
  },
  { id: 1004, words: "blue water bottle on a desk", width: 1080, height: 1080, colour: "#1d4ed8", author: "Sam Lee" },
];
export const STAND_IN_VIDEOS: StandInVideo[] = [
  { id: 2001, words: "runner tying shoes before a race", duration: 4, author: "Mia Chen" },
  { id: 2002, words: "coffee beans roasting close up", duration: 3, author: "Omar Haddad" },
];

type Obj = Record<string, unknown>;
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);

/** Items by how many of the query's words they share (stable), all of them. */
export function byQuery<T extends { words: string }>(items: readonly T[], query: string): T[] {
  const q = new Set(words(query).map((w) => w.replace(/s$/, "")));
  const score = (t: T) => words(t.words).filter((w) => q.has(w.replace(/s$/, ""))).length;
  return items
    .map((t, i) => ({ t, i, s: score(t) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.t);
}

// ---------------------------------------------------------------- Pexels wire format

export function pexelsPhotoJson(base: string, p: StandInPhoto): Obj {
  const original = `${base}/files/photos/${p.id}/pexels-photo-${p.id}.jpeg`;
  const at = (q: string) => `${original}?auto=compress&cs=tinysrgb&${q}`;
  return {
    id: p.id,
    width: p.width,
    height: p.height,
    url: `https://www.pexels.com/photo/${slug(p.words)}-${p.id}/`,
    photographer: p.author,
    photographer_url: `https://www.pexels.com/@${slug(p.author)}`,
    photographer_id: p.id * 7,
    avg_color: p.colour.toUpperCase(),
    src: {
      original,
      large2x: at("dpr=2&h=650&w=940"),
      large: at("h=650&w=940"),
      medium: at("h=350"),
      small: at("h=130"),
      portrait: at("fit=crop&h=1200&w=800"),
      landscape: at("fit=crop&h=627&w=1200"),
      tiny: at("dpr=1&fit=crop&h=200&w=280"),
    },
    liked: false,
    alt: p.words,
  };
}

export function pexelsVideoJson(base: string, v: StandInVideo): Obj {
  const file = (id: number, quality: string, w: number, h: number) => ({
    id,
    quality,
    file_type: "video/mp4",
    width: w,
    height: h,
    fps: 25,
    link: `${base}/files/videos/${v.id}/${w}x${h}.mp4`,
  });
  return {
    id: v.id,
    width: 1920,
    height: 1080,
    duration: v.duration,
    full_res: null,
    tags: [],
    url: `https://www.pexels.com/video/${slug(v.words)}-${v.id}/`,
    image: `${base}/files/videos/${v.id}/poster.jpeg`,
    avg_color: null,
    user: { id: v.id * 3, name: v.author, url: `https://www.pexels.com/@${slug(v.author)}` },
    video_files: [
      file(v.id * 10 + 1, "sd", 640, 360),
      file(v.id * 10 + 2, "hd", 1920, 1080),
      file(v.id * 10 + 3, "uhd", 3840, 2160),
      file(v.id * 10 + 4, "hd", 1280, 720),
    ],
    video_pictures: [{ id: v.id * 10, picture: `${base}/files/videos/${v.id}/poster.jpeg`, nr: 0 }],
  };
}

export function pexelsPage(kind: "photos" | "videos", items: Obj[], perPage: number, base: string, query: string): Obj {
  const page: Obj = { page: 1, per_page: perPage, total_results: items.length, [kind]: items.slice(0, perPage) };
  if (kind === "videos") page.url = `https://www.pexels.com/search/videos/${encodeURIComponent(query)}/`;
  if (items.length > perPage)
    page.next_page = `${base}/v1/search/?page=2&per_page=${perPage}&query=${encodeURIComponent(query)}`;
  return page;
}

// ---------------------------------------------------------------- Pixabay wire format

export function pixabayPhotoJson(base: string, p: StandInPhoto): Obj {
  const file = `${base}/files/photos/${p.id}/pixabay-${p.id}`;
  return {
    id: p.id,
    pageURL: `https://pixabay.com/photos/${slug(p.words)}-${p.id}/`,
    type: "photo",
    tags: words(p.words).slice(0, 3).join(", "),
    previewURL: `${file}_150.jpg`,
    previewWidth: 150,
    previewHeight: Math.round((150 * p.height) / p.width),
    webformatURL: `${file}_640.jpg`,
    webformatWidth: 640,
    webformatHeight: Math.round((640 * p.height) / p.width),
    largeImageURL: `${file}_1280.jpg`,
    imageWidth: p.width,
    imageHeight: p.height,
    imageSize: 812_345,
    views: 1200,
    downloads: 800,
    collections: 12,
    likes: 40,
    comments: 3,
    user_id: p.id * 5,
    user: slug(p.author).replace(/-/g, ""),
    userImageURL: "",
  };
}

export function pixabayVideoJson(base: string, v: StandInVideo): Obj {
  const r = (size: string, w: number, h: number) => ({
    url: `${base}/files/videos/${v.id}/${w}x${h}.mp4`,
    width: w,
    height: h,
    size: 1_234_567,
    thumbnail: `${base}/files/videos/${v.id}/poster.jpeg`,
  });
  return {
    id: v.id,
    pageURL: `https://pixabay.com/videos/${slug(v.words)}-${v.id}/`,
    type: "film",
    tags: words(v.words).slice(0, 3).join(", "),
    duration: v.duration,
    videos: {
      // A rendition Pixabay does not have comes as an empty one.
      large: { url: "", width: 0, height: 0, size: 0, thumbnail: "" },
      medium: r("medium", 1920, 1080),
      small: r("small", 1280, 720),
      tiny: r("tiny", 640, 360),
    },
    views: 500,
    downloads: 200,
    likes: 10,
    comments: 1,
    user_id: v.id * 5,
    user: slug(v.author).replace(/-/g, ""),
    userImageURL: "",
  };
}

export function pixabayPage(hits: Obj[], perPage: number): Obj {
  return { total: hits.length, totalHits: hits.length, hits: hits.slice(0, perPage) };
}

// ---------------------------------------------------------------- files

const run = promisify(execFile);

/** A JPEG of one colour (the photo's), `width` x `height` scaled down to at most 640 px. */
export async function standInJpeg(colour: string, width = 640, height = 360): Promise<Buffer> {
  const s = Math.min(1, 640 / Math.max(width, height));
  return sharp({
    create: { width: Math.round(width * s), height: Math.round(height * s), channels: 3, background: colour },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A `seconds`-long 320x180 H.264 MP4 of ffmpeg's test pattern. */
export async function standInMp4(seconds = 3): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "pf-stock-mp4-"));
  try {
    const out = path.join(dir, "clip.mp4");
    await run("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc=duration=${seconds}:size=320x180:rate=10`,
      "-pix_fmt",
      "yuv420p",
      "-c:v",
      "libx264",
      "-movflags",
      "+faststart",
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the server

export interface StockStandIn {
  /** http://127.0.0.1:<port>: PEXELS_API_BASE and PIXABAY_API_BASE. */
  base: string;
  /** Every API call: path with query, and the Authorization header (Pexels). */
  log: { path: string; authorization: string | null }[];
  close(): Promise<void>;
}

export async function startStockStandIn(opts: { pexelsKey?: string; pixabayKey?: string; port?: number } = {}) {
  const mp4 = await standInMp4(3);
  const jpegs = new Map<number, Buffer>();
  for (const p of STAND_IN_PHOTOS) jpegs.set(p.id, await standInJpeg(p.colour, p.width, p.height));
  const poster = await standInJpeg("#444444");
  const log: StockStandIn["log"] = [];
  let base = "";

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const file = (type: string, bytes: Buffer) => {
      res.writeHead(200, { "content-type": type, "content-length": String(bytes.byteLength) });
      res.end(bytes);
    };
    if (url.pathname.startsWith("/files/")) {
      const photo = /^\/files\/photos\/(\d+)\//.exec(url.pathname);
      if (photo) {
        const bytes = jpegs.get(Number(photo[1]));
        return bytes ? file("image/jpeg", bytes) : send(404, {});
      }
      if (/^\/files\/videos\/\d+\/poster\.jpeg$/.test(url.pathname)) return file("image/jpeg", poster);
      if (/^\/files\/videos\/\d+\/\d+x\d+\.mp4$/.test(url.pathname)) return file("video/mp4", mp4);
      return send(404, {});
    }
    log.push({ path: url.pathname + url.search, authorization: req.headers.authorization ?? null });
    const perPage = Number(url.searchParams.get("per_page") ?? "15") || 15;
    const query = url.searchParams.get("query") ?? url.searchParams.get("q") ?? "";
    if (url.pathname.startsWith("/v1/") || url.pathname.startsWith("/videos/")) {
      if (opts.pexelsKey && req.headers.authorization !== opts.pexelsKey) return send(401, { error: "Unauthorized" });
      if (url.pathname === "/v1/search")
        return send(
          200,
          pexelsPage(
            "photos",
            byQuery(STAND_IN_PHOTOS, query).map((p) => pexelsPhotoJson(base, p)),
            perPage,
            base,
            query,
          ),
        );
      if (url.pathname === "/videos/search")
        return send(
          200,
          pexelsPage(
            "videos",
            byQuery(STAND_IN_VIDEOS, query).map((v) => pexelsVideoJson(base, v)),
            perPage,
            base,
            query,
          ),
        );
      const photo = /^\/v1\/photos\/(\d+)$/.exec(url.pathname);
      const p = photo && STAND_IN_PHOTOS.find((x) => x.id === Number(photo[1]));
      if (p) return send(200, pexelsPhotoJson(base, p));
      const video = /^\/videos\/videos\/(\d+)$/.exec(url.pathname);
      const v = video && STAND_IN_VIDEOS.find((x) => x.id === Number(video[1]));
      if (v) return send(200, pexelsVideoJson(base, v));
      return send(404, { status: 404, code: "Not Found" });
    }
    if (url.pathname === "/api/" || url.pathname === "/api/videos/") {
      if (opts.pixabayKey && url.searchParams.get("key") !== opts.pixabayKey) {
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("[ERROR 400] Invalid or missing API key (https://pixabay.com/api/docs/).");
      }
      const id = Number(url.searchParams.get("id") ?? "0");
      if (url.pathname === "/api/") {
        const list = id ? STAND_IN_PHOTOS.filter((p) => p.id === id) : byQuery(STAND_IN_PHOTOS, query);
        return send(
          200,
          pixabayPage(
            list.map((p) => pixabayPhotoJson(base, p)),
            perPage,
          ),
        );
      }
      const list = id ? STAND_IN_VIDEOS.filter((v) => v.id === id) : byQuery(STAND_IN_VIDEOS, query);
      return send(
        200,
        pixabayPage(
          list.map((v) => pixabayVideoJson(base, v)),
          perPage,
        ),
      );
    }
    return send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies StockStandIn;
}
