/**
 * Stock media through the API: asset tags (from the file name, editable,
 * validated), a scene's candidates (my matching assets, then Pexels), picking
 * a stock photo or clip (copied into my assets with its licence and credit,
 * reused when picked again), and the media chosen at creation (own media that
 * fits, else stock, never the same item twice). Pexels is the local stand-in
 * (tests/support/stock-stand-in.ts) speaking its wire format over real HTTP;
 * the Auth emulator, routes, store and URL guard are real.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startStockStandIn, type StockStandIn } from "@/tests/support/stock-stand-in";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

jest.setTimeout(90_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-stock-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.URL_FETCH_ALLOW_HOSTS = "127.0.0.1";
process.env.PEXELS_API_KEY = "px-test-key";

let standIn: StockStandIn;
let assetsRoute: typeof import("@/app/api/v1/assets/route");
let assetRoute: typeof import("@/app/api/v1/assets/[id]/route");
let videos: typeof import("@/app/api/v1/videos/route");
let candidatesRoute: typeof import("@/app/api/v1/videos/[id]/scenes/[sceneId]/candidates/route");
let imageRoute: typeof import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route");
let alice: TestUser;
let bob: TestUser;
let db: import("@/lib/platform/db/db").Db;
let collections: typeof import("@/lib/platform/db/collections");

const sceneParams = (id: string, sceneId: string) => ({ params: Promise.resolve({ id, sceneId }) });

async function upload(user: TestUser, name: string, colour = "#aa3333"): Promise<any> {
  const bytes = await sharp({ create: { width: 160, height: 90, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await json(
    await assetsRoute.POST(
      req(`/api/v1/assets?name=${encodeURIComponent(name)}`, {
        method: "POST",
        token: user.token,
        body: new Uint8Array(bytes),
        headers: { "content-type": "application/octet-stream" },
      }),
      noParams,
    ),
  );
  expect(res.status).toBe(201);
  return res.body.data;
}

async function newVideo(user: TestUser, brief: string): Promise<any> {
  const made = await json(
    await videos.POST(
      req("/api/v1/videos", {
        method: "POST",
        token: user.token,
        json: {
          brief,
          aspect_ratio: "16:9",
          length_s: 15,
          template_id: null,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      }),
      noParams,
    ),
  );
  expect(made.status).toBe(201);
  return made.body.data;
}

/** The scenes whose layout has a picture slot (they carry the plan's picture prompt). */
const pictureScenes = (video: any) => video.composition.scenes.filter((s: any) => s.image_prompt);

const candidates = async (user: TestUser, id: string, sceneId: string, q?: string) =>
  json(
    await candidatesRoute.GET(
      req(`/api/v1/videos/${id}/scenes/${sceneId}/candidates${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`, {
        token: user.token,
      }),
      sceneParams(id, sceneId),
    ),
  );

const pick = async (user: TestUser, id: string, sceneId: string, body: Record<string, unknown>) =>
  json(
    await imageRoute.POST(
      req(`/api/v1/videos/${id}/scenes/${sceneId}/image`, { method: "POST", token: user.token, json: body }),
      sceneParams(id, sceneId),
    ),
  );

beforeAll(async () => {
  standIn = await startStockStandIn({ pexelsKey: "px-test-key" });
  process.env.PEXELS_API_BASE = standIn.base;
  [assetsRoute, assetRoute, videos, candidatesRoute, imageRoute] = await Promise.all([
    import("@/app/api/v1/assets/route"),
    import("@/app/api/v1/assets/[id]/route"),
    import("@/app/api/v1/videos/route"),
    import("@/app/api/v1/videos/[id]/scenes/[sceneId]/candidates/route"),
    import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route"),
  ]);
  collections = await import("@/lib/platform/db/collections");
  db = (await import("@/lib/platform/db")).getDb();
  [alice, bob] = await Promise.all([newUser("stock-a"), newUser("stock-b")]);
});

afterAll(async () => {
  await standIn?.close();
  const { resetRateLimits } = await import("@/lib/platform/rate-limit");
  await resetRateLimits();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("asset tags", () => {
  it("come from the file name on upload and are edited on the asset, within limits", async () => {
    const a = await upload(alice, "IMG_2041 Trail-Running Shoes.final.png");
    expect(a.tags).toEqual(["trail", "running", "shoes"]);
    expect(a.stock).toBeNull();
    const patch = (tags: unknown) =>
      assetRoute.PATCH(
        req(`/api/v1/assets/${a.id}`, { method: "PATCH", token: alice.token, json: { tags } }),
        withId(a.id),
      );
    const ok = await json(await patch(["  Red  Shoes ", "red shoes", "Autumn"]));
    expect(ok.status).toBe(200);
    expect(ok.body.data.tags).toEqual(["red shoes", "autumn"]);
    const tooMany = await json(await patch(Array.from({ length: 21 }, (_, i) => `tag${i}`)));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.issues[0].message).toBe("At most 20 tags.");
    const tooLong = await json(await patch(["x".repeat(41)]));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.issues[0].message).toBe("A tag is at most 40 characters.");
    const empty = await json(await patch([" "]));
    expect(empty.status).toBe(422);
    // Bob cannot tag Alice's asset.
    const foreign = await assetRoute.PATCH(
      req(`/api/v1/assets/${a.id}`, { method: "PATCH", token: bob.token, json: { tags: ["mine"] } }),
      withId(a.id),
    );
    expect(foreign.status).toBe(404);
    expect((await json(await patch(["red shoes", "autumn"]))).body.data.tags).toEqual(["red shoes", "autumn"]);
  });
});

describe("a scene's candidates and picking stock", () => {
  let video: any;
  let sceneId: string;
  let ownShoes: any;

  beforeAll(async () => {
    ownShoes = await upload(alice, "red-running-shoes.png", "#cc2222");
    await upload(alice, "office-chair.png", "#222222");
    video = await newVideo(alice, "Red running shoes for trail runners. Light, grippy and made to last.");
    sceneId = pictureScenes(video)[0].id;
  });

  it("lists my matching assets first, then Pexels photos and clips, searched with the scene's words", async () => {
    const res = await candidates(alice, video.id, sceneId);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.stock_enabled).toBe(true);
    expect(data.query).toBe(data.scene_query);
    expect(data.query).toMatch(/running|shoes/);
    expect(data.problems).toEqual([]);
    const providers = data.candidates.map((c: any) => c.provider);
    // Mine first (the shoes just uploaded, and the trail shoes tagged above), then stock.
    expect(providers.slice(0, 2)).toEqual(["assets", "assets"]);
    expect(providers.slice(2).every((p: string) => p === "pexels")).toBe(true);
    expect(data.candidates.find((c: any) => c.id === ownShoes.id)).toMatchObject({ kind: "photo", file_url: null });
    expect(data.candidates.some((c: any) => c.title.includes("office"))).toBe(false);
    const stock = data.candidates.filter((c: any) => c.provider === "pexels");
    expect(stock.map((c: any) => `${c.kind}:${c.id}`)).toEqual(
      expect.arrayContaining(["photo:1001", "video:2001", "video:2002"]),
    );
    expect(stock.find((c: any) => c.id === "1001")).toMatchObject({
      author: "Ana Ruiz",
      licence: "Pexels License",
      page_url: "https://www.pexels.com/photo/red-running-shoes-on-a-track-1001/",
    });
    expect(stock.find((c: any) => c.id === "2001")).toMatchObject({ kind: "video", duration_s: 4 });
    expect(standIn.log.every((l) => l.authorization === "px-test-key")).toBe(true);
  });

  it("searches with the words typed instead", async () => {
    const res = await candidates(alice, video.id, sceneId, "coffee beans");
    expect(res.status).toBe(200);
    expect(res.body.data.query).toBe("coffee beans");
    expect(res.body.data.candidates.find((c: any) => c.provider === "pexels")).toMatchObject({ id: "2002" });
  });

  it("answers bad input with typed 4xx, and nothing of another person's video", async () => {
    expect((await candidates(alice, video.id, sceneId, "x".repeat(101))).status).toBe(422);
    expect((await candidates(alice, video.id, "no-such-scene")).status).toBe(404);
    expect((await candidates(bob, video.id, sceneId)).status).toBe(404);
    expect((await candidates(alice, "not a video id", sceneId)).status).toBe(404);
  });

  it("copies a picked Pexels photo into my assets with its licence and credit, and reuses that copy", async () => {
    const res = await pick(alice, video.id, sceneId, {
      source: "stock",
      provider: "pexels",
      id: "1001",
      kind: "photo",
      revision: video.revision,
    });
    expect(res.status).toBe(200);
    const scene = res.body.data.composition.scenes.find((s: any) => s.id === sceneId);
    const value: any = Object.values(scene.values).find((v: any) => v.type === "media");
    expect(value).toMatchObject({ source: "asset", media_type: "image/jpeg" });
    const asset = (
      await json(
        await assetRoute.GET(req(`/api/v1/assets/${value.asset_id}`, { token: alice.token }), withId(value.asset_id)),
      )
    ).body.data;
    expect(asset.stock).toEqual({
      provider: "pexels",
      id: "1001",
      page_url: "https://www.pexels.com/photo/red-running-shoes-on-a-track-1001/",
      licence: "Pexels License",
      licence_url: "https://www.pexels.com/license/",
      author: "Ana Ruiz",
      author_url: "https://www.pexels.com/@ana-ruiz",
      credit: "Photo by Ana Ruiz on Pexels",
    });
    expect(asset.kind).toBe("image");
    expect(asset.tags).toEqual(["red", "running", "shoes", "track"]);
    // The bytes are ours now: the stand-in's JPEG, stored under my assets (no hotlink).
    const stored = (await db.collection(collections.assets).doc(value.asset_id).get())!.data;
    expect(stored.storage_key.startsWith(`assets/${alice.uid}/`)).toBe(true);

    const again = await pick(alice, video.id, sceneId, {
      source: "stock",
      provider: "pexels",
      id: "1001",
      kind: "photo",
      revision: res.body.data.revision,
    });
    expect(again.status).toBe(200);
    const copies = (await db.collection(collections.assets).where("owner_id", "==", alice.uid).get()).filter(
      (r) => r.data.source?.id === "1001",
    );
    expect(copies).toHaveLength(1);
    video = again.body.data;
  });

  it("copies a clip as a video asset the scene plays", async () => {
    const res = await pick(alice, video.id, sceneId, {
      source: "stock",
      provider: "pexels",
      id: "2001",
      kind: "video",
      revision: video.revision,
    });
    expect(res.status).toBe(200);
    const scene = res.body.data.composition.scenes.find((s: any) => s.id === sceneId);
    const value: any = Object.values(scene.values).find((v: any) => v.type === "media");
    expect(value.media_type).toBe("video/mp4");
    const asset = (await db.collection(collections.assets).doc(value.asset_id).get())!.data;
    expect(asset).toMatchObject({ kind: "video", width: 320, height: 180 });
    expect(asset.attribution?.text).toBe("Video by Mia Chen on Pexels");
    // The clip's length (it loops when the scene outlasts it) and its poster (the editor's thumbnails) come along.
    expect(value).toMatchObject({ clip_duration_ms: asset.duration_ms, poster_key: asset.thumbnail_key });
    expect(value.clip_duration_ms).toBeGreaterThan(2500);
    video = res.body.data;
  });

  it("refuses a stock pick it cannot honour with a typed 4xx", async () => {
    const base = { source: "stock", kind: "photo", revision: video.revision };
    expect((await pick(alice, video.id, sceneId, { ...base, provider: "pexels", id: "../etc" })).status).toBe(422);
    const off = await pick(alice, video.id, sceneId, { ...base, provider: "pixabay", id: "1001" });
    expect(off.status).toBe(422);
    expect(off.body.error.message).toBe("Pixabay is not available here. Pick another picture.");
    const gone = await pick(alice, video.id, sceneId, { ...base, provider: "pexels", id: "999999" });
    expect(gone.status).toBe(404);
    expect((await pick(bob, video.id, sceneId, { ...base, provider: "pexels", id: "1001" })).status).toBe(404);
  });
});

describe("media chosen at creation", () => {
  it("uses my asset when it fits the scene's words, else stock copied in, never the same item twice", async () => {
    const { chooseSceneMedia } = await import("@/lib/creation/video/scene-media");
    const { getBlobStore } = await import("@/lib/platform/storage");
    const carol = await newUser("stock-c");
    const mug = await upload(carol, "blue-ceramic-mug.png", "#2244cc");
    const video = await newVideo(carol, "A blue ceramic mug for slow mornings. Coffee tastes better in it.");
    const scenes = video.composition.scenes.map((s: any, i: number) => ({
      ...s,
      values: Object.fromEntries(Object.entries(s.values).filter(([, v]: any) => v.type !== "media")),
      visual_query: ["blue ceramic mug", "blue ceramic mug", "red running shoes"][i % 3],
    }));
    const notes: string[] = [];
    const choices = await chooseSceneMedia({
      db,
      store: getBlobStore(),
      uid: carol.uid,
      body: { scenes, aspect_ratio: "16:9" },
      sceneIds: scenes.slice(0, 3).map((s: any) => s.id),
      onChoice: async (c) => void notes.push(c.reason),
    });
    expect(choices.map((c) => c.from)).toEqual(["own", "stock", "stock"]);
    expect(choices[0]!.value).toMatchObject({ source: "asset", asset_id: mug.id });
    // The second scene asked for the same words: the mug is taken, so stock; the third gets the shoes photo.
    const ids = choices.map((c) => c.value?.asset_id);
    expect(new Set(ids).size).toBe(3);
    const third = (await db.collection(collections.assets).doc(ids[2]!).get())!.data;
    expect(third.source).toMatchObject({ provider: "pexels", id: "1001" });
    expect(notes[0]).toMatch(/own asset .* matched "blue, ceramic, mug"/);
    expect(notes[1]).toMatch(/pexels .* copied in as asset/);
  });
});
