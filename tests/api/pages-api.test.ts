/**
 * The page routes called directly with real emulator tokens: typed answers
 * for good and bad input, ownership, the revision check, and the public
 * media URL that answers only while the page is published.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-pages-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let pages: typeof import("@/app/api/v1/pages/route");
let one: typeof import("@/app/api/v1/pages/[id]/route");
let publish: typeof import("@/app/api/v1/pages/[id]/publish/route");
let media: typeof import("@/app/api/v1/public/pages/[pageId]/media/[blockId]/route");
let alice: TestUser;
let bob: TestUser;
let aliceImage: string;
let bobImage: string;

const mediaParams = (pageId: string, blockId: string) => ({ params: Promise.resolve({ pageId, blockId }) });

beforeAll(async () => {
  pages = await import("@/app/api/v1/pages/route");
  one = await import("@/app/api/v1/pages/[id]/route");
  publish = await import("@/app/api/v1/pages/[id]/publish/route");
  media = await import("@/app/api/v1/public/pages/[pageId]/media/[blockId]/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  const { seedImage } = await import("@/lib/creation/workspace/testing");
  aliceImage = await seedImage(getDb(), getBlobStore(), alice.uid, "alice-image", { title: "Harbour" });
  bobImage = await seedImage(getDb(), getBlobStore(), bob.uid, "bob-image");
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("answers 401 without a token and 405 for other methods", async () => {
  expect((await pages.POST(req("/api/v1/pages", { method: "POST", json: {} }), noParams)).status).toBe(401);
  expect((await pages.GET()).status).toBe(405);
});

it("creates, reads, edits with a revision check, publishes, serves media while published, deletes", async () => {
  const created = await json(
    await pages.POST(
      req("/api/v1/pages", {
        method: "POST",
        token: alice.token,
        json: { title: "Harbour", blocks: [{ id: "pic", type: "image", media: { content_id: aliceImage } }] },
      }),
      noParams,
    ),
  );
  expect(created.status).toBe(201);
  const id: string = created.body.data.id;
  expect(created.body.data).toMatchObject({ kind: "page", revision: 0, published: false, public_path: `/pages/${id}` });
  expect(created.body.data.media[`content:${aliceImage}`]).toMatchObject({ kind: "image", missing: false });

  expect((await one.GET(req(`/api/v1/pages/${id}`, { token: bob.token }), withId(id))).status).toBe(404);
  const foreign = await json(
    await one.PATCH(
      req(`/api/v1/pages/${id}`, {
        method: "PATCH",
        token: alice.token,
        json: { revision: 0, blocks: [{ id: "x", type: "image", media: { content_id: bobImage } }] },
      }),
      withId(id),
    ),
  );
  expect(foreign.status).toBe(422);
  expect(foreign.body.error.issues).toEqual([{ path: "blocks.0.media", message: expect.any(String) }]);
  const badUrl = await json(
    await one.PATCH(
      req(`/api/v1/pages/${id}`, {
        method: "PATCH",
        token: alice.token,
        json: { revision: 0, blocks: [{ id: "b", type: "button", label: "Go", url: "javascript:alert(1)" }] },
      }),
      withId(id),
    ),
  );
  expect(badUrl.status).toBe(422);
  const edited = await json(
    await one.PATCH(
      req(`/api/v1/pages/${id}`, {
        method: "PATCH",
        token: alice.token,
        json: { revision: 0, title: "Harbour notes" },
      }),
      withId(id),
    ),
  );
  expect(edited.body.data).toMatchObject({ revision: 1, title: "Harbour notes" });
  const stale = await json(
    await one.PATCH(
      req(`/api/v1/pages/${id}`, { method: "PATCH", token: alice.token, json: { revision: 0, title: "Old" } }),
      withId(id),
    ),
  );
  expect(stale.status).toBe(409);

  const file = () => media.GET(req(`/api/v1/public/pages/${id}/media/pic`), mediaParams(id, "pic"));
  expect((await file()).status).toBe(404);
  expect(
    (
      await publish.PUT(
        req(`/api/v1/pages/${id}/publish`, { method: "PUT", token: bob.token, json: { published: true } }),
        withId(id),
      )
    ).status,
  ).toBe(404);
  expect(
    (
      await publish.PUT(
        req(`/api/v1/pages/${id}/publish`, { method: "PUT", token: alice.token, json: { published: "yes" } }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  const published = await json(
    await publish.PUT(
      req(`/api/v1/pages/${id}/publish`, { method: "PUT", token: alice.token, json: { published: true } }),
      withId(id),
    ),
  );
  expect(published.body.data.published).toBe(true);
  const redirect = await file();
  expect(redirect.status).toBe(307);
  expect(redirect.headers.get("location")).toContain(`images/${alice.uid}/alice-image.png`);
  expect((await media.GET(req(`/api/v1/public/pages/${id}/media/other`), mediaParams(id, "other"))).status).toBe(404);

  await publish.PUT(
    req(`/api/v1/pages/${id}/publish`, { method: "PUT", token: alice.token, json: { published: false } }),
    withId(id),
  );
  expect((await file()).status).toBe(404);

  expect(
    (await one.DELETE(req(`/api/v1/pages/${id}`, { method: "DELETE", token: bob.token }), withId(id))).status,
  ).toBe(404);
  expect(
    (await one.DELETE(req(`/api/v1/pages/${id}`, { method: "DELETE", token: alice.token }), withId(id))).status,
  ).toBe(204);
  expect((await one.GET(req(`/api/v1/pages/${id}`, { token: alice.token }), withId(id))).status).toBe(404);
});
