/**
 * The image library's routes called directly, with real emulator tokens:
 * vibes, inspirations, likes and trending. Assets: image-library-assets.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-library-api-"));
process.env.DATA_DIR = dataDir;

jest.mock("@/lib/platform/db", () => {
  const actual = jest.requireActual("@/lib/platform/db");
  const { openDriver } = jest.requireActual("@/lib/platform/db/open-driver");
  const { dbConfig } = jest.requireActual("@/lib/platform/db/config");
  const { libraryRegistry } = jest.requireActual("@/tests/support/library-env");
  let db: unknown = null;
  return { ...actual, getDb: () => (db ??= new actual.Db(openDriver(dbConfig(), libraryRegistry), libraryRegistry)) };
});

// Imported after DATA_DIR is set: the stores open their files lazily under it.
let vibesRoute: typeof import("@/app/api/v1/vibes/route");
let vibeRoute: typeof import("@/app/api/v1/vibes/[id]/route");
let inspirationsRoute: typeof import("@/app/api/v1/inspirations/route");
let likeRoute: typeof import("@/app/api/v1/images/[id]/like/route");
let trendingRoute: typeof import("@/app/api/v1/images/trending/route");
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  vibesRoute = await import("@/app/api/v1/vibes/route");
  vibeRoute = await import("@/app/api/v1/vibes/[id]/route");
  inspirationsRoute = await import("@/app/api/v1/inspirations/route");
  likeRoute = await import("@/app/api/v1/images/[id]/like/route");
  trendingRoute = await import("@/app/api/v1/images/trending/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("vibes", () => {
  const input = {
    name: "Foggy harbour",
    prompt_additions: "fog, muted blues",
    negative_prompt: "sun",
    palette: ["#334455", "#AABBCC"],
  };

  it("lists the built-ins, then my own once I create one; nobody else sees mine", async () => {
    const first = await json(await vibesRoute.GET(req("/api/v1/vibes", { token: alice.token }), noParams));
    expect(first.status).toBe(200);
    expect(first.body.data.vibes.length).toBeGreaterThanOrEqual(8);
    expect(first.body.data.vibes[0]).toEqual({
      id: "cinematic",
      owner_id: null,
      name: "Cinematic",
      prompt_additions: expect.any(String),
      negative_prompt: expect.any(String),
      palette: expect.arrayContaining([expect.stringMatching(/^#[0-9a-f]{6}$/)]),
      example_image_urls: [],
      created_at: expect.any(String),
    });

    const created = await json(
      await vibesRoute.POST(req("/api/v1/vibes", { method: "POST", token: alice.token, json: input }), noParams),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      owner_id: alice.uid,
      name: "Foggy harbour",
      palette: ["#334455", "#aabbcc"],
    });

    const mine = await json(await vibesRoute.GET(req("/api/v1/vibes", { token: alice.token }), noParams));
    expect(mine.body.data.vibes.map((v: { id: string }) => v.id)).toContain(created.body.data.id);
    const theirs = await json(await vibesRoute.GET(req("/api/v1/vibes", { token: bob.token }), noParams));
    expect(theirs.body.data.vibes.map((v: { id: string }) => v.id)).not.toContain(created.body.data.id);
  });

  it("edits and deletes only my own: 404 for another user's, 403 for a built-in", async () => {
    const { body } = await json(
      await vibesRoute.POST(
        req("/api/v1/vibes", { method: "POST", token: alice.token, json: { ...input, name: "Mine to edit" } }),
        noParams,
      ),
    );
    const id = body.data.id as string;

    const byBob = await json(
      await vibeRoute.PATCH(
        req(`/api/v1/vibes/${id}`, { method: "PATCH", token: bob.token, json: { name: "stolen" } }),
        withId(id),
      ),
    );
    expect(byBob.status).toBe(404);
    expect(byBob.body.error.code).toBe("not_found");
    expect(
      (await vibeRoute.DELETE(req(`/api/v1/vibes/${id}`, { method: "DELETE", token: bob.token }), withId(id))).status,
    ).toBe(404);
    const builtIn = await vibeRoute.PATCH(
      req("/api/v1/vibes/cinematic", { method: "PATCH", token: alice.token, json: { name: "x" } }),
      withId("cinematic"),
    );
    expect(builtIn.status).toBe(403);

    const edited = await json(
      await vibeRoute.PATCH(
        req(`/api/v1/vibes/${id}`, { method: "PATCH", token: alice.token, json: { negative_prompt: "" } }),
        withId(id),
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id, name: "Mine to edit", negative_prompt: "" });

    const deleted = await json(
      await vibeRoute.DELETE(req(`/api/v1/vibes/${id}`, { method: "DELETE", token: alice.token }), withId(id)),
    );
    expect(deleted).toEqual({ status: 200, body: { data: { deleted: 1 } } });
    expect(
      (await vibeRoute.DELETE(req(`/api/v1/vibes/${id}`, { method: "DELETE", token: alice.token }), withId(id))).status,
    ).toBe(404);
  });

  it.each([
    ["a too-long name", { ...input, name: "n".repeat(61) }, 422],
    ["seven colours", { ...input, palette: Array(7).fill("#000000") }, 422],
    ["501 characters of additions", { ...input, prompt_additions: "a".repeat(501) }, 422],
  ])("refuses %s with a typed 4xx and creates nothing", async (_label, body, status) => {
    const before = (await json(await vibesRoute.GET(req("/api/v1/vibes", { token: bob.token }), noParams))).body.data
      .vibes.length;
    const res = await json(
      await vibesRoute.POST(req("/api/v1/vibes", { method: "POST", token: bob.token, json: body }), noParams),
    );
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code: "unprocessable_entity", issues: expect.any(Array) });
    const after = (await json(await vibesRoute.GET(req("/api/v1/vibes", { token: bob.token }), noParams))).body.data
      .vibes.length;
    expect(after).toBe(before);
  });

  it("answers typed errors for no token, bad JSON, a non-JSON body and a wrong method", async () => {
    expect((await vibesRoute.GET(req("/api/v1/vibes"), noParams)).status).toBe(401);
    const badJson = req("/api/v1/vibes", {
      method: "POST",
      token: bob.token,
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect((await json(await vibesRoute.POST(badJson, noParams))).body.error.code).toBe("bad_request");
    const form = req("/api/v1/vibes", {
      method: "POST",
      token: bob.token,
      body: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect((await vibesRoute.POST(form, noParams)).status).toBe(415);
    const put = vibesRoute.PUT();
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
  });
});

describe("inspirations", () => {
  it("serves at least 24 inspirations with signed pictures, made once however many first requests race", async () => {
    const store = (await import("@/lib/platform/storage")).getBlobStore();
    const responses = await Promise.all(
      [1, 2, 3].map(() => inspirationsRoute.GET(req("/api/v1/inspirations", { token: alice.token }), noParams)),
    );
    const bodies = await Promise.all(responses.map((r) => json(r)));
    for (const b of bodies) {
      expect(b.status).toBe(200);
      expect(b.body.data.inspirations.length).toBeGreaterThanOrEqual(24);
    }
    const first = bodies[0]!.body.data.inspirations[0];
    expect(first).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      prompt: expect.any(String),
      negative_prompt: null,
      aspect_ratio: "16:9",
      vibe_id: "cinematic",
      seed: expect.any(Number),
      image_url: expect.stringMatching(/^\/api\/v1\/blobs\/inspirations\/.+\.webp\?expires=\d+&sig=[\w-]+/),
    });
    // One file per inspiration: nobody made a picture twice.
    expect(await store.list("inspirations/")).toHaveLength(bodies[0]!.body.data.inspirations.length);
  }, 30_000); // draws 24 pictures: seconds on a busy 2-core machine
});

describe("likes and trending", () => {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);

  beforeAll(async () => {
    const { getDb } = await import("@/lib/platform/db");
    const { getBlobStore } = await import("@/lib/platform/storage");
    const { seedImage } = await import("@/tests/support/library-env");
    const env = { db: getDb(), store: getBlobStore() };
    await seedImage(env, {
      id: "alicePublic1",
      owner: alice.uid,
      visibility: "public",
      createdAt: at(30),
      withBlobs: true,
    });
    await seedImage(env, {
      id: "alicePublic2",
      owner: alice.uid,
      visibility: "public",
      createdAt: at(20),
      withBlobs: true,
    });
    await seedImage(env, {
      id: "alicePrivate",
      owner: alice.uid,
      visibility: "private",
      createdAt: at(10),
      withBlobs: true,
    });
    await seedImage(env, {
      id: "bobRemix",
      owner: bob.uid,
      visibility: "private",
      createdAt: at(5),
      remixOf: "alicePublic1",
    });
  });

  const like = (user: TestUser, id: string, method: "POST" | "DELETE" = "POST") =>
    (method === "POST" ? likeRoute.POST : likeRoute.DELETE)(
      req(`/api/v1/images/${id}/like`, { method, token: user.token }),
      withId(id),
    ).then(json);

  it("likes a public image once however often asked, and unlikes it", async () => {
    expect(await like(bob, "alicePublic2")).toEqual({ status: 200, body: { data: { likes: 1, liked_by_me: true } } });
    expect(await like(bob, "alicePublic2")).toEqual({ status: 200, body: { data: { likes: 1, liked_by_me: true } } });
    expect(await like(alice, "alicePublic2")).toEqual({ status: 200, body: { data: { likes: 2, liked_by_me: true } } });
    expect(await like(alice, "alicePublic2", "DELETE")).toEqual({
      status: 200,
      body: { data: { likes: 1, liked_by_me: false } },
    });
  });

  it("404s another user's private image and an unknown id, for like and unlike", async () => {
    for (const [user, id] of [
      [bob, "alicePrivate"],
      [bob, "doesNotExist"],
      [alice, "bad id!"],
    ] as const) {
      for (const method of ["POST", "DELETE"] as const) {
        const res = await like(user, id, method);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      }
    }
    expect((await like(alice, "alicePrivate")).body.data).toEqual({ likes: 1, liked_by_me: true });
    await like(alice, "alicePrivate", "DELETE");
  });

  it("ranks public images by likes and remixes, with the viewer's like and signed URLs", async () => {
    // alicePublic1: 1 remix; alicePublic2: 1 like (bob). A tie: newer first.
    const page = await json(await trendingRoute.GET(req("/api/v1/images/trending", { token: bob.token }), noParams));
    expect(page.status).toBe(200);
    const items = page.body.data.items as {
      id: string;
      likes: number;
      remixes: number;
      liked_by_me: boolean;
      urls: { thumbnail: string };
    }[];
    expect(items.map((i) => i.id).slice(0, 2)).toEqual(["alicePublic2", "alicePublic1"]);
    expect(items.map((i) => i.id)).not.toContain("alicePrivate");
    expect(items[0]).toMatchObject({ likes: 1, remixes: 0, liked_by_me: true });
    expect(items[1]).toMatchObject({ likes: 0, remixes: 1, liked_by_me: false });
    expect(items[0]!.urls.thumbnail).toMatch(/thumb\.webp\?expires=/);

    // A second like on alicePublic1 puts it first at once.
    await like(alice, "alicePublic1");
    const again = await json(
      await trendingRoute.GET(req("/api/v1/images/trending?limit=1", { token: alice.token }), noParams),
    );
    expect(again.body.data.items.map((i: { id: string }) => i.id)).toEqual(["alicePublic1"]);
    const next = again.body.data.next_cursor as string;
    const page2 = await json(
      await trendingRoute.GET(req(`/api/v1/images/trending?limit=1&cursor=${next}`, { token: alice.token }), noParams),
    );
    expect(page2.body.data.items.map((i: { id: string }) => i.id)).toEqual(["alicePublic2"]);
  });

  it("answers 422 for a bad cursor or limit", async () => {
    for (const q of ["cursor=not-a-cursor", "limit=0", "limit=1000", "limit=abc"]) {
      const res = await json(
        await trendingRoute.GET(req(`/api/v1/images/trending?${q}`, { token: bob.token }), noParams),
      );
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("unprocessable_entity");
    }
  });
});
