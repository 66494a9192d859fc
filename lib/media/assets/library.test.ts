/** The library beyond images: kinds, rename and replace (usage and deleting a used asset: lib/creation/workspace/asset-usage.test.ts). */
import sharp from "sharp";
import { assets } from "@/lib/platform/db/collections";
import { openLibraryEnv, type LibraryEnv } from "@/tests/support/library-env";
import { getAsset, listAssets, patchAsset, replaceAssetContent, uploadAsset } from "./assets";
import { spoolBytes } from "./spool";
import { mp4File, wavFile, woff2Font } from "./testing";

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

it("keeps every kind with its facts and filters the list by kind, a page at a time", async () => {
  const img = await put("photo.png", await png(), { at: 1 });
  const logo = await put("mark.png", await png(), { kind: "logo", at: 2 });
  const font = await put("Inter.woff2", woff2Font(), { at: 3 });
  const audio = await put("beep.wav", wavFile(250), { at: 4 });
  const clip = await put("clip.mp4", await mp4File(), { at: 5 });
  expect(font).toMatchObject({
    kind: "font",
    font_family: "Inter",
    content_type: "font/woff2",
    urls: { poster: null },
  });
  expect(audio).toMatchObject({ kind: "audio", duration_ms: 250 });
  expect(clip).toMatchObject({
    kind: "video",
    width: 64,
    height: 48,
    duration_ms: 600,
    urls: { poster: expect.stringContaining("thumb.webp") },
  });
  const all = await listAssets({ db: env.db, store: env.store, uid: "u1" });
  expect(all.items.map((i) => i.id)).toEqual([clip.id, audio.id, font.id, logo.id, img.id]);
  const pictures = await listAssets({ db: env.db, store: env.store, uid: "u1", kinds: ["image", "logo"], limit: 1 });
  expect(pictures.items.map((i) => i.id)).toEqual([logo.id]);
  const next = await listAssets({
    db: env.db,
    store: env.store,
    uid: "u1",
    kinds: ["image", "logo"],
    limit: 1,
    cursor: pictures.next_cursor,
  });
  expect(next).toEqual({ items: [expect.objectContaining({ id: img.id })], next_cursor: null });
});

it("renames, and switches a picture between image and logo but never a font", async () => {
  const img = await put("photo.png", await png());
  const renamed = await patchAsset({
    db: env.db,
    store: env.store,
    uid: "u1",
    id: img.id,
    patch: { name: "Hero shot", kind: "logo" },
  });
  expect(renamed).toMatchObject({ name: "Hero shot", filename: "photo.png", kind: "logo" });
  await expect(
    patchAsset({ db: env.db, store: env.store, uid: "u2", id: img.id, patch: { name: "mine now" } }),
  ).rejects.toMatchObject({ code: "not_found" });
  const font = await put("Inter.woff2", woff2Font());
  await expect(
    patchAsset({ db: env.db, store: env.store, uid: "u1", id: font.id, patch: { kind: "logo" } }),
  ).rejects.toMatchObject({ code: "unprocessable_entity" });
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
  await expect(
    replaceAssetContent({ db: env.db, store: env.store, uid: "u1", id: img.id, file: wrong }),
  ).rejects.toMatchObject({
    code: "unprocessable_entity",
    message: expect.stringMatching(/is an image; replace it with an image too/),
  });
  await wrong.cleanup();
  expect(await getAsset({ db: env.db, store: env.store, uid: "u1", id: img.id })).toMatchObject({
    width: 80,
    content_type: "image/png",
  });
});
