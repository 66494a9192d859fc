/** Image assets: real PNG / JPEG / WebP / GIF up to 10 MB, sized with sharp; mine only; bad uploads write nothing. */
import sharp from "sharp";
import { assets } from "@/lib/platform/db/collections";
import { assetDetails } from "@/lib/platform/db/collections-library";
import { openLibraryEnv, type LibraryEnv } from "@/tests/support/library-env";
import { ASSET_MAX_BYTES, cleanFileName, listAssets, uploadAsset } from "./assets";

let env: LibraryEnv;
beforeEach(() => {
  env = openLibraryEnv();
});
afterEach(() => env.close());

const image = (format: "png" | "jpeg" | "webp" | "gif", width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: "#2255aa" } })
    [format]()
    .toBuffer();

async function nothingWritten() {
  expect(await env.db.collection(assets).count()).toBe(0);
  expect(await env.db.collection(assetDetails).count()).toBe(0);
  expect(await env.store.list("assets/")).toEqual([]);
}

test.each([
  ["png", "image/png", "png"],
  ["jpeg", "image/jpeg", "jpg"],
  ["webp", "image/webp", "webp"],
] as const)("stores a %s with its sniffed type, size and a WebP thumbnail", async (format, type, ext) => {
  const bytes = await image(format, 800, 600);
  const item = await uploadAsset({
    db: env.db,
    store: env.store,
    uid: "u1",
    name: `C:\\photos\\holiday.${ext}`,
    bytes,
  });
  expect(item).toMatchObject({
    name: `holiday.${ext}`,
    content_type: type,
    size: bytes.byteLength,
    width: 800,
    height: 600,
  });
  expect(item.urls.original).toContain(`/assets/u1/${item.id}/original.${ext}?`);
  expect(item.urls.thumbnail).toContain(`/assets/u1/${item.id}/thumb.webp?`);
  const thumb = await env.store.head(`assets/u1/${item.id}/thumb.webp`);
  expect(thumb?.contentType).toBe("image/webp");
});

test("reports the size people see for a photo rotated by its EXIF orientation", async () => {
  const bytes = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#000" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const item = await uploadAsset({ db: env.db, store: env.store, uid: "u1", name: "p.jpg", bytes });
  expect([item.width, item.height]).toEqual([20, 60]);
});

test("refuses a text file named .png and a truncated PNG with 415, writing nothing", async () => {
  const png = await image("png");
  for (const bytes of [Buffer.from("hello, I am not an image"), png.subarray(0, 40)]) {
    await expect(uploadAsset({ db: env.db, store: env.store, uid: "u1", name: "x.png", bytes })).rejects.toMatchObject({
      code: "unsupported_media_type",
    });
  }
  await nothingWritten();
});

test("refuses more than 10 MB with 413, writing nothing", async () => {
  const png = await image("png");
  const bytes = Buffer.concat([png, Buffer.alloc(ASSET_MAX_BYTES + 1 - png.byteLength)]);
  await expect(uploadAsset({ db: env.db, store: env.store, uid: "u1", name: "big.png", bytes })).rejects.toMatchObject({
    code: "payload_too_large",
  });
  await nothingWritten();
});

test("lists only mine, newest first, a page at a time", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const item = await uploadAsset({
      db: env.db,
      store: env.store,
      uid: "u1",
      name: `a${i}.png`,
      bytes: await image("png"),
      now: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    ids.push(item.id);
  }
  await uploadAsset({ db: env.db, store: env.store, uid: "u2", name: "theirs.png", bytes: await image("png") });
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await listAssets({ db: env.db, store: env.store, uid: "u1", cursor, limit: 2 });
    seen.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor;
  } while (cursor);
  expect(seen).toEqual([...ids].reverse());
  // Someone else's id as a cursor is an empty page, not a peek.
  const theirs = (await env.db.collection(assets).where("owner_id", "==", "u2").get())[0]!.id;
  expect(await listAssets({ db: env.db, store: env.store, uid: "u1", cursor: theirs })).toEqual({
    items: [],
    next_cursor: null,
  });
});

test("an asset without details (uploaded elsewhere) still lists, with unknown size", async () => {
  const bytes = await image("png");
  await env.store.put("assets/u1/legacy/original.png", bytes);
  await env.db.collection(assets).doc("legacy").set({
    owner_id: "u1",
    filename: "old.png",
    content_type: "image/png",
    size: bytes.byteLength,
    storage_key: "assets/u1/legacy/original.png",
    created_at: new Date().toISOString(),
  });
  const page = await listAssets({ db: env.db, store: env.store, uid: "u1" });
  expect(page.items[0]).toMatchObject({ id: "legacy", width: null, height: null });
  expect(page.items[0]!.urls.thumbnail).toContain("/assets/u1/legacy/original.png?");
});

test("cleans file names", () => {
  expect(cleanFileName("../../etc/passwd", "png")).toBe("passwd");
  expect(cleanFileName("a\u0000b\nc.png", "png")).toBe("abc.png");
  expect(cleanFileName("   ", "jpg")).toBe("image.jpg");
  expect(cleanFileName("x".repeat(300), "png")).toHaveLength(255);
});
