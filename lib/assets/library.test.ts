/** The library beyond images: kinds, rename, replace, usage and deleting a used asset. */
import sharp from "sharp";
import { brandKits } from "@/lib/brand/collections";
import { DEFAULT_BRAND_KIT } from "@/lib/brand/contract";
import { compositions } from "@/lib/composition/collections";
import { COMPOSITION_SCHEMA_VERSION } from "@/lib/composition/composition-schema";
import { assets } from "@/lib/db/collections";
import { openLibraryEnv, type LibraryEnv } from "@/tests/support/library-env";
import { products } from "@/lib/products/collections";
import { getAsset, listAssets, patchAsset, replaceAssetContent, uploadAsset } from "./assets";
import { spoolBytes } from "./spool";
import { mp4File, wavFile, woff2Font } from "./testing";
import { assetUsage, deleteAsset } from "./usage";

let env: LibraryEnv;
beforeEach(() => {
  env = openLibraryEnv();
});
afterEach(() => env.close());

const png = (color = "#2255aa", w = 40) => sharp({ create: { width: w, height: 30, channels: 3, background: color } }).png().toBuffer();
const put = (name: string, bytes: Uint8Array, extra: { uid?: string; kind?: "logo"; at?: number } = {}) =>
  uploadAsset({ db: env.db, store: env.store, uid: extra.uid ?? "u1", name, bytes, kind: extra.kind, now: extra.at === undefined ? undefined : new Date(Date.UTC(2026, 0, 1, 0, extra.at)) });

async function seedComposition(id: string, assetId: string, key: string) {
  const at = new Date().toISOString();
  await env.db.collection(compositions).doc(id).set({
    schema_version: COMPOSITION_SCHEMA_VERSION, owner_id: "u1", kind: "video", title: "Spring sale", aspect_ratio: "1:1",
    template: { id: "starter-corporate", version: 1 },
    scenes: [
      { id: "s1", layout_id: "starter-split", values: { headline: { type: "text", text: "Hi" } }, narration: "", duration_ms: null },
      { id: "s2", layout_id: "starter-split", values: { image: { type: "media", key, media_type: "image/png", source: "asset", asset_id: assetId } }, narration: "", duration_ms: null },
    ],
    audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } }, brand: null, revision: 0, created_at: at, updated_at: at,
  });
}

it("keeps every kind with its facts and filters the list by kind, a page at a time", async () => {
  const img = await put("photo.png", await png(), { at: 1 });
  const logo = await put("mark.png", await png(), { kind: "logo", at: 2 });
  const font = await put("Inter.woff2", woff2Font(), { at: 3 });
  const audio = await put("beep.wav", wavFile(250), { at: 4 });
  const clip = await put("clip.mp4", await mp4File(), { at: 5 });
  expect(font).toMatchObject({ kind: "font", font_family: "Inter", content_type: "font/woff2", urls: { poster: null } });
  expect(audio).toMatchObject({ kind: "audio", duration_ms: 250 });
  expect(clip).toMatchObject({ kind: "video", width: 64, height: 48, duration_ms: 600, urls: { poster: expect.stringContaining("thumb.webp") } });
  const all = await listAssets({ db: env.db, store: env.store, uid: "u1" });
  expect(all.items.map((i) => i.id)).toEqual([clip.id, audio.id, font.id, logo.id, img.id]);
  const pictures = await listAssets({ db: env.db, store: env.store, uid: "u1", kinds: ["image", "logo"], limit: 1 });
  expect(pictures.items.map((i) => i.id)).toEqual([logo.id]);
  const next = await listAssets({ db: env.db, store: env.store, uid: "u1", kinds: ["image", "logo"], limit: 1, cursor: pictures.next_cursor });
  expect(next).toEqual({ items: [expect.objectContaining({ id: img.id })], next_cursor: null });
});

it("renames, and switches a picture between image and logo but never a font", async () => {
  const img = await put("photo.png", await png());
  const renamed = await patchAsset({ db: env.db, store: env.store, uid: "u1", id: img.id, patch: { name: "Hero shot", kind: "logo" } });
  expect(renamed).toMatchObject({ name: "Hero shot", filename: "photo.png", kind: "logo" });
  await expect(patchAsset({ db: env.db, store: env.store, uid: "u2", id: img.id, patch: { name: "mine now" } })).rejects.toMatchObject({ code: "not_found" });
  const font = await put("Inter.woff2", woff2Font());
  await expect(patchAsset({ db: env.db, store: env.store, uid: "u1", id: font.id, patch: { kind: "logo" } })).rejects.toMatchObject({ code: "unprocessable_entity" });
});

it("replaces the bytes under the same key (content using it draws the new file); another kind is refused and changes nothing", async () => {
  const img = await put("photo.png", await png("#ff0000", 40));
  const key = (await env.db.collection(assets).doc(img.id).get())!.data.storage_key;
  const file = await spoolBytes(await png("#00ff00", 80), "new.png");
  const replaced = await replaceAssetContent({ db: env.db, store: env.store, uid: "u1", id: img.id, file });
  await file.cleanup();
  expect(replaced).toMatchObject({ id: img.id, width: 80, filename: "new.png", name: "photo.png" });
  expect((await env.db.collection(assets).doc(img.id).get())!.data.storage_key).toBe(key);
  const stored = await env.store.get(key);
  const chunks: Buffer[] = [];
  for await (const c of stored!.body) chunks.push(c as Buffer);
  expect((await sharp(Buffer.concat(chunks)).metadata()).width).toBe(80);

  const wrong = await spoolBytes(woff2Font(), "Inter.woff2");
  await expect(replaceAssetContent({ db: env.db, store: env.store, uid: "u1", id: img.id, file: wrong })).rejects.toMatchObject({ code: "unprocessable_entity", message: expect.stringMatching(/is an image; replace it with an image too/) });
  await wrong.cleanup();
  expect(await getAsset({ db: env.db, store: env.store, uid: "u1", id: img.id })).toMatchObject({ width: 80, content_type: "image/png" });
});

it("finds where an asset is used; deleting a used one needs force, then leaves the library but keeps the file videos draw", async () => {
  const img = await put("photo.png", await png());
  const font = await put("Inter.woff2", woff2Font());
  const key = (await env.db.collection(assets).doc(img.id).get())!.data.storage_key;
  await seedComposition("vid1", img.id, key);
  const at = new Date().toISOString();
  await env.db.collection(products).doc("p1").set({ owner_id: "u1", name: "Mug", name_lower: "mug", price_amount: null, currency: null, link: null, source: "manual", image_asset_ids: [img.id, "other"], created_at: at, updated_at: at });
  await env.db.collection(brandKits).doc("u1").set({ ...DEFAULT_BRAND_KIT, logo_asset_id: img.id, fonts: { heading: { kind: "asset", asset_id: font.id }, body: { kind: "bundled", id: "lora" } }, owner_id: "u1", created_at: at, updated_at: at });

  const usage = await assetUsage({ db: env.db, store: env.store, uid: "u1", id: img.id });
  expect(usage).toEqual({
    videos: [{ id: "vid1", title: "Spring sale", kind: "video", href: "/videos/vid1", scenes: [2] }],
    products: [{ id: "p1", name: "Mug", href: "/product?id=p1" }],
    brand_kit: { fields: ["logo"] },
    total: 3,
  });
  expect((await assetUsage({ db: env.db, store: env.store, uid: "u1", id: font.id })).brand_kit).toEqual({ fields: ["headline font"] });

  await expect(deleteAsset({ db: env.db, store: env.store, uid: "u1", id: img.id })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/used by 1 video, 1 product, your brand kit/) });
  expect(await env.db.collection(assets).doc(img.id).get()).not.toBeNull();

  const done = await deleteAsset({ db: env.db, store: env.store, uid: "u1", id: img.id, force: true });
  expect(done.kept_for.total).toBe(3);
  expect(await env.db.collection(assets).doc(img.id).get()).toBeNull();
  expect(await env.store.head(key)).not.toBeNull(); // the video still renders from it
  expect(await env.store.head(`assets/u1/${img.id}/thumb.webp`)).toBeNull();
  expect((await env.db.collection(products).doc("p1").get())!.data.image_asset_ids).toEqual(["other"]);
  expect((await env.db.collection(brandKits).doc("u1").get())!.data).toMatchObject({ logo_asset_id: null, fonts: { heading: { kind: "asset", asset_id: font.id } } });

  await deleteAsset({ db: env.db, store: env.store, uid: "u1", id: font.id, force: true });
  expect((await env.db.collection(brandKits).doc("u1").get())!.data.fonts.heading).toEqual(DEFAULT_BRAND_KIT.fonts.heading);
  expect(await env.store.list(`assets/u1/${font.id}/`)).toEqual([]); // no video used the font: its file goes too
});
