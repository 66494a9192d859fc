/**
 * The asset library's routes with real emulator tokens: raw-body uploads
 * judged by their bytes, the kind filter, read / rename / replace /
 * download / usage / delete, and the brand kit.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { png } from "@/tests/support/media";
import { woff2Font } from "@/lib/media/assets/testing";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-assets-lib-api-"));
process.env.DATA_DIR = dataDir;

jest.mock("@/lib/platform/db", () => {
  const actual = jest.requireActual("@/lib/platform/db");
  const { openDriver } = jest.requireActual("@/lib/platform/db/open-driver");
  const { dbConfig } = jest.requireActual("@/lib/platform/db/config");
  const { libraryRegistry } = jest.requireActual("@/tests/support/library-env");
  let db: unknown = null;
  return { ...actual, getDb: () => (db ??= new actual.Db(openDriver(dbConfig(), libraryRegistry), libraryRegistry)) };
});

let list: typeof import("@/app/api/v1/assets/route");
let one: typeof import("@/app/api/v1/assets/[id]/route");
let content: typeof import("@/app/api/v1/assets/[id]/content/route");
let download: typeof import("@/app/api/v1/assets/[id]/download/route");
let usage: typeof import("@/app/api/v1/assets/[id]/usage/route");
let brand: typeof import("@/app/api/v1/brand-kit/route");
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [list, one, content, download, usage, brand] = await Promise.all([
    import("@/app/api/v1/assets/route"),
    import("@/app/api/v1/assets/[id]/route"),
    import("@/app/api/v1/assets/[id]/content/route"),
    import("@/app/api/v1/assets/[id]/download/route"),
    import("@/app/api/v1/assets/[id]/usage/route"),
    import("@/app/api/v1/brand-kit/route"),
  ]);
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const raw = (
  user: TestUser,
  bytes: Uint8Array,
  name: string,
  url = "/api/v1/assets",
  method = "POST",
  type = "application/octet-stream",
) =>
  req(`${url}?name=${encodeURIComponent(name)}`, {
    method,
    token: user.token,
    body: new Uint8Array(bytes),
    headers: { "content-type": type },
  });
const count = async () => {
  const { getDb } = await import("@/lib/platform/db");
  const { assets } = await import("@/lib/platform/db/collections");
  const { getBlobStore } = await import("@/lib/platform/storage");
  return [await getDb().collection(assets).count(), (await getBlobStore().list("assets/")).length];
};

it("uploads a font as raw bytes, lists it by kind, renames, downloads it, refuses a replacement of another kind and deletes it", async () => {
  const font = woff2Font();
  const up = await json(await list.POST(raw(alice, font, "Inter Regular.woff2"), noParams));
  expect(up.status).toBe(201);
  expect(up.body.data).toMatchObject({
    kind: "font",
    font_family: "Inter",
    content_type: "font/woff2",
    name: "Inter Regular.woff2",
    size: font.length,
  });
  const id: string = up.body.data.id;
  await json(await list.POST(raw(alice, await png(50, 40), "photo.png"), noParams));

  const fonts = await json(await list.GET(req("/api/v1/assets?kind=font", { token: alice.token }), noParams));
  expect(fonts.body.data.items.map((i: { id: string }) => i.id)).toEqual([id]);
  expect((await list.GET(req("/api/v1/assets?kind=sticker", { token: alice.token }), noParams)).status).toBe(422);

  const renamed = await json(
    await one.PATCH(
      req(`/api/v1/assets/${id}`, { method: "PATCH", token: alice.token, json: { name: "Brand headline" } }),
      withId(id),
    ),
  );
  expect(renamed).toMatchObject({
    status: 200,
    body: { data: { name: "Brand headline", filename: "Inter Regular.woff2" } },
  });
  expect(
    (
      await one.PATCH(
        req(`/api/v1/assets/${id}`, { method: "PATCH", token: alice.token, json: { name: "" } }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  expect((await one.GET(req(`/api/v1/assets/${id}`, { token: bob.token }), withId(id))).status).toBe(404);

  const file = await download.GET(req(`/api/v1/assets/${id}/download`, { token: alice.token }), withId(id));
  expect(file.status).toBe(200);
  expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="Brand headline.woff2"/);
  expect(Buffer.from(await file.arrayBuffer()).equals(font)).toBe(true);

  const before = await count();
  const swap = await json(
    await content.PUT(raw(alice, await png(50, 40), "x.png", `/api/v1/assets/${id}/content`, "PUT"), withId(id)),
  );
  expect(swap.status).toBe(422);
  expect(swap.body.error.message).toMatch(/is a font; replace it with a font too/);
  expect(await count()).toEqual(before);

  expect(
    (await json(await usage.GET(req(`/api/v1/assets/${id}/usage`, { token: alice.token }), withId(id)))).body.data
      .total,
  ).toBe(0);
  expect(
    (await json(await one.DELETE(req(`/api/v1/assets/${id}`, { method: "DELETE", token: alice.token }), withId(id))))
      .body.data,
  ).toMatchObject({ deleted: 1 });
  expect((await one.GET(req(`/api/v1/assets/${id}`, { token: alice.token }), withId(id))).status).toBe(404);
});

it.each([
  [
    "a PNG that calls itself a font",
    "logo.ttf",
    async () => png(50, 40),
    /named like a font \(\.ttf\) but its bytes are a PNG image/,
  ],
  [
    "a font that is not a font",
    "Brand.otf",
    async () => Buffer.from("I am a text file, not a font"),
    /"Brand\.otf" is not a font/,
  ],
] as const)("refuses %s with a typed 415 naming the problem, writing nothing", async (_label, name, make, message) => {
  const before = await count();
  const res = await json(await list.POST(raw(bob, await make(), name), noParams));
  expect(res.status).toBe(415);
  expect(res.body.error).toMatchObject({ code: "unsupported_media_type", message: expect.stringMatching(message) });
  expect(await count()).toEqual(before);
});

it("refuses a JSON body (415) and a declared length over every limit (413)", async () => {
  expect(
    (await list.POST(req("/api/v1/assets", { method: "POST", token: bob.token, json: { file: "x" } }), noParams))
      .status,
  ).toBe(415);
  const big = req("/api/v1/assets?name=a.mp4", {
    method: "POST",
    token: bob.token,
    body: "x",
    headers: { "content-type": "application/octet-stream", "content-length": String(300 * 1024 * 1024) },
  });
  expect((await list.POST(big, noParams)).status).toBe(413);
});

it("keeps a brand kit: defaults first, only my assets of the right kind, and a used logo warns before it is deleted", async () => {
  const first = await json(await brand.GET(req("/api/v1/brand-kit", { token: bob.token }), noParams));
  expect(first.body.data).toMatchObject({
    saved: false,
    logo: null,
    fonts: { heading: { kind: "bundled", id: "inter" } },
  });
  const logo = (
    await json(
      await list.POST(raw(bob, await png(50, 40), "mark.png", "/api/v1/assets?kind=logo".split("?")[0]), noParams),
    )
  ).body.data;
  const font = (await json(await list.POST(raw(bob, woff2Font(), "Inter.woff2"), noParams))).body.data;
  const kit = {
    logo_asset_id: logo.id,
    colors: { primary: "#0f766e", secondary: "#ccfbf1", accent: "#f59e0b", text: "#111827", background: "#ffffff" },
    fonts: { heading: { kind: "asset", asset_id: font.id }, body: { kind: "bundled", id: "lora" } },
  };

  const wrongKind = await json(
    await brand.PUT(
      req("/api/v1/brand-kit", { method: "PUT", token: bob.token, json: { ...kit, logo_asset_id: font.id } }),
      noParams,
    ),
  );
  expect(wrongKind).toMatchObject({ status: 422, body: { error: { issues: [{ path: "logo_asset_id" }] } } });
  const notMine = await json(
    await brand.PUT(req("/api/v1/brand-kit", { method: "PUT", token: alice.token, json: kit }), noParams),
  );
  expect(notMine.status).toBe(422);

  const saved = await json(
    await brand.PUT(req("/api/v1/brand-kit", { method: "PUT", token: bob.token, json: kit }), noParams),
  );
  expect(saved.body.data).toMatchObject({
    saved: true,
    logo: { id: logo.id },
    font_assets: [{ id: font.id, family: "Inter" }],
  });

  const used = await json(
    await usage.GET(req(`/api/v1/assets/${logo.id}/usage`, { token: bob.token }), withId(logo.id)),
  );
  expect(used.body.data).toMatchObject({ brand_kit: { fields: ["logo"] }, total: 1 });
  const refused = await json(
    await one.DELETE(req(`/api/v1/assets/${logo.id}`, { method: "DELETE", token: bob.token }), withId(logo.id)),
  );
  expect(refused).toMatchObject({
    status: 409,
    body: { error: { code: "conflict", message: expect.stringMatching(/your brand kit/) } },
  });
  const forced = await json(
    await one.DELETE(
      req(`/api/v1/assets/${logo.id}?force=true`, { method: "DELETE", token: bob.token }),
      withId(logo.id),
    ),
  );
  expect(forced.status).toBe(200);
  expect(
    (await json(await brand.GET(req("/api/v1/brand-kit", { token: bob.token }), noParams))).body.data,
  ).toMatchObject({ logo_asset_id: null, logo: null });
});
