/**
 * Pexels and Pixabay at their HTTP boundary (msw), in their documented wire
 * shapes (built by tests/support/stock-stand-in.ts): what is asked, how the
 * answer becomes candidates, deadlines, the cache, failures as notes.
 */
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import {
  pexelsPage,
  pexelsPhotoJson,
  pexelsVideoJson,
  pixabayPage,
  pixabayPhotoJson,
  pixabayVideoJson,
  STAND_IN_PHOTOS,
  STAND_IN_VIDEOS,
} from "@/tests/support/stock-stand-in";
import { pexelsProvider } from "./pexels";
import { pixabayProvider } from "./pixabay";
import { getStockItem, resetStockCache, searchStock } from "./search";

const FILES = "https://files.example";
const server = setupServer();
const calls: { url: URL; auth: string | null }[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  resetStockCache();
});
afterAll(() => server.close());

const pexels = (timeoutMs?: number) =>
  pexelsProvider({ id: "pexels", key: "px-key", base: "https://api.pexels.com", timeoutMs });
const pixabay = () => pixabayProvider({ id: "pixabay", key: "pb-key", base: "https://pixabay.com" });
const record = (request: Request) =>
  calls.push({ url: new URL(request.url), auth: request.headers.get("authorization") });

function pexelsHandlers() {
  return [
    http.get("https://api.pexels.com/v1/search", ({ request }) => {
      record(request);
      const items = STAND_IN_PHOTOS.map((p) => pexelsPhotoJson(FILES, p));
      return HttpResponse.json(pexelsPage("photos", items, 15, "https://api.pexels.com", "q"));
    }),
    http.get("https://api.pexels.com/videos/search", ({ request }) => {
      record(request);
      const items = STAND_IN_VIDEOS.map((v) => pexelsVideoJson(FILES, v));
      return HttpResponse.json(pexelsPage("videos", items, 15, "https://api.pexels.com", "q"));
    }),
  ];
}

describe("Pexels", () => {
  it("searches photos with the key in the Authorization header and the ratio's orientation", async () => {
    server.use(...pexelsHandlers());
    const found = await searchStock({ query: "Red  Shoes", kind: "photo", ratio: "9:16", providers: [pexels()] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe("px-key");
    expect(calls[0]!.url.pathname).toBe("/v1/search");
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      query: "red shoes",
      per_page: "12",
      orientation: "portrait",
    });
    expect(found.problems).toEqual([]);
    expect(found.candidates).toHaveLength(STAND_IN_PHOTOS.length);
    const first = found.candidates[0]!;
    expect(first).toEqual({
      provider: "pexels",
      id: "1001",
      kind: "photo",
      title: "red running shoes on a track",
      tags: [],
      width: 1920,
      height: 1280,
      duration_s: null,
      thumbnail_url: `${FILES}/files/photos/1001/pexels-photo-1001.jpeg?auto=compress&cs=tinysrgb&h=350`,
      // The original at 1080p for a 9:16 video, cropped by Pexels' image service.
      file_url: `${FILES}/files/photos/1001/pexels-photo-1001.jpeg?auto=compress&cs=tinysrgb&fit=crop&w=1080&h=1920`,
      file_type: "image/jpeg",
      author: "Ana Ruiz",
      author_url: "https://www.pexels.com/@ana-ruiz",
      page_url: "https://www.pexels.com/photo/red-running-shoes-on-a-track-1001/",
      licence: "Pexels License",
      licence_url: "https://www.pexels.com/license/",
    });
  });

  it("searches clips and takes the MP4 nearest 1080p, titled from the page address", async () => {
    server.use(...pexelsHandlers());
    const found = await searchStock({ query: "runner", kind: "video", ratio: "16:9", providers: [pexels()] });
    expect(calls[0]!.url.pathname).toBe("/videos/search");
    expect(calls[0]!.url.searchParams.get("orientation")).toBe("landscape");
    const clip = found.candidates[0]!;
    expect(clip).toMatchObject({
      provider: "pexels",
      id: "2001",
      kind: "video",
      title: "runner tying shoes before a race",
      width: 1920,
      height: 1080,
      duration_s: 4,
      file_url: `${FILES}/files/videos/2001/1920x1080.mp4`,
      file_type: "video/mp4",
      author: "Mia Chen",
      thumbnail_url: `${FILES}/files/videos/2001/poster.jpeg`,
    });
  });

  it("answers a repeated search from memory, and leaves out items that do not parse", async () => {
    server.use(
      http.get("https://api.pexels.com/v1/search", ({ request }) => {
        record(request);
        const good = pexelsPhotoJson(FILES, STAND_IN_PHOTOS[0]!);
        const broken = { ...pexelsPhotoJson(FILES, STAND_IN_PHOTOS[1]!), src: null };
        return HttpResponse.json(pexelsPage("photos", [broken, good], 15, "https://api.pexels.com", "q"));
      }),
    );
    const a = await searchStock({ query: "shoes", kind: "photo", ratio: "16:9", providers: [pexels()] });
    const b = await searchStock({ query: " SHOES ", kind: "photo", ratio: "16:9", providers: [pexels()] });
    expect(calls).toHaveLength(1);
    expect(a.candidates.map((c) => c.id)).toEqual(["1001"]);
    expect(b).toEqual(a);
  });

  it("gives up at the deadline and says so, without throwing", async () => {
    server.use(
      http.get("https://api.pexels.com/v1/search", async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const started = Date.now();
    const found = await searchStock({ query: "shoes", kind: "photo", ratio: "16:9", providers: [pexels(150)] });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(found).toEqual({ candidates: [], problems: ["Pexels did not answer in time."] });
  });

  it("turns a refused key and a busy hour into notes, and keeps the other provider's answer", async () => {
    server.use(
      http.get("https://api.pexels.com/v1/search", () => HttpResponse.json({ error: "Unauthorized" }, { status: 401 })),
      http.get("https://pixabay.com/api/", () =>
        HttpResponse.json(pixabayPage([pixabayPhotoJson(FILES, STAND_IN_PHOTOS[2]!)], 12)),
      ),
    );
    const found = await searchStock({ query: "lake", kind: "photo", ratio: "16:9", providers: [pexels(), pixabay()] });
    expect(found.problems).toEqual(["Pexels refused the API key."]);
    expect(found.candidates.map((c) => `${c.provider}:${c.id}`)).toEqual(["pixabay:1003"]);
    server.use(http.get("https://api.pexels.com/v1/search", () => new HttpResponse(null, { status: 429 })));
    const busy = await searchStock({ query: "river", kind: "photo", ratio: "16:9", providers: [pexels()] });
    expect(busy.problems).toEqual(["Pexels is busy (too many searches this hour)."]);
  });

  it("looks a picked item up again by its id", async () => {
    server.use(
      http.get("https://api.pexels.com/v1/photos/:id", ({ params }) => {
        const p = STAND_IN_PHOTOS.find((x) => String(x.id) === params.id);
        return p ? HttpResponse.json(pexelsPhotoJson(FILES, p)) : HttpResponse.json({}, { status: 404 });
      }),
    );
    const got = await getStockItem({
      provider: "pexels",
      id: "1003",
      kind: "photo",
      ratio: "1:1",
      providers: [pexels()],
    });
    expect(got?.file_url).toContain("w=1080&h=1080");
    expect(
      await getStockItem({ provider: "pexels", id: "9", kind: "photo", ratio: "1:1", providers: [pexels()] }),
    ).toBeNull();
    expect(
      await getStockItem({ provider: "pexels", id: "../x", kind: "photo", ratio: "1:1", providers: [pexels()] }),
    ).toBeNull();
  });
});

describe("Pixabay", () => {
  it("searches photos with the key as a parameter, tags as words, the 1280 px file", async () => {
    server.use(
      http.get("https://pixabay.com/api/", ({ request }) => {
        record(request);
        return HttpResponse.json(
          pixabayPage(
            STAND_IN_PHOTOS.map((p) => pixabayPhotoJson(FILES, p)),
            12,
          ),
        );
      }),
    );
    const found = await searchStock({ query: "coffee", kind: "photo", ratio: "16:9", providers: [pixabay()] });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      q: "coffee",
      per_page: "12",
      safesearch: "true",
      key: "pb-key",
      image_type: "photo",
      orientation: "horizontal",
    });
    expect(found.candidates[1]).toEqual({
      provider: "pixabay",
      id: "1002",
      kind: "photo",
      title: "barista, pouring, latte",
      tags: ["barista", "pouring", "latte"],
      width: 853,
      height: 1280,
      duration_s: null,
      thumbnail_url: `${FILES}/files/photos/1002/pixabay-1002_640.jpg`,
      file_url: `${FILES}/files/photos/1002/pixabay-1002_1280.jpg`,
      file_type: null,
      author: "kenobi",
      author_url: "https://pixabay.com/users/kenobi-5010/",
      page_url: "https://pixabay.com/photos/barista-pouring-latte-art-coffee-1002/",
      licence: "Pixabay Content License",
      licence_url: "https://pixabay.com/service/license-summary/",
    });
  });

  it("searches clips, skipping the empty rendition, the one nearest 1080p", async () => {
    server.use(
      http.get("https://pixabay.com/api/videos/", ({ request }) => {
        record(request);
        return HttpResponse.json(
          pixabayPage(
            STAND_IN_VIDEOS.map((v) => pixabayVideoJson(FILES, v)),
            12,
          ),
        );
      }),
    );
    const found = await searchStock({ query: "coffee", kind: "video", ratio: "9:16", providers: [pixabay()] });
    expect(calls[0]!.url.pathname).toBe("/api/videos/");
    expect(calls[0]!.url.searchParams.has("orientation")).toBe(false);
    expect(found.candidates[0]).toMatchObject({
      provider: "pixabay",
      id: "2001",
      kind: "video",
      duration_s: 4,
      width: 1920,
      height: 1080,
      file_url: `${FILES}/files/videos/2001/1920x1080.mp4`,
      thumbnail_url: `${FILES}/files/videos/2001/poster.jpeg`,
    });
  });
});
