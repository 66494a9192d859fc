/**
 * Media ownership on every path (issue 18, item 3): two real accounts
 * (Auth emulator), Alice's private files, and Bob trying to put their keys
 * into his compositions through every write route (a typed 4xx, nothing
 * stored), then finding them planted directly in the store (signers and
 * public routes drop them, never serve them). Also: public views of an
 * image hide its owner and sources (item 3), and `remix_of_id` must name an
 * image the caller may see (item 9). Renders: lib/engine/render/prepare.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { png } from "@/tests/support/media";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

jest.setTimeout(30_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-media-ownership-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

type Routes = {
  assets: typeof import("@/app/api/v1/assets/route");
  videos: typeof import("@/app/api/v1/videos/route");
  video: typeof import("@/app/api/v1/videos/[id]/route");
  options: typeof import("@/app/api/v1/videos/options/route");
  videoPlayer: typeof import("@/app/api/v1/videos/[id]/player/route");
  videoDuplicate: typeof import("@/app/api/v1/videos/[id]/duplicate/route");
  videoRestore: typeof import("@/app/api/v1/videos/[id]/revisions/[revision]/restore/route");
  videoSceneImage: typeof import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route");
  videoBrand: typeof import("@/app/api/v1/videos/[id]/brand/route");
  publicVideo: typeof import("@/app/api/v1/public/videos/[id]/[variant]/route");
  brandKit: typeof import("@/app/api/v1/brand-kit/route");
  designs: typeof import("@/app/api/v1/designs/route");
  design: typeof import("@/app/api/v1/designs/[id]/route");
  designPlayer: typeof import("@/app/api/v1/designs/[id]/player/route");
  designDuplicate: typeof import("@/app/api/v1/designs/[id]/duplicate/route");
  designResize: typeof import("@/app/api/v1/designs/[id]/resize/route");
  designSceneImage: typeof import("@/app/api/v1/designs/[id]/scenes/[sceneId]/image/route");
  pages: typeof import("@/app/api/v1/pages/route");
  page: typeof import("@/app/api/v1/pages/[id]/route");
  publicPageMedia: typeof import("@/app/api/v1/public/pages/[pageId]/media/[blockId]/route");
  publicContent: typeof import("@/app/api/v1/public/content/[id]/[variant]/route");
  products: typeof import("@/app/api/v1/products/route");
  linksVideo: typeof import("@/app/api/v1/links/video/route");
  image: typeof import("@/app/api/v1/images/[id]/route");
  trending: typeof import("@/app/api/v1/images/trending/route");
  generations: typeof import("@/app/api/v1/images/generations/route");
};
let r: Routes;
let alice: TestUser;
let bob: TestUser;
/** Alice's private files: an uploaded picture and a generated image (content + blob), and her public image edited from the private one. */
const a = { assetId: "", assetKey: "", imageId: "", imageKey: "", publicId: "" };
let bobsOwnKey = "";

const db = async () => (await import("@/lib/platform/db")).getDb();
const store = async () => (await import("@/lib/platform/storage")).getBlobStore();
const cols = async () => ({
  ...(await import("@/lib/platform/db/collections")),
  ...(await import("@/lib/engine/composition/collections")),
  ...(await import("@/lib/creation/video/collections")),
  ...(await import("@/lib/creation/products/collections")),
  ...(await import("@/lib/creation/brand/collections")),
});
const foreign = (key: string) => ({ type: "media", key, media_type: "image/png", source: "asset" });

async function uploadAsset(user: TestUser, color: string): Promise<{ id: string; key: string }> {
  const up = await json(
    await r.assets.POST(
      req("/api/v1/assets?name=pic.png", {
        method: "POST",
        token: user.token,
        body: new Uint8Array(await png(48, 32, color)),
        headers: { "content-type": "application/octet-stream" },
      }),
      noParams,
    ),
  );
  expect(up.status).toBe(201);
  const { assets } = await cols();
  const doc = await (await db()).collection(assets).doc(up.body.data.id).get();
  return { id: up.body.data.id, key: doc!.data.storage_key };
}

/** An image as lib/media/images leaves a finished one: its blob under images/<uid>/<id>/. */
async function plantImage(
  owner: string,
  visibility: "private" | "public",
  settings: Record<string, unknown> = {},
): Promise<{ id: string; key: string }> {
  const { content } = await cols();
  const ref = (await db()).collection(content).doc();
  const key = `images/${owner}/${ref.id}/original.png`;
  await (await store()).put(key, await png(48, 32, "#2563eb"));
  const at = new Date().toISOString();
  await ref.create({
    owner_id: owner,
    kind: "image",
    title: "Alice's picture",
    status: "ready",
    visibility,
    settings: {
      prompt: "a secret",
      model_id: "local-preview",
      model_label: "Local preview",
      aspect_ratio: "1:1",
      seed: 1,
      ...settings,
    },
    blobs: { original: key, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  });
  return { id: ref.id, key };
}

/** Everything Bob has in the store, to show a refused write left it as it was. */
async function bobsState(): Promise<string> {
  const c = await cols();
  const d = await db();
  const rows = await Promise.all(
    [c.content, c.compositions, c.compositionRevisions, c.products].map(async (col) =>
      (
        await d
          .collection(col as typeof c.content)
          .where("owner_id", "==", bob.uid)
          .get()
      )
        .map((s) => [s.id, s.data])
        .sort(),
    ),
  );
  const kit = await d.collection(c.brandKits).doc(bob.uid).get();
  const files =
    (await (await store()).list(`videos/${bob.uid}/`)).length +
    (await (await store()).list(`designs/${bob.uid}/`)).length;
  return JSON.stringify({ rows, kit: kit?.data ?? null, files });
}

async function expectRefused(
  res: Response,
  status: number,
  issuePath?: string | RegExp,
): Promise<{ code: string; issues?: { path: string; message: string }[] }> {
  const { status: got, body } = await json(res);
  expect([got, body.error?.code]).toEqual([status, status === 404 ? "not_found" : "unprocessable_entity"]);
  if (issuePath)
    expect(body.error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: issuePath instanceof RegExp ? expect.stringMatching(issuePath) : issuePath }),
      ]),
    );
  return body.error;
}

/** Alice's uid anywhere in an answer means something of hers leaked into it. */
const leaksAlice = (x: unknown) => JSON.stringify(x).includes(alice.uid);

async function newVideo(user: TestUser): Promise<{ id: string; composition: any }> {
  const res = await json(
    await r.videos.POST(
      req("/api/v1/videos", {
        method: "POST",
        token: user.token,
        json: {
          brief: "Bean There roasts coffee in Lisbon every morning.",
          aspect_ratio: "9:16",
          length_s: 15,
          template_id: "starter-bold",
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      }),
      noParams,
    ),
  );
  expect(res.status).toBe(201);
  return { id: res.body.data.id, composition: res.body.data.composition };
}

async function newDesign(user: TestUser): Promise<{ id: string; composition: any }> {
  const res = await json(
    await r.designs.POST(
      req("/api/v1/designs", {
        method: "POST",
        token: user.token,
        json: { template_id: "starter-bold", layout_id: "starter-full-bleed", aspect_ratio: "1:1" },
      }),
      noParams,
    ),
  );
  expect(res.status).toBe(201);
  return { id: res.body.data.id, composition: res.body.data.composition };
}

/** Writes a composition straight into the store (the state main's bug left behind, or a hand-edited row). */
async function plantComposition(id: string, edit: (body: any) => void): Promise<void> {
  const { compositions } = await cols();
  const ref = (await db()).collection(compositions).doc(id);
  const snap = (await ref.get())!;
  const body = structuredClone(snap.data);
  edit(body);
  await ref.set(body);
}

/** The first scene's picture slot: a layout of `template` with an image slot, and that slot's id. */
async function pictureLayout(templateId: string): Promise<{ layout: string; slot: string }> {
  const opts = await json(await r.options.GET(req("/api/v1/videos/options", { token: bob.token }), noParams));
  const t = opts.body.data.templates.find((x: { id: string }) => x.id === templateId);
  for (const l of t.layouts) {
    const s = l.slots.find((x: { kind: string }) => x.kind === "image");
    if (s) return { layout: l.id, slot: s.id };
  }
  throw new Error(`${templateId} has no picture layout`);
}

const stripVoice = (scenes: any[]) => scenes.map(({ voice: _v, ...s }) => s);
const sceneParams = (id: string, sceneId: string) => ({ params: Promise.resolve({ id, sceneId }) });

beforeAll(async () => {
  r = {
    assets: await import("@/app/api/v1/assets/route"),
    videos: await import("@/app/api/v1/videos/route"),
    video: await import("@/app/api/v1/videos/[id]/route"),
    options: await import("@/app/api/v1/videos/options/route"),
    videoPlayer: await import("@/app/api/v1/videos/[id]/player/route"),
    videoDuplicate: await import("@/app/api/v1/videos/[id]/duplicate/route"),
    videoRestore: await import("@/app/api/v1/videos/[id]/revisions/[revision]/restore/route"),
    videoSceneImage: await import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route"),
    videoBrand: await import("@/app/api/v1/videos/[id]/brand/route"),
    publicVideo: await import("@/app/api/v1/public/videos/[id]/[variant]/route"),
    brandKit: await import("@/app/api/v1/brand-kit/route"),
    designs: await import("@/app/api/v1/designs/route"),
    design: await import("@/app/api/v1/designs/[id]/route"),
    designPlayer: await import("@/app/api/v1/designs/[id]/player/route"),
    designDuplicate: await import("@/app/api/v1/designs/[id]/duplicate/route"),
    designResize: await import("@/app/api/v1/designs/[id]/resize/route"),
    designSceneImage: await import("@/app/api/v1/designs/[id]/scenes/[sceneId]/image/route"),
    pages: await import("@/app/api/v1/pages/route"),
    page: await import("@/app/api/v1/pages/[id]/route"),
    publicPageMedia: await import("@/app/api/v1/public/pages/[pageId]/media/[blockId]/route"),
    publicContent: await import("@/app/api/v1/public/content/[id]/[variant]/route"),
    products: await import("@/app/api/v1/products/route"),
    linksVideo: await import("@/app/api/v1/links/video/route"),
    image: await import("@/app/api/v1/images/[id]/route"),
    trending: await import("@/app/api/v1/images/trending/route"),
    generations: await import("@/app/api/v1/images/generations/route"),
  };
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { users } = await cols();
  const at = new Date().toISOString();
  for (const u of [alice, bob]) {
    await (await db())
      .collection(users)
      .doc(u.uid)
      .create({
        user_id: u.uid,
        email: `${u.uid}@example.com`,
        name: "T",
        photo_url: null,
        provider: "password",
        is_staff: false,
        credits: 50,
        plan: "free",
        created_at: at,
        last_login_at: at,
      });
  }
  const asset = await uploadAsset(alice, "#dc2626");
  a.assetId = asset.id;
  a.assetKey = asset.key;
  const image = await plantImage(alice.uid, "private");
  a.imageId = image.id;
  a.imageKey = image.key;
  a.publicId = (await plantImage(alice.uid, "public", { source_image_id: image.id, remix_of: image.id })).id;
  bobsOwnKey = (await uploadAsset(bob, "#16a34a")).key;
  expect(a.assetKey).toMatch(new RegExp(`^assets/${alice.uid}/`));
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("videos", () => {
  it("the issue's reproduction: a template switch with scenes cannot put another user's file into a video (422, nothing stored, nothing signed)", async () => {
    const { id, composition } = await newVideo(bob);
    const to = await pictureLayout("starter-elegant");
    for (const key of [a.assetKey, a.imageKey]) {
      const scenes = stripVoice(composition.scenes);
      scenes[0] = { ...scenes[0], layout_id: to.layout, values: { [to.slot]: foreign(key) } };
      const before = await bobsState();
      await expectRefused(
        await r.video.PATCH(
          req(`/api/v1/videos/${id}`, {
            method: "PATCH",
            token: bob.token,
            json: { revision: 0, template_id: "starter-elegant", scenes },
          }),
          withId(id),
        ),
        422,
        `scenes.0.values.${to.slot}`,
      );
      expect(await bobsState()).toBe(before);
    }
    const got = await json(await r.video.GET(req(`/api/v1/videos/${id}`, { token: bob.token }), withId(id)));
    expect([got.body.data.revision, got.body.data.composition.template.id, leaksAlice(got.body)]).toEqual([
      0,
      "starter-bold",
      false,
    ]);
    const player = await json(
      await r.videoPlayer.GET(req(`/api/v1/videos/${id}/player`, { token: bob.token }), withId(id)),
    );
    expect([player.status, leaksAlice(player.body)]).toEqual([200, false]);
  });

  it("the same edit without a template switch is refused too; Bob's own picture and the samples pass either way", async () => {
    const { id, composition } = await newVideo(bob);
    const here = await pictureLayout("starter-bold");
    const withKey = (key: string) => {
      const scenes = stripVoice(composition.scenes);
      scenes[0] = { ...scenes[0], layout_id: here.layout, values: { [here.slot]: foreign(key) } };
      return scenes;
    };
    const before = await bobsState();
    await expectRefused(
      await r.video.PATCH(
        req(`/api/v1/videos/${id}`, {
          method: "PATCH",
          token: bob.token,
          json: { revision: 0, scenes: withKey(a.assetKey) },
        }),
        withId(id),
      ),
      422,
      `scenes.0.values.${here.slot}`,
    );
    expect(await bobsState()).toBe(before);
    const own = await json(
      await r.video.PATCH(
        req(`/api/v1/videos/${id}`, {
          method: "PATCH",
          token: bob.token,
          json: { revision: 0, scenes: withKey(bobsOwnKey) },
        }),
        withId(id),
      ),
    );
    expect(own.status).toBe(200);
    const to = await pictureLayout("starter-elegant");
    const scenes = stripVoice(own.body.data.composition.scenes);
    scenes[0] = { ...scenes[0], layout_id: to.layout, values: { [to.slot]: foreign("samples/starter/photo.jpg") } };
    const sample = await json(
      await r.video.PATCH(
        req(`/api/v1/videos/${id}`, {
          method: "PATCH",
          token: bob.token,
          json: { revision: 1, template_id: "starter-elegant", scenes },
        }),
        withId(id),
      ),
    );
    expect([sample.status, sample.body.data?.composition.scenes[0].values[to.slot].key]).toEqual([
      200,
      "samples/starter/photo.jpg",
    ]);
  });

  it("restoring a revision that holds a foreign key is refused (422) and changes nothing", async () => {
    const { id, composition } = await newVideo(bob);
    const { compositionRevisions, revisionId } = await cols();
    const here = await pictureLayout("starter-bold");
    const old = structuredClone(composition);
    old.scenes[0] = { ...old.scenes[0], layout_id: here.layout, values: { [here.slot]: foreign(a.imageKey) } };
    await (await db())
      .collection(compositionRevisions)
      .doc(revisionId(id, 9))
      .create({
        content_id: id,
        owner_id: bob.uid,
        revision: 9,
        body: { ...old, revision: 9 },
        saved_at: new Date().toISOString(),
      });
    const before = await bobsState();
    await expectRefused(
      await r.videoRestore.POST(req(`/api/v1/videos/${id}/revisions/9/restore`, { method: "POST", token: bob.token }), {
        params: Promise.resolve({ id, revision: "9" }),
      }),
      422,
      `scenes.0.values.${here.slot}`,
    );
    expect(await bobsState()).toBe(before);
  });

  it("duplicating a video with a planted foreign key is refused (422): no copy is made", async () => {
    const { id } = await newVideo(bob);
    await plantComposition(id, (b) => (b.scenes[0].values.planted = foreign(a.assetKey)));
    const before = await bobsState();
    await expectRefused(
      await r.videoDuplicate.POST(
        req(`/api/v1/videos/${id}/duplicate`, { method: "POST", token: bob.token }),
        withId(id),
      ),
      422,
      "scenes.0.values.planted",
    );
    expect(await bobsState()).toBe(before);
  });

  it("a scene picture names only my own images and assets (404 for Alice's), and nothing changes", async () => {
    const { id, composition } = await newVideo(bob);
    const here = await pictureLayout("starter-bold");
    const scenes = stripVoice(composition.scenes);
    scenes[0] = { ...scenes[0], layout_id: here.layout, values: {} };
    expect(
      (
        await r.video.PATCH(
          req(`/api/v1/videos/${id}`, { method: "PATCH", token: bob.token, json: { revision: 0, scenes } }),
          withId(id),
        )
      ).status,
    ).toBe(200);
    const before = await bobsState();
    for (const [source, pid] of [
      ["asset", a.assetId],
      ["content", a.imageId],
    ] as const) {
      const sceneId = composition.scenes[0].id;
      await expectRefused(
        await r.videoSceneImage.POST(
          req(`/api/v1/videos/${id}/scenes/${sceneId}/image`, {
            method: "POST",
            token: bob.token,
            json: { source, id: pid, revision: 1 },
          }),
          sceneParams(id, sceneId),
        ),
        404,
      );
    }
    expect(await bobsState()).toBe(before);
  });

  it("a video made with pictures (links, bulk rows, pipelines) refuses foreign ones: 422 before anything is written", async () => {
    const before = await bobsState();
    const { createVideo } = await import("@/lib/creation/video/service/create-video");
    const { videoRuntime } = await import("@/lib/creation/video/runtime");
    const err = await createVideo(
      videoRuntime(),
      bob.uid,
      {
        brief: "Coffee from Lisbon.",
        aspect_ratio: "9:16",
        length_s: 15,
        template_id: "starter-bold",
        voice_id: null,
        captions: false,
        music: false,
        model_id: "local/preview",
      },
      { pictures: [foreign(a.assetKey) as never] },
    ).catch((e) => e);
    expect([err.status, err.issues?.[0]?.path]).toEqual([422, "pictures.0"]);
    await expectRefused(
      await r.linksVideo.POST(
        req("/api/v1/links/video", {
          method: "POST",
          token: bob.token,
          json: {
            facts: { name: "Mug", image_asset_ids: [a.assetId] },
            video: {
              aspect_ratio: "9:16",
              length_s: 15,
              template_id: null,
              voice_id: null,
              captions: false,
              music: false,
              model_id: "local/preview",
            },
          },
        }),
        noParams,
      ),
      422,
      "facts.image_asset_ids.0",
    );
    expect(await bobsState()).toBe(before);
  });

  it("a product's pictures are my own assets only (422)", async () => {
    const before = await bobsState();
    await expectRefused(
      await r.products.POST(
        req("/api/v1/products", {
          method: "POST",
          token: bob.token,
          json: { name: "Mug", image_asset_ids: [a.assetId] },
        }),
        noParams,
      ),
      422,
      "image_asset_ids.0",
    );
    expect(await bobsState()).toBe(before);
  });

  it("the brand kit names my own assets only (422); applying it never brings in a foreign file", async () => {
    const before = await bobsState();
    await expectRefused(
      await r.brandKit.PUT(
        req("/api/v1/brand-kit", {
          method: "PUT",
          token: bob.token,
          json: {
            logo_asset_id: a.assetId,
            colors: {
              primary: "#111111",
              secondary: "#222222",
              accent: "#ff0000",
              text: "#ffffff",
              background: "#000000",
            },
            fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
          },
        }),
        noParams,
      ),
      422,
      "logo_asset_id",
    );
    expect(await bobsState()).toBe(before);
    // A kit planted in the store naming Alice's asset: the snapshot resolves only Bob's own assets.
    const { brandKits } = await cols();
    const at = new Date().toISOString();
    await (await db())
      .collection(brandKits)
      .doc(bob.uid)
      .set({
        owner_id: bob.uid,
        logo_asset_id: a.assetId,
        colors: { primary: "#111111", secondary: "#222222", accent: "#ff0000", text: "#ffffff", background: "#000000" },
        fonts: { heading: { kind: "asset", asset_id: a.assetId }, body: { kind: "bundled", id: "inter" } },
        created_at: at,
        updated_at: at,
      } as never);
    const { id } = await newVideo(bob);
    const applied = await json(
      await r.videoBrand.PUT(
        req(`/api/v1/videos/${id}/brand`, { method: "PUT", token: bob.token, json: { apply: true, revision: 0 } }),
        withId(id),
      ),
    );
    expect([applied.status, leaksAlice(applied.body)]).toEqual([200, false]);
    await (await db()).collection(brandKits).doc(bob.uid).delete();
  });

  it("signing drops a foreign key planted in the store (scene picture, narration, brand logo and font): the Player gets no URL for it, and it is logged", async () => {
    const { id, composition } = await newVideo(bob);
    const here = await pictureLayout("starter-bold");
    await plantComposition(id, (b) => {
      b.scenes[0] = {
        ...b.scenes[0],
        layout_id: here.layout,
        values: { ...b.scenes[0].values, [here.slot]: foreign(a.assetKey) },
      };
      b.scenes[1].voice = { key: a.imageKey, duration_ms: 1000, cues: [], voice_id: "espeak:en-us-f", text_hash: "x" };
      b.brand = {
        apply: true,
        logo_key: a.imageKey,
        logo_asset_id: a.assetId,
        fonts: { heading: { kind: "asset", asset_id: a.assetId, key: a.assetKey, family: "Stolen" } },
      };
      b.scenes[1] = {
        ...b.scenes[1],
        layout_id: here.layout,
        values: { ...b.scenes[1].values, [here.slot]: foreign(bobsOwnKey) },
      };
    });
    expect(composition.scenes.length).toBeGreaterThan(1);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const player = await json(
        await r.videoPlayer.GET(req(`/api/v1/videos/${id}/player`, { token: bob.token }), withId(id)),
      );
      expect(player.status).toBe(200);
      expect(leaksAlice(player.body.data.props)).toBe(false);
      // His own picture is still signed: only the foreign keys went.
      expect(JSON.stringify(player.body.data.props)).toContain(bobsOwnKey);
      const logged = warn.mock.calls.map((c) => String(c[0])).join("\n");
      for (const p of [
        `scenes.0.values.${here.slot}`,
        "scenes.1.voice.key",
        "brand.logo_key",
        "brand.fonts.heading.key",
      ])
        expect(logged).toContain(p);
    } finally {
      warn.mockRestore();
    }
  });

  it("a public video's files are served only from the owner's own folder", async () => {
    const { id } = await newVideo(bob);
    const { content } = await cols();
    const ref = (await db()).collection(content).doc(id);
    const doc = (await ref.get())!.data;
    const own = `videos/${bob.uid}/${id}/poster.png`;
    await (await store()).put(own, await png(48, 32, "#dc2626"));
    const files = {
      video_key: a.assetKey,
      poster_key: own,
      captions_key: null,
      revision: 0,
      duration_ms: 1000,
      width: 48,
      height: 32,
      size_bytes: 10,
      rendered_at: new Date().toISOString(),
    };
    await ref.update({ visibility: "public", status: "ready", settings: { ...doc.settings, files } });
    const variant = (v: string) => ({ params: Promise.resolve({ id, variant: v }) });
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await r.publicVideo.GET(req(`/api/v1/public/videos/${id}/video`), variant("video"))).status).toBe(404);
    } finally {
      warn.mockRestore();
    }
    expect((await r.publicVideo.GET(req(`/api/v1/public/videos/${id}/poster`), variant("poster"))).status).toBe(307);
  });
});

describe("designs", () => {
  it("an edit with or without a template switch cannot name a foreign picture (422, nothing stored)", async () => {
    const { id, composition } = await newDesign(bob);
    const to = await pictureLayout("starter-elegant");
    const here = await pictureLayout("starter-bold");
    const before = await bobsState();
    const switched = [
      { ...stripVoice(composition.scenes)[0], layout_id: to.layout, values: { [to.slot]: foreign(a.assetKey) } },
    ];
    await expectRefused(
      await r.design.PATCH(
        req(`/api/v1/designs/${id}`, {
          method: "PATCH",
          token: bob.token,
          json: { revision: 0, template_id: "starter-elegant", scenes: switched },
        }),
        withId(id),
      ),
      422,
      `scenes.0.values.${to.slot}`,
    );
    const same = [
      { ...stripVoice(composition.scenes)[0], layout_id: here.layout, values: { [here.slot]: foreign(a.imageKey) } },
    ];
    await expectRefused(
      await r.design.PATCH(
        req(`/api/v1/designs/${id}`, { method: "PATCH", token: bob.token, json: { revision: 0, scenes: same } }),
        withId(id),
      ),
      422,
      `scenes.0.values.${here.slot}`,
    );
    expect(await bobsState()).toBe(before);
    const sceneId = composition.scenes[0].id;
    await expectRefused(
      await r.designSceneImage.POST(
        req(`/api/v1/designs/${id}/scenes/${sceneId}/image`, {
          method: "POST",
          token: bob.token,
          json: { source: "asset", id: a.assetId, revision: 0 },
        }),
        sceneParams(id, sceneId),
      ),
      404,
    );
    expect(await bobsState()).toBe(before);
  });

  it("duplicate, resize and 'design from a video scene' refuse a planted foreign key (422): no copy is made", async () => {
    const { id } = await newDesign(bob);
    await plantComposition(id, (b) => (b.scenes[0].values.planted = foreign(a.assetKey)));
    const video = await newVideo(bob);
    await plantComposition(video.id, (b) => (b.scenes[0].values.planted = foreign(a.imageKey)));
    const before = await bobsState();
    await expectRefused(
      await r.designDuplicate.POST(
        req(`/api/v1/designs/${id}/duplicate`, { method: "POST", token: bob.token }),
        withId(id),
      ),
      422,
      "scenes.0.values.planted",
    );
    await expectRefused(
      await r.designResize.POST(
        req(`/api/v1/designs/${id}/resize`, {
          method: "POST",
          token: bob.token,
          json: { aspect_ratios: ["9:16", "16:9"] },
        }),
        withId(id),
      ),
      422,
      "scenes.0.values.planted",
    );
    await expectRefused(
      await r.designs.POST(
        req("/api/v1/designs", {
          method: "POST",
          token: bob.token,
          json: { from_video: { content_id: video.id, scene_id: video.composition.scenes[0].id } },
        }),
        noParams,
      ),
      422,
      "scenes.0.values.planted",
    );
    expect(await bobsState()).toBe(before);
  });

  it("the design player drops a planted foreign key and logs it", async () => {
    const { id } = await newDesign(bob);
    const here = await pictureLayout("starter-bold");
    await plantComposition(id, (b) => {
      b.scenes[0] = {
        ...b.scenes[0],
        layout_id: here.layout,
        values: { ...b.scenes[0].values, [here.slot]: foreign(a.assetKey) },
      };
      b.scenes[1] = { ...b.scenes[0], id: "own", values: { [here.slot]: foreign(bobsOwnKey) } };
    });
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const player = await json(
        await r.designPlayer.GET(req(`/api/v1/designs/${id}/player`, { token: bob.token }), withId(id)),
      );
      expect([
        player.status,
        leaksAlice(player.body.data.props),
        JSON.stringify(player.body.data.props).includes(bobsOwnKey),
      ]).toEqual([200, false, true]);
      expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toContain(`scenes.0.values.${here.slot}`);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("pages and public content", () => {
  it("a page's blocks name my own media only (422 on create and edit, nothing stored)", async () => {
    const before = await bobsState();
    await expectRefused(
      await r.pages.POST(
        req("/api/v1/pages", {
          method: "POST",
          token: bob.token,
          json: { title: "Mine", blocks: [{ id: "b1", type: "image", media: { asset_id: a.assetId } }] },
        }),
        noParams,
      ),
      422,
      "blocks.0.media",
    );
    expect(await bobsState()).toBe(before);
    const created = await json(
      await r.pages.POST(
        req("/api/v1/pages", { method: "POST", token: bob.token, json: { title: "Mine", blocks: [] } }),
        noParams,
      ),
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const after = await bobsState();
    await expectRefused(
      await r.page.PATCH(
        req(`/api/v1/pages/${id}`, {
          method: "PATCH",
          token: bob.token,
          json: { revision: 0, blocks: [{ id: "g", type: "gallery", items: [{ content_id: a.imageId }] }] },
        }),
        withId(id),
      ),
      422,
      "blocks.0.items.0",
    );
    expect(await bobsState()).toBe(after);
  });

  it("public media routes never sign a foreign key planted in a public item (page block, shared image)", async () => {
    const { content } = await cols();
    const d = await db();
    const at = new Date().toISOString();
    // Bob's public image whose file key was replaced by Alice's, and a published page showing it.
    const img = d.collection(content).doc();
    await img.create({
      owner_id: bob.uid,
      kind: "image",
      title: "t",
      status: "ready",
      visibility: "public",
      settings: {},
      blobs: { original: a.imageKey, thumbnail: null, poster: null },
      error: null,
      created_at: at,
      updated_at: at,
    });
    const page = d.collection(content).doc();
    await page.create({
      owner_id: bob.uid,
      kind: "page",
      title: "p",
      status: "ready",
      visibility: "public",
      settings: {
        page: {
          blocks: [{ id: "b1", type: "image", media: { content_id: img.id }, alt: "" }],
          revision: 0,
          description: "",
          cover: null,
          published_at: at,
        },
      },
      blobs: { original: null, thumbnail: null, poster: null },
      error: null,
      created_at: at,
      updated_at: at,
    });
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const media = await r.publicPageMedia.GET(req(`/api/v1/public/pages/${page.id}/media/b1`), {
        params: Promise.resolve({ pageId: page.id, blockId: "b1" }),
      });
      expect(media.status).toBe(404);
      const shared = await r.publicContent.GET(req(`/api/v1/public/content/${img.id}/original`), {
        params: Promise.resolve({ id: img.id, variant: "original" }),
      });
      expect(shared.status).toBe(404);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("images", () => {
  it("another user's public image shows no owner uid and no source ids; the owner sees them", async () => {
    const seen = await json(
      await r.image.GET(req(`/api/v1/images/${a.publicId}`, { token: bob.token }), withId(a.publicId)),
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ id: a.publicId, is_mine: false, settings: { source_image_id: null } });
    expect(seen.body.data).not.toHaveProperty("owner_id");
    // The signed file URLs carry the blob key (which names its folder's uid): everything else names neither her nor her private original.
    const { urls: _urls, ...fields } = seen.body.data;
    expect([leaksAlice(fields), JSON.stringify(seen.body).includes(a.imageId)]).toEqual([false, false]);
    const mine = await json(
      await r.image.GET(req(`/api/v1/images/${a.publicId}`, { token: alice.token }), withId(a.publicId)),
    );
    expect(mine.body.data).toMatchObject({ is_mine: true, settings: { source_image_id: a.imageId } });
    const trending = await json(await r.trending.GET(req("/api/v1/images/trending", { token: bob.token }), noParams));
    expect(trending.body.data.items.map((i: { id: string }) => i.id)).toContain(a.publicId);
    const listed = trending.body.data.items.map(({ urls: _u, ...rest }: { urls: unknown }) => rest);
    expect([leaksAlice(listed), JSON.stringify(trending.body).includes(a.imageId)]).toEqual([false, false]);
  });

  it("remix_of_id must be an image I may see: another user's private one is a 404 and nothing is made or charged", async () => {
    const { content, users } = await cols();
    const d = await db();
    const count = async () => [
      await d.collection(content).where("owner_id", "==", bob.uid).count(),
      (await d.collection(users).doc(bob.uid).get())!.data.credits,
    ];
    const before = await count();
    for (const id of [a.imageId, "no-such-image"]) {
      await expectRefused(
        await r.generations.POST(
          req("/api/v1/images/generations", {
            method: "POST",
            token: bob.token,
            json: { prompt: "a lighthouse", model_id: "local/preview", remix_of_id: id },
          }),
          noParams,
        ),
        404,
        "remixOfId",
      );
    }
    expect(await count()).toEqual(before);
    const ok = await json(
      await r.generations.POST(
        req("/api/v1/images/generations", {
          method: "POST",
          token: bob.token,
          json: { prompt: "a lighthouse", model_id: "local/preview", remix_of_id: a.publicId },
        }),
        noParams,
      ),
    );
    expect(ok.status).toBe(202);
  });
});
