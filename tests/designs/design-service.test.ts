/**
 * The design domain on the embedded store: designs made from a template
 * (sample content), a product (its name, price, points and picture fill the
 * slots) and a video's scene; edits with revisions (a stale one is a 409);
 * Resize makes one linked design per ratio; an export renders real stills
 * with Remotion at a small size (1 credit), and a failing one refunds.
 */
import sharp from "sharp";
import { expectApiError } from "@/tests/support/expect-api-error";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { sizeForWidth } from "@/lib/engine/composition/ratios";
import { assets, content, jobs } from "@/lib/platform/db/collections";
import { downloadDesign, requestExport } from "@/lib/creation/designs/export";
import { createDesign } from "@/lib/creation/designs/service/create-design";
import { deleteDesign } from "@/lib/creation/designs/service/delete-design";
import { duplicateDesign } from "@/lib/creation/designs/service/duplicate-design";
import { editDesign } from "@/lib/creation/designs/service/edit-design";
import { getDesign } from "@/lib/creation/designs/service/get-design";
import { resizeDesign } from "@/lib/creation/designs/service/resize-design";
import { shareDesign } from "@/lib/creation/designs/service/share-design";
import type { DesignDeps } from "@/lib/creation/designs/service/shared";
import { signedPublicMedia } from "@/lib/creation/public-views/media";
import { createDesignWorker } from "@/lib/creation/designs/worker";
import { listRecentDrafts } from "@/lib/creation/designs/drafts";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { products } from "@/lib/creation/products/collections";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { RenderError } from "@/lib/engine/render/errors";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import type { RenderDriver } from "@/lib/engine/render/types";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { deleteVideo } from "@/lib/creation/video/service/delete-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";

jest.setTimeout(120_000);

let env: TestEnv;
let deps: DesignDeps;
let renderer: LocalRenderer;
const UID = "design-user";
const OTHER = "design-other";

async function addProduct(uid: string, withPicture = true): Promise<string> {
  const at = new Date().toISOString();
  const assetIds: string[] = [];
  if (withPicture) {
    const ref = env.db.collection(assets).doc();
    const key = `assets/${uid}/${ref.id}/original.png`;
    await env.store.put(
      key,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c0392b" } })
        .png()
        .toBuffer(),
      { allowedTypes: ["image/png"] },
    );
    await ref.create({
      owner_id: uid,
      filename: "bottle.png",
      content_type: "image/png",
      size: 100,
      storage_key: key,
      created_at: at,
    });
    assetIds.push(ref.id);
  }
  const ref = env.db.collection(products).doc();
  await ref.create({
    owner_id: uid,
    name: "Trail Bottle",
    name_lower: "trail bottle",
    description: "A steel bottle that keeps water cold for a day.",
    price_amount: 49.99,
    currency: "USD",
    brand: "Northside",
    points: ["Cold for 24 hours", "Fits every cup holder"],
    image_asset_ids: assetIds,
    link: "https://www.example.com/bottle",
    source: "manual",
    rating: null,
    created_at: at,
    updated_at: at,
  });
  return ref.id;
}

beforeAll(async () => {
  await ensureBundle();
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  renderer = new LocalRenderer();
  await addUser(env.db, UID, 10);
  await addUser(env.db, OTHER, 10);
}, 240_000);

afterAll(async () => {
  await renderer?.close();
  await env?.close();
});

describe("creating", () => {
  it("from a template and layout: sample content on one page at the ratio asked", async () => {
    const d = await createDesign(deps, UID, {
      template_id: "starter-bold",
      layout_id: "starter-statement",
      aspect_ratio: "4:5",
    });
    expect(d).toMatchObject({
      kind: "design",
      status: "draft",
      aspect_ratio: "4:5",
      revision: 0,
      files: null,
      export: null,
      product_id: null,
    });
    expect(d.composition.kind).toBe("design");
    expect(d.composition.scenes).toHaveLength(1);
    expect(d.composition.scenes[0]!.layout_id).toBe("starter-statement");
    expect(Object.values(d.composition.scenes[0]!.values).some((v) => v.type === "text" && v.text.length > 0)).toBe(
      true,
    );
    expect(d.resize).toMatchObject({ set_id: d.id, resized_from: null, siblings: [{ id: d.id, aspect_ratio: "4:5" }] });
    expect(await env.store.head("samples/starter/photo.jpg")).not.toBeNull();
  });

  it("from a product: its name, price, points and first picture fill the product layout", async () => {
    const productId = await addProduct(UID);
    const d = await createDesign(deps, UID, { product_id: productId, template_id: "starter-bold" });
    expect(d.product_id).toBe(productId);
    const scene = d.composition.scenes[0]!;
    expect(scene.layout_id).toBe("starter-product");
    const texts = Object.values(scene.values).flatMap((v) => (v.type === "text" ? [v.text] : []));
    expect(texts).toContain("Trail Bottle");
    expect(texts).toContain("$49.99");
    const media = Object.values(scene.values).find((v) => v.type === "media");
    expect(media).toMatchObject({
      type: "media",
      source: "asset",
      key: expect.stringMatching(new RegExp(`^assets/${UID}/`)),
    });
    const snap = await env.db.collection(content).doc(d.id).get();
    expect((snap!.data.settings as { product_id: string }).product_id).toBe(productId);
  });

  it("from a video scene: that scene's values, the video's template and ratio; its picture outlives the video", async () => {
    const planned = await createVideo(deps, UID, {
      brief: "Trail Bottle keeps water cold for a whole day on the trail.",
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: "starter-elegant",
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    });
    // A scene picture as a render leaves it, under the video's own prefix.
    const target = planned.composition.scenes.findIndex((s) => Object.values(s.values).some((v) => v.type === "none"));
    const pictureKey = `videos/${UID}/${planned.id}/scenes/pic.png`;
    await env.store.put(
      pictureKey,
      await sharp({ create: { width: 32, height: 32, channels: 3, background: "#336699" } })
        .png()
        .toBuffer(),
      { allowedTypes: ["image/png"] },
    );
    const withPicture = planned.composition.scenes.map(({ voice: _v, ...s }, i) => {
      if (i !== target) return s;
      const slot = Object.keys(s.values).find((k) => s.values[k]!.type === "none")!;
      return {
        ...s,
        values: {
          ...s.values,
          [slot]: { type: "media" as const, key: pictureKey, media_type: "image/png", source: "generated" as const },
        },
      };
    });
    const video = await editVideo(deps, UID, planned.id, { revision: 0, scenes: withPicture });
    const scene = video.composition.scenes[target]!;
    const d = await createDesign(deps, UID, { from_video: { content_id: video.id, scene_id: scene.id } });
    expect(d.aspect_ratio).toBe("9:16");
    expect(d.composition.template).toEqual(video.composition.template);
    expect(d.composition.scenes[0]!.layout_id).toBe(scene.layout_id);
    const texts = (v: Record<string, { type: string }>) => Object.entries(v).filter(([, x]) => x.type === "text");
    expect(texts(d.composition.scenes[0]!.values)).toEqual(texts(scene.values));
    const picture = Object.values(d.composition.scenes[0]!.values).find((v) => v.type === "media") as { key: string };
    expect(picture.key).toBe(`designs/${UID}/${d.id}/media/pic.png`);
    expect(d.from_video).toEqual({ content_id: video.id, scene_id: scene.id });
    await deleteVideo(deps, UID, video.id);
    expect(await env.store.head(pictureKey)).toBeNull();
    expect(await env.store.head(picture.key)).not.toBeNull();
    await expectApiError(createDesign(deps, UID, { from_video: { content_id: planned.id, scene_id: "nope" } }), 422);
    const other = await createVideo(deps, UID, {
      brief: "Another short video about bottles.",
      aspect_ratio: "1:1",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    });
    await expectApiError(createDesign(deps, UID, { from_video: { content_id: other.id, scene_id: "nope" } }), 422);
    await expectApiError(
      createDesign(deps, OTHER, { from_video: { content_id: other.id, scene_id: other.composition.scenes[0]!.id } }),
      422,
    );
  });

  it("refuses unknown templates, layouts, products and someone else's product with a 422, writing nothing", async () => {
    const before = (await env.db.collection(content).where("owner_id", "==", UID).get()).length;
    await expectApiError(createDesign(deps, UID, { template_id: "no-such-template" }), 422);
    await expectApiError(createDesign(deps, UID, { template_id: "starter-bold", layout_id: "starter-quote" }), 422);
    await expectApiError(createDesign(deps, UID, { product_id: "missing" }), 422);
    await expectApiError(createDesign(deps, OTHER, { product_id: await addProduct(UID, false) }), 422);
    await expectApiError(createDesign(deps, UID, { aspect_ratio: "2:1" }), 422);
    expect((await env.db.collection(content).where("owner_id", "==", UID).get()).length).toBe(before);
  });
});

describe("editing and resizing", () => {
  it("saves revisions, refuses a stale one (409), someone else's (404) and foreign pictures (422)", async () => {
    const d = await createDesign(deps, UID, { template_id: "starter-bold", layout_id: "starter-statement" });
    const page = d.composition.scenes[0]!;
    const slot = Object.keys(page.values).find((k) => page.values[k]!.type === "text")!;
    const edited = await editDesign(deps, UID, d.id, {
      revision: 0,
      title: "Summer sale",
      scenes: [{ ...page, values: { ...page.values, [slot]: { type: "text", text: "Half off" } } }],
    });
    expect(edited).toMatchObject({ revision: 1, title: "Summer sale" });
    expect(edited.composition.scenes[0]!.values[slot]).toEqual({ type: "text", text: "Half off" });
    const stale = await expectApiError(editDesign(deps, UID, d.id, { revision: 0, title: "Stale" }), 409);
    expect(stale.message).toMatch(/changed since you opened it/);
    await expectApiError(editDesign(deps, OTHER, d.id, { revision: 1, title: "Mine" }), 404);
    await expectApiError(
      editDesign(deps, UID, d.id, {
        revision: 1,
        scenes: [
          {
            ...page,
            values: {
              ...page.values,
              image: { type: "media", key: `assets/${OTHER}/x/original.png`, media_type: "image/png", source: "asset" },
            },
          },
        ],
      }),
      422,
    );
    expect((await getDesign(deps, UID, d.id)).revision).toBe(1);
  });

  it("resize makes one linked design per ratio with the same pages; its own ratio is a 422", async () => {
    const d = await createDesign(deps, UID, {
      template_id: "starter-bold",
      layout_id: "starter-statement",
      aspect_ratio: "1:1",
    });
    await expectApiError(resizeDesign(deps, UID, d.id, { aspect_ratios: ["9:16", "1:1"] }), 422);
    await expectApiError(resizeDesign(deps, UID, d.id, { aspect_ratios: [] }), 422);
    const made = await resizeDesign(deps, UID, d.id, { aspect_ratios: ["9:16", "16:9", "4:5"] });
    expect(made.map((m) => m.aspect_ratio)).toEqual(["9:16", "16:9", "4:5"]);
    // Each new design is named by its size, so the copies can be told apart.
    expect(made.map((m) => m.title)).toEqual(
      ["Story 9:16", "Widescreen 16:9", "Portrait 4:5"].map((size) => `${d.title} · ${size}`),
    );
    for (const m of made) {
      expect(m.resize).toMatchObject({ set_id: d.id, resized_from: d.id });
      expect(m.composition.scenes.map((s) => [s.layout_id, s.values])).toEqual(
        d.composition.scenes.map((s) => [s.layout_id, s.values]),
      );
    }
    const again = await getDesign(deps, UID, d.id);
    expect(again.resize.siblings.map((s) => s.aspect_ratio).sort()).toEqual(["16:9", "1:1", "4:5", "9:16"]);
    // A resize of a resize stays in the same set.
    const more = await resizeDesign(deps, UID, made[0]!.id, { aspect_ratios: ["1:1"] });
    expect(more[0]!.resize.set_id).toBe(d.id);
    expect(more[0]!.title).toBe(`${d.title} · Square 1:1`);
    const copy = await duplicateDesign(deps, UID, d.id);
    expect(copy.resize.set_id).toBe(copy.id);
    const drafts = await listRecentDrafts(deps, UID, 50);
    expect(drafts.map((x) => x.id)).toEqual(expect.arrayContaining([d.id, made[0]!.id, copy.id]));
    expect(drafts.find((x) => x.id === d.id)).toMatchObject({ kind: "design", edit_path: `/content/${d.id}/edit` });
    await deleteDesign(deps, UID, copy.id);
    await expectApiError(getDesign(deps, UID, copy.id), 404);
  });
});

describe("exporting", () => {
  it("renders every page as PNG (1 credit) with progress, a thumbnail, and a download", async () => {
    const d = await createDesign(deps, UID, {
      template_id: "starter-bold",
      layout_id: "starter-statement",
      aspect_ratio: "9:16",
    });
    const page = d.composition.scenes[0]!;
    const two = await editDesign(deps, UID, d.id, { revision: 0, scenes: [page, { ...page, id: "second" }] });
    const before = await balanceOf(env.db, UID);
    await expectApiError(requestExport(deps, UID, d.id, { format: "gif" }), 422);
    const queued = await requestExport(deps, UID, two.id, { format: "png" });
    expect(queued).toMatchObject({
      status: "exporting",
      export: { state: "queued", format: "png", credits: 1, pages: { rendered: 0, total: 2 } },
    });
    expect(await balanceOf(env.db, UID)).toBe(before - 1);
    await expectApiError(requestExport(deps, UID, d.id, { format: "png" }), 409);
    await expectApiError(editDesign(deps, UID, d.id, { revision: 1, title: "While exporting" }), 409);

    const worker = createDesignWorker({
      db: env.db,
      store: env.store,
      renderer: () => renderer,
      renderWidth: 72,
      log: () => undefined,
    });
    expect(await worker.processNext()).toMatchObject({ outcome: "succeeded" });
    const done = await getDesign(deps, UID, d.id);
    expect(done).toMatchObject({
      status: "ready",
      export: { state: "succeeded", progress: 1, pages: { rendered: 2, total: 2 } },
      files: { format: "png", revision: 1 },
    });
    expect(done.files!.pages).toHaveLength(2);
    expect(done.thumbnail_url).toBeTruthy();
    const size = sizeForWidth("9:16", 72);
    const one = await downloadDesign(deps, UID, d.id, { format: "png", page: 1 });
    expect(one.contentType).toBe("image/png");
    expect(await sharp(one.body).metadata()).toMatchObject({ format: "png", width: size.width, height: size.height });
    const zip = await downloadDesign(deps, UID, d.id, {});
    expect(zip.contentType).toBe("application/zip");
    expect(zip.body.subarray(0, 2).toString()).toBe("PK");
    await expectApiError(downloadDesign(deps, UID, d.id, { format: "jpeg" }), 409);
    await expectApiError(downloadDesign(deps, OTHER, d.id, {}), 404);
    const snap = await env.db.collection(content).doc(d.id).get();
    expect(snap!.data.blobs.thumbnail).toMatch(/thumb\.jpg$/);
    // Shared, the exported picture is public at /content/{id}; unshared, it is gone again.
    const publicOriginal = () => signedPublicMedia({ db: env.db, store: env.store, id: d.id, variant: "original" });
    expect(await publicOriginal()).toBeNull();
    expect((await shareDesign(deps, UID, d.id, true)).visibility).toBe("public");
    expect(await publicOriginal()).toBeTruthy();
    await shareDesign(deps, UID, d.id, false);
    expect(await publicOriginal()).toBeNull();
  });

  it("a failed export refunds the credit and says why; nothing was downloadable", async () => {
    const d = await createDesign(deps, UID, { template_id: "starter-elegant", aspect_ratio: "1:1" });
    const before = await balanceOf(env.db, UID);
    await requestExport(deps, UID, d.id, { format: "jpeg", quality: 70 });
    expect(await balanceOf(env.db, UID)).toBe(before - 1);
    const broken: RenderDriver = {
      kind: "local",
      renderVideo: () => Promise.reject(new Error("unused")),
      renderPoster: () => Promise.reject(new Error("unused")),
      renderStill: () => Promise.reject(new RenderError("invalid-props", "bad props", { retryable: false })),
      close: async () => undefined,
    };
    const worker = createDesignWorker({
      db: env.db,
      store: env.store,
      renderer: () => broken,
      renderWidth: 72,
      log: () => undefined,
    });
    expect(await worker.processNext()).toMatchObject({ outcome: "failed" });
    const after = await getDesign(deps, UID, d.id);
    expect(after).toMatchObject({ status: "failed", files: null, export: { state: "failed", refunded: true } });
    expect(after.export!.error).toBeTruthy();
    expect(await balanceOf(env.db, UID)).toBe(before);
    const job = await env.db.collection(jobs).doc(after.export!.job_id).get();
    expect(job!.data.state).toBe("failed");
    await expectApiError(downloadDesign(deps, UID, d.id, {}), 409);
  });
});
