/**
 * The video routes called directly with real emulator tokens: typed answers
 * for good and bad input (no render runs here: IN_APP_WORKER=0; the render
 * pipeline is tests/video/video-service.test.ts, the screens tests/e2e).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-video-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let videos: typeof import("@/app/api/v1/videos/route");
let options: typeof import("@/app/api/v1/videos/options/route");
let one: typeof import("@/app/api/v1/videos/[id]/route");
let render: typeof import("@/app/api/v1/videos/[id]/render/route");
let share: typeof import("@/app/api/v1/videos/[id]/share/route");
let player: typeof import("@/app/api/v1/videos/[id]/player/route");
let preview: typeof import("@/app/api/v1/videos/templates/[templateId]/preview/route");
let publicMedia: typeof import("@/app/api/v1/public/videos/[id]/[variant]/route");
let voiceSample: typeof import("@/app/api/v1/voices/[voiceId]/sample/route");
let alice: TestUser;
let bob: TestUser;

const BRIEF = "Bean There roasts coffee in Lisbon. Every bag is roasted the morning it ships.";
const create = (token: string, over: Record<string, unknown> = {}) =>
  videos.POST(
    req("/api/v1/videos", {
      method: "POST",
      token,
      json: {
        brief: BRIEF,
        aspect_ratio: "9:16",
        length_s: 15,
        template_id: null,
        voice_id: null,
        captions: false,
        music: false,
        model_id: "local/preview",
        ...over,
      },
    }),
    noParams,
  );

beforeAll(async () => {
  videos = await import("@/app/api/v1/videos/route");
  options = await import("@/app/api/v1/videos/options/route");
  one = await import("@/app/api/v1/videos/[id]/route");
  render = await import("@/app/api/v1/videos/[id]/render/route");
  share = await import("@/app/api/v1/videos/[id]/share/route");
  player = await import("@/app/api/v1/videos/[id]/player/route");
  preview = await import("@/app/api/v1/videos/templates/[templateId]/preview/route");
  publicMedia = await import("@/app/api/v1/public/videos/[id]/[variant]/route");
  voiceSample = await import("@/app/api/v1/voices/[voiceId]/sample/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  for (const [u, credits] of [
    [alice, 50],
    [bob, 0],
  ] as const) {
    await getDb()
      .collection(users)
      .doc(u.uid)
      .create({
        user_id: u.uid,
        email: `${u.uid}@example.com`,
        name: "T",
        photo_url: null,
        provider: "password",
        is_staff: false,
        credits,
        plan: "free",
        created_at: at,
        last_login_at: at,
      });
  }
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("answers 401 without a token", async () => {
  const res = await options.GET(req("/api/v1/videos/options"), noParams);
  expect(res.status).toBe(401);
});

it("lists what a video can be made with, the price table and my balance", async () => {
  const { status, body } = await json(
    await options.GET(req("/api/v1/videos/options", { token: alice.token }), noParams),
  );
  expect(status).toBe(200);
  expect(body.data.templates.length).toBeGreaterThanOrEqual(4);
  expect(body.data.models).toContainEqual(
    expect.objectContaining({ id: "local/preview", available: true, preview: true }),
  );
  expect(body.data.lengths).toEqual([15, 20, 30, 45, 60]);
  expect(body.data.balance).toBe(50);
  expect(body.data.pricing.per_15s.local).toBeGreaterThan(0);
  const t = body.data.templates[0].id;
  const p = await json(
    await preview.GET(req(`/api/v1/videos/templates/${t}/preview?ratio=9:16`, { token: alice.token }), {
      params: Promise.resolve({ templateId: t }),
    }),
  );
  expect(p.status).toBe(200);
  expect([p.body.data.props.width, p.body.data.props.height]).toEqual([320, 568]);
  expect(
    (
      await preview.GET(req(`/api/v1/videos/templates/nope/preview`, { token: alice.token }), {
        params: Promise.resolve({ templateId: "nope" }),
      })
    ).status,
  ).toBe(404);
});

it("creates a draft (201), reads it back, and keeps it from other users (404)", async () => {
  const created = await json(await create(alice.token));
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect(created.body.data).toMatchObject({
    status: "draft",
    kind: "video",
    aspect_ratio: "9:16",
    revision: 0,
    files: null,
    render: null,
  });
  const got = await json(await one.GET(req(`/api/v1/videos/${id}`, { token: alice.token }), withId(id)));
  expect(got.body.data.composition.scenes.length).toBe(3);
  expect((await one.GET(req(`/api/v1/videos/${id}`, { token: bob.token }), withId(id))).status).toBe(404);
  expect(
    (
      await one.PATCH(
        req(`/api/v1/videos/${id}`, { method: "PATCH", token: bob.token, json: { revision: 0, title: "x" } }),
        withId(id),
      )
    ).status,
  ).toBe(404);
  const list = await json(await videos.GET(req("/api/v1/videos", { token: alice.token }), noParams));
  expect(list.body.data.map((v: { id: string }) => v.id)).toContain(id);
  const props = await json(await player.GET(req(`/api/v1/videos/${id}/player`, { token: alice.token }), withId(id)));
  expect(props.body.data).toMatchObject({ revision: 0, props: { width: 480 } });
});

it("refuses bad input with typed 4xx and changes nothing", async () => {
  expect((await create(alice.token, { brief: "" })).status).toBe(422);
  expect((await create(alice.token, { length_s: 0 })).status).toBe(422);
  expect((await create(alice.token, { template_id: "missing" })).status).toBe(422);
  const bad = await videos.POST(
    req("/api/v1/videos", {
      method: "POST",
      token: alice.token,
      body: "{not json",
      headers: { "content-type": "application/json" },
    }),
    noParams,
  );
  expect(bad.status).toBe(400);
  const id = (await json(await create(alice.token))).body.data.id;
  const stale = await json(
    await one.PATCH(
      req(`/api/v1/videos/${id}`, { method: "PATCH", token: alice.token, json: { revision: 7, title: "Stale" } }),
      withId(id),
    ),
  );
  expect(stale.status).toBe(409);
  expect(stale.body.error.code).toBe("conflict");
  const malformed = await one.PATCH(
    req(`/api/v1/videos/${id}`, { method: "PATCH", token: alice.token, json: { revision: 0, scenes: [] } }),
    withId(id),
  );
  expect(malformed.status).toBe(422);
  expect(
    (
      await share.PUT(
        req(`/api/v1/videos/${id}/share`, { method: "PUT", token: alice.token, json: { public: true } }),
        withId(id),
      )
    ).status,
  ).toBe(409);
  expect((await one.POST()).status).toBe(405);
  const after = await json(await one.GET(req(`/api/v1/videos/${id}`, { token: alice.token }), withId(id)));
  expect(after.body.data).toMatchObject({ revision: 0, visibility: "private" });
});

it("renders cost credits up front (202), 402 when short; public files stay 404 until shared", async () => {
  const id = (await json(await create(alice.token))).body.data.id;
  const accepted = await json(
    await render.POST(req(`/api/v1/videos/${id}/render`, { method: "POST", token: alice.token }), withId(id)),
  );
  expect(accepted.status).toBe(202);
  expect(accepted.body.data.render).toMatchObject({ state: "queued", credits: 2 });
  expect(
    (await render.POST(req(`/api/v1/videos/${id}/render`, { method: "POST", token: alice.token }), withId(id))).status,
  ).toBe(409);
  const editing = await one.PATCH(
    req(`/api/v1/videos/${id}`, { method: "PATCH", token: alice.token, json: { revision: 0, title: "Now" } }),
    withId(id),
  );
  expect(editing.status).toBe(409);

  const bobs = (await json(await create(bob.token))).body.data.id;
  const poor = await json(
    await render.POST(req(`/api/v1/videos/${bobs}/render`, { method: "POST", token: bob.token }), withId(bobs)),
  );
  expect(poor.status).toBe(402);
  for (const variant of ["video", "poster", "captions", "nope"]) {
    expect(
      (
        await publicMedia.GET(req(`/api/v1/public/videos/${id}/${variant}`), {
          params: Promise.resolve({ id, variant }),
        })
      ).status,
    ).toBe(404);
  }
});

it("plays a voice sample as WAV, and 404s an unknown voice", async () => {
  const ok = await voiceSample.GET(req("/api/v1/voices/espeak:en-us-f/sample", { token: alice.token }), {
    params: Promise.resolve({ voiceId: "espeak:en-us-f" }),
  });
  expect(ok.status).toBe(200);
  expect(ok.headers.get("content-type")).toBe("audio/wav");
  expect(
    Buffer.from(await ok.arrayBuffer())
      .subarray(0, 4)
      .toString(),
  ).toBe("RIFF");
  expect(
    (
      await voiceSample.GET(req("/api/v1/voices/nobody/sample", { token: alice.token }), {
        params: Promise.resolve({ voiceId: "nobody" }),
      })
    ).status,
  ).toBe(404);
});
