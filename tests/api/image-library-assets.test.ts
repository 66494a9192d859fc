/**
 * /api/v1/assets called directly with real emulator tokens: multipart
 * uploads judged by their bytes, 413 / 415 writing nothing, paging, and
 * another user's asset as a 404.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { png } from "@/tests/support/media";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-assets-api-"));
process.env.DATA_DIR = dataDir;

jest.mock("@/lib/platform/db", () => {
  const actual = jest.requireActual("@/lib/platform/db");
  const { openDriver } = jest.requireActual("@/lib/platform/db/open-driver");
  const { dbConfig } = jest.requireActual("@/lib/platform/db/config");
  const { libraryRegistry } = jest.requireActual("@/tests/support/library-env");
  let db: unknown = null;
  return { ...actual, getDb: () => (db ??= new actual.Db(openDriver(dbConfig(), libraryRegistry), libraryRegistry)) };
});

let assetsRoute: typeof import("@/app/api/v1/assets/route");
let assetRoute: typeof import("@/app/api/v1/assets/[id]/route");
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  assetsRoute = await import("@/app/api/v1/assets/route");
  assetRoute = await import("@/app/api/v1/assets/[id]/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(user: TestUser, bytes: Uint8Array, opts: { name?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(
    opts.field ?? "file",
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? "image/png" }),
    opts.name ?? "picture.png",
  );
  return assetsRoute
    .POST(req("/api/v1/assets", { method: "POST", token: user.token, body: form }), noParams)
    .then(json);
}

async function assetCount(): Promise<number> {
  const { getDb } = await import("@/lib/platform/db");
  const { assets } = await import("@/lib/platform/db/collections");
  return getDb().collection(assets).count();
}

async function blobCount(): Promise<number> {
  const { getBlobStore } = await import("@/lib/platform/storage");
  return (await getBlobStore().list("assets/")).length;
}

it("uploads a PNG: 201 with its size, type from the bytes and signed URLs that the blob route serves", async () => {
  const res = await upload(alice, await png(120, 80, "#aa3355"), {
    name: "shot.png",
    type: "application/octet-stream",
  });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    id: expect.any(String),
    kind: "image",
    name: "shot.png",
    content_type: "image/png",
    size: expect.any(Number),
    width: 120,
    height: 80,
    urls: {
      original: expect.stringMatching(/^\/api\/v1\/blobs\/assets\/.+\/original\.png\?expires=/),
      thumbnail: expect.stringMatching(/thumb\.webp\?expires=/),
    },
    created_at: expect.any(String),
  });
  const blobs = await import("@/app/api/v1/blobs/[...key]/route");
  const url = new URL(res.body.data.urls.thumbnail, "http://localhost:3000");
  const key = url.pathname.replace("/api/v1/blobs/", "").split("/");
  const served = await blobs.GET(req(url.pathname + url.search), { params: Promise.resolve({ key }) });
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
});

it.each([
  ["a PDF", 415, "unsupported_media_type", async () => Buffer.from("%PDF-1.7 not a picture")],
  ["a text file called .png", 415, "unsupported_media_type", async () => Buffer.from("definitely not a picture")],
  [
    "a file over 10 MB",
    413,
    "payload_too_large",
    async () => Buffer.concat([await png(120, 80, "#aa3355"), Buffer.alloc(10 * 1024 * 1024)]),
  ],
] as const)("refuses %s with a typed %i and writes nothing", async (_label, status, code, make) => {
  const [assetsBefore, blobsBefore] = [await assetCount(), await blobCount()];
  const res = await upload(bob, await make());
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(await assetCount()).toBe(assetsBefore);
  expect(await blobCount()).toBe(blobsBefore);
});

it("refuses a body that is not multipart (415), no file field (422) and an oversized declared length (413)", async () => {
  const notMultipart = await assetsRoute.POST(
    req("/api/v1/assets", { method: "POST", token: bob.token, json: { file: "x" } }),
    noParams,
  );
  expect(notMultipart.status).toBe(415);
  const wrongField = await upload(bob, await png(120, 80, "#aa3355"), { field: "image" });
  expect(wrongField.status).toBe(422);
  expect(wrongField.body.error.issues[0].path).toBe("file");
  const declared = req("/api/v1/assets", {
    method: "POST",
    token: bob.token,
    body: "x",
    headers: { "content-type": "multipart/form-data; boundary=abc", "content-length": String(50 * 1024 * 1024) },
  });
  expect((await assetsRoute.POST(declared, noParams)).status).toBe(413);
  const garbled = req("/api/v1/assets", {
    method: "POST",
    token: bob.token,
    body: "not multipart at all",
    headers: { "content-type": "multipart/form-data; boundary=abc" },
  });
  expect((await assetsRoute.POST(garbled, noParams)).status).toBe(400);
});

it("lists mine newest first with a cursor; another user's asset cannot be deleted (404) and mine can", async () => {
  const mine: string[] = [];
  for (let i = 0; i < 3; i++) {
    mine.push((await upload(bob, await png(10 + i, 10, "#aa3355"))).body.data.id);
    await new Promise((r) => setTimeout(r, 5));
  }
  const first = await json(await assetsRoute.GET(req("/api/v1/assets?limit=2", { token: bob.token }), noParams));
  expect(first.status).toBe(200);
  expect(first.body.data.items.map((i: { id: string }) => i.id)).toEqual([mine[2], mine[1]]);
  const second = await json(
    await assetsRoute.GET(
      req(`/api/v1/assets?limit=2&cursor=${first.body.data.next_cursor}`, { token: bob.token }),
      noParams,
    ),
  );
  expect(second.body.data).toEqual({ items: [expect.objectContaining({ id: mine[0], width: 10 })], next_cursor: null });
  expect(
    (await json(await assetsRoute.GET(req("/api/v1/assets?limit=500", { token: bob.token }), noParams))).status,
  ).toBe(422);

  const byAlice = await json(
    await assetRoute.DELETE(
      req(`/api/v1/assets/${mine[0]}`, { method: "DELETE", token: alice.token }),
      withId(mine[0]!),
    ),
  );
  expect(byAlice.status).toBe(404);
  expect(byAlice.body.error.code).toBe("not_found");
  const byBob = await json(
    await assetRoute.DELETE(req(`/api/v1/assets/${mine[0]}`, { method: "DELETE", token: bob.token }), withId(mine[0]!)),
  );
  expect(byBob).toMatchObject({ status: 200, body: { data: { deleted: 1, kept_for: { total: 0 } } } });
  const after = await json(await assetsRoute.GET(req("/api/v1/assets", { token: bob.token }), noParams));
  expect(after.body.data.items.map((i: { id: string }) => i.id)).toEqual([mine[2], mine[1]]);
});
