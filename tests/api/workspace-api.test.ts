/**
 * The workspace routes called directly with real emulator tokens: the
 * listing's query validation and owner scoping, bulk delete's accounting,
 * and the ZIP download (a real archive, or a typed 422 when nothing in the
 * selection has a file).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-workspace-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let list: typeof import("@/app/api/v1/workspace/route");
let del: typeof import("@/app/api/v1/workspace/delete/route");
let download: typeof import("@/app/api/v1/workspace/download/route");
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  list = await import("@/app/api/v1/workspace/route");
  del = await import("@/app/api/v1/workspace/delete/route");
  download = await import("@/app/api/v1/workspace/download/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  const { seedImage, seedProduct, seedVideo } = await import("@/lib/creation/workspace/testing");
  const [db, store] = [getDb(), getBlobStore()];
  await seedImage(db, store, alice.uid, "a-img", { title: "Quay at noon", prompt: "fishing boats" });
  await seedVideo(db, store, alice.uid, "a-vid", { title: "Ferry ride", rendered: true });
  await seedProduct(db, alice.uid, "a-prod", { name: "Rope", description: "Sturdy" });
  await seedImage(db, store, bob.uid, "b-img", { title: "Bob's", prompt: "fishing boats" });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (query: string, token = alice.token) =>
  json(await list.GET(req(`/api/v1/workspace${query}`, { token }), noParams));

it("lists only my things, filtered and searched; 422 on a bad query; 401 signed out", async () => {
  expect((await list.GET(req("/api/v1/workspace"), noParams)).status).toBe(401);
  const all = await get("");
  expect(all.status).toBe(200);
  expect(all.body.data.map((i: { id: string }) => i.id)).toEqual(["a-prod", "a-vid", "a-img"]);
  expect(all.body).toMatchObject({ next_cursor: null, scan: { truncated: false } });
  expect((await get("?q=fishing")).body.data.map((i: { id: string }) => i.id)).toEqual(["a-img"]);
  expect((await get("?kind=video&sort=title")).body.data).toEqual([
    expect.objectContaining({ id: "a-vid", kind: "video", status: "ready", downloadable: true, href: "/videos/a-vid" }),
  ]);
  const bad = await get("?kind=song&sort=random");
  expect(bad.status).toBe(422);
  expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["kind", "sort"]);
  expect((await get("?cursor=garbage")).status).toBe(422);
});

it("downloads a ZIP of the rendered files, or 422 when none has one", async () => {
  const items = [
    { kind: "video", id: "a-vid" },
    { kind: "image", id: "a-img" },
    { kind: "product", id: "a-prod" },
    { kind: "image", id: "b-img" },
  ];
  const res = await download.POST(
    req("/api/v1/workspace/download", { method: "POST", token: alice.token, json: { items } }),
    noParams,
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="promptframe-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect([res.headers.get("x-files"), res.headers.get("x-skipped")]).toEqual(["2", "2"]);
  const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
  expect(Object.keys(zip).sort()).toEqual(["Ferry-ride-a-vid.mp4", "Quay-at-noon-a-img.png"]);
  const none = await json(
    await download.POST(
      req("/api/v1/workspace/download", {
        method: "POST",
        token: bob.token,
        json: { items: [{ kind: "video", id: "a-vid" }] },
      }),
      noParams,
    ),
  );
  expect(none.status).toBe(422);
  expect(none.body.error.code).toBe("unprocessable_entity");
  expect(
    (
      await download.POST(
        req("/api/v1/workspace/download", { method: "POST", token: alice.token, json: { items: [] } }),
        noParams,
      )
    ).status,
  ).toBe(422);
});

it("deletes mine through each domain and reports what it skipped", async () => {
  const res = await json(
    await del.POST(
      req("/api/v1/workspace/delete", {
        method: "POST",
        token: alice.token,
        json: {
          items: [
            { kind: "image", id: "a-img" },
            { kind: "product", id: "a-prod" },
            { kind: "image", id: "b-img" },
          ],
        },
      }),
      noParams,
    ),
  );
  expect(res.status).toBe(200);
  expect(res.body.data.deleted).toEqual([
    { kind: "image", id: "a-img" },
    { kind: "product", id: "a-prod" },
  ]);
  expect(res.body.data.skipped).toEqual([{ kind: "image", id: "b-img", reason: expect.any(String) }]);
  expect((await get("")).body.data.map((i: { id: string }) => i.id)).toEqual(["a-vid"]);
  expect((await get("", bob.token)).body.data.map((i: { id: string }) => i.id)).toEqual(["b-img"]);
  expect(
    (
      await del.POST(
        req("/api/v1/workspace/delete", {
          method: "POST",
          token: alice.token,
          json: { items: [{ kind: "folder", id: "x" }] },
        }),
        noParams,
      )
    ).status,
  ).toBe(422);
});
