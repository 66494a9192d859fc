/** Where an asset is used (videos and designs, products, the brand kit) and deleting a used one (asset-usage.ts). */
import sharp from "sharp";
import { assets } from "@/lib/platform/db/collections";
import { assetDetails } from "@/lib/platform/db/collections-library";
import { brandKits } from "@/lib/creation/brand/collections";
import { DEFAULT_BRAND_KIT } from "@/lib/creation/brand/contract";
import { compositions } from "@/lib/engine/composition/collections";
import { COMPOSITION_SCHEMA_VERSION } from "@/lib/engine/composition/composition-schema";
import { uploadAsset } from "@/lib/media/assets/assets";
import { woff2Font } from "@/lib/media/assets/testing";
import { openLibraryEnv, type LibraryEnv } from "@/tests/support/library-env";
import { products } from "@/lib/creation/products/collections";
import { assetUsage, deleteAsset } from "./asset-usage";

let env: LibraryEnv;
beforeEach(() => {
  env = openLibraryEnv();
});
afterEach(() => env.close());

const png = (color = "#2255aa", w = 40) =>
  sharp({ create: { width: w, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
const put = (name: string, bytes: Uint8Array, extra: { uid?: string; kind?: "logo"; at?: number } = {}) =>
  uploadAsset({
    db: env.db,
    store: env.store,
    uid: extra.uid ?? "u1",
    name,
    bytes,
    kind: extra.kind,
    now: extra.at === undefined ? undefined : new Date(Date.UTC(2026, 0, 1, 0, extra.at)),
  });

async function seedComposition(id: string, assetId: string, key: string) {
  const at = new Date().toISOString();
  await env.db
    .collection(compositions)
    .doc(id)
    .set({
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: "u1",
      kind: "video",
      title: "Spring sale",
      aspect_ratio: "1:1",
      template: { id: "starter-corporate", version: 1 },
      scenes: [
        {
          id: "s1",
          layout_id: "starter-split",
          values: { headline: { type: "text", text: "Hi" } },
          narration: "",
          duration_ms: null,
        },
        {
          id: "s2",
          layout_id: "starter-split",
          values: { image: { type: "media", key, media_type: "image/png", source: "asset", asset_id: assetId } },
          narration: "",
          duration_ms: null,
        },
      ],
      audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
      brand: null,
      revision: 0,
      created_at: at,
      updated_at: at,
    });
}

it("finds where an asset is used; deleting a used one needs force, then leaves the library but keeps the file videos draw", async () => {
  const img = await put("photo.png", await png());
  const font = await put("Inter.woff2", woff2Font());
  const key = (await env.db.collection(assets).doc(img.id).get())!.data.storage_key;
  await seedComposition("vid1", img.id, key);
  const at = new Date().toISOString();
  await env.db
    .collection(products)
    .doc("p1")
    .set({
      owner_id: "u1",
      name: "Mug",
      name_lower: "mug",
      price_amount: null,
      currency: null,
      link: null,
      source: "manual",
      image_asset_ids: [img.id, "other"],
      created_at: at,
      updated_at: at,
    });
  await env.db
    .collection(brandKits)
    .doc("u1")
    .set({
      ...DEFAULT_BRAND_KIT,
      logo_asset_id: img.id,
      fonts: { heading: { kind: "asset", asset_id: font.id }, body: { kind: "bundled", id: "lora" } },
      owner_id: "u1",
      created_at: at,
      updated_at: at,
    });

  const usage = await assetUsage({ db: env.db, store: env.store, uid: "u1", id: img.id });
  expect(usage).toEqual({
    videos: [{ id: "vid1", title: "Spring sale", kind: "video", href: "/videos/vid1", scenes: [2] }],
    products: [{ id: "p1", name: "Mug", href: "/product?id=p1" }],
    brand_kit: { fields: ["logo"] },
    total: 3,
  });
  expect((await assetUsage({ db: env.db, store: env.store, uid: "u1", id: font.id })).brand_kit).toEqual({
    fields: ["headline font"],
  });

  await expect(deleteAsset({ db: env.db, store: env.store, uid: "u1", id: img.id })).rejects.toMatchObject({
    code: "conflict",
    message: expect.stringMatching(/used by 1 video, 1 product, your brand kit/),
  });
  expect(await env.db.collection(assets).doc(img.id).get()).not.toBeNull();

  const done = await deleteAsset({ db: env.db, store: env.store, uid: "u1", id: img.id, force: true });
  expect(done.kept_for.total).toBe(3);
  expect(await env.db.collection(assets).doc(img.id).get()).toBeNull();
  expect(await env.store.head(key)).not.toBeNull(); // the video still renders from it
  expect(await env.store.head(`assets/u1/${img.id}/thumb.webp`)).toBeNull();
  expect((await env.db.collection(products).doc("p1").get())!.data.image_asset_ids).toEqual(["other"]);
  expect((await env.db.collection(brandKits).doc("u1").get())!.data).toMatchObject({
    logo_asset_id: null,
    fonts: { heading: { kind: "asset", asset_id: font.id } },
  });

  await deleteAsset({ db: env.db, store: env.store, uid: "u1", id: font.id, force: true });
  expect((await env.db.collection(brandKits).doc("u1").get())!.data.fonts.heading).toEqual(
    DEFAULT_BRAND_KIT.fonts.heading,
  );
  expect(await env.store.list(`assets/u1/${font.id}/`)).toEqual([]); // no video used the font: its file goes too
});

test("deletes mine with its files; another user's asset is a 404 and stays", async () => {
  const mine = await uploadAsset({ db: env.db, store: env.store, uid: "u1", name: "m.png", bytes: await png() });
  await expect(deleteAsset({ db: env.db, store: env.store, uid: "u2", id: mine.id })).rejects.toMatchObject({
    code: "not_found",
  });
  await expect(deleteAsset({ db: env.db, store: env.store, uid: "u2", id: "../../etc" })).rejects.toMatchObject({
    code: "not_found",
  });
  expect(await env.store.list(`assets/u1/${mine.id}/`)).toHaveLength(2);
  await deleteAsset({ db: env.db, store: env.store, uid: "u1", id: mine.id });
  expect(await env.db.collection(assets).count()).toBe(0);
  expect(await env.db.collection(assetDetails).count()).toBe(0);
  await expect(deleteAsset({ db: env.db, store: env.store, uid: "u1", id: mine.id })).rejects.toMatchObject({
    code: "not_found",
  });
});
