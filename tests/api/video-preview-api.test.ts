/**
 * The quick preview (POST/GET /api/v1/videos/{id}/preview) with real emulator
 * tokens: its 4xx answers, its hourly limit (10, counted only for previews
 * that are queued), and a real preview made by the preview job at a test size:
 * a small "Draft" MP4 stored apart from the video's rendered file, which it
 * never touches; a preview of an older revision says so; a failing preview
 * records its reason and keeps the earlier one.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

jest.setTimeout(240_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-video-preview-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.RATE_LIMIT_STORE = "memory";
process.env.RATE_LIMIT_FACTOR = "1";
delete process.env.RATE_LIMITS;

let videos: typeof import("@/app/api/v1/videos/route");
let one: typeof import("@/app/api/v1/videos/[id]/route");
let render: typeof import("@/app/api/v1/videos/[id]/render/route");
let preview: typeof import("@/app/api/v1/videos/[id]/preview/route");
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const create = async (token: string) => {
  const res = await json(
    await videos.POST(
      req("/api/v1/videos", {
        method: "POST",
        token,
        json: {
          brief: "Bean There roasts coffee in Lisbon. Every bag is roasted the morning it ships.",
          aspect_ratio: "16:9",
          length_s: 15,
          template_id: "starter-bold",
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      }),
      noParams,
    ),
  );
  expect(res.status).toBe(201);
  return res.body.data as { id: string; revision: number };
};
const post = async (id: string, token?: string) =>
  preview.POST(req(`/api/v1/videos/${id}/preview`, { method: "POST", token }), withId(id));
const get = async (id: string, token: string) =>
  json(await preview.GET(req(`/api/v1/videos/${id}/preview`, { token }), withId(id)));

beforeAll(async () => {
  videos = await import("@/app/api/v1/videos/route");
  one = await import("@/app/api/v1/videos/[id]/route");
  render = await import("@/app/api/v1/videos/[id]/render/route");
  preview = await import("@/app/api/v1/videos/[id]/preview/route");
  [alice, bob, carol] = await Promise.all([newUser("alice"), newUser("bob"), newUser("carol")]);
  const { getDb } = await import("@/lib/platform/db");
  const { addUser } = await import("@/tests/support/data-env");
  for (const u of [alice, bob, carol]) await addUser(getDb(), u.uid, 50);
});

afterAll(async () => {
  const { resetRateLimits } = await import("@/lib/platform/rate-limit");
  await resetRateLimits();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("makes a small Draft MP4 apart from the rendered file, marks an older revision, and records a failure", async () => {
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  const { ensureBundle } = await import("@/lib/engine/render/bundle");
  const { LocalRenderer } = await import("@/lib/engine/render/local-driver");
  const { createVideoWorker } = await import("@/lib/creation/video/worker");
  const { createPreviewWorker } = await import("@/lib/creation/video/preview-job");
  const { ffprobe } = await import("@/tests/support/render-env");
  const { content } = await import("@/lib/platform/db/collections");
  await ensureBundle();
  const renderer = new LocalRenderer();
  const deps = { db: getDb(), store: getBlobStore(), log: () => undefined, note: () => undefined };
  try {
    const v = await create(alice.token);
    // A rendered video first (a test size), so there is a final file the preview must leave alone.
    await render.POST(req(`/api/v1/videos/${v.id}/render`, { method: "POST", token: alice.token }), withId(v.id));
    const rendered = await createVideoWorker({
      ...deps,
      renderer: () => renderer,
      renderWidth: 160,
      renderFps: 5,
    }).processNext();
    expect(rendered?.outcome).toBe("succeeded");
    const settingsBefore = (await getDb().collection(content).doc(v.id).get())!.data.settings as Record<string, any>;
    const finalKey: string = settingsBefore.files.video_key;
    const hash = async (key: string) =>
      createHash("sha256")
        .update(Buffer.concat(await (await getBlobStore().get(key))!.body.toArray()))
        .digest("hex");
    const finalHash = await hash(finalKey);

    expect((await post(v.id, alice.token)).status).toBe(202);
    const previewWorker = createPreviewWorker({ ...deps, renderer: () => renderer, renderWidth: 240 });
    expect((await previewWorker.processNext())?.outcome).toBe("succeeded");
    const made = (await get(v.id, alice.token)).body.data;
    expect(made).toMatchObject({ state: "succeeded", progress: 1, error: null, revision: v.revision });
    expect(made.file).toMatchObject({ revision: v.revision, width: 240, height: 136, fps: 10 });
    expect(made.file.share_url).not.toBe(made.file.video_url);

    // The final file and the render's state are untouched; the preview is its own file.
    const settingsAfter = (await getDb().collection(content).doc(v.id).get())!.data.settings as Record<string, any>;
    expect(settingsAfter.files).toEqual(settingsBefore.files);
    expect(settingsAfter.render).toEqual(settingsBefore.render);
    expect(await hash(finalKey)).toBe(finalHash);
    expect(settingsAfter.quick_preview.file.key).not.toBe(finalKey);
    expect(settingsAfter.quick_preview.file.key).toMatch(new RegExp(`^videos/${alice.uid}/${v.id}/preview/`));
    const local = path.join(dataDir, "preview.mp4");
    writeFileSync(
      local,
      Buffer.concat(await (await getBlobStore().get(settingsAfter.quick_preview.file.key))!.body.toArray()),
    );
    const probe = await ffprobe(local);
    const video = probe.streams.find((s) => s.codec_type === "video")!;
    expect([video.codec_name, video.width, video.height]).toEqual(["h264", 240, 136]);
    expect(Number(probe.format.duration)).toBeGreaterThan(10);

    // An edit: the preview now shows an earlier revision, and says so.
    const current = (await json(await one.GET(req(`/api/v1/videos/${v.id}`, { token: alice.token }), withId(v.id))))
      .body.data;
    const edited = await json(
      await one.PATCH(
        req(`/api/v1/videos/${v.id}`, {
          method: "PATCH",
          token: alice.token,
          json: { revision: current.revision, title: "Morning roast" },
        }),
        withId(v.id),
      ),
    );
    expect(edited.status).toBe(200);
    const stale = (await get(v.id, alice.token)).body.data;
    expect(stale.video_revision).toBeGreaterThan(stale.file.revision);

    // A preview that cannot render fails cleanly: its reason recorded, the earlier preview kept.
    expect((await post(v.id, alice.token)).status).toBe(202);
    const broken = new LocalRenderer({ serveUrl: path.join(dataDir, "no-bundle-here"), pool: renderer.pool });
    const failing = createPreviewWorker({ ...deps, renderer: () => broken, renderWidth: 240 });
    let outcome = await failing.processNext();
    if (outcome?.outcome === "retrying") outcome = await failing.processNext();
    expect(outcome?.outcome).toBe("failed");
    const failed = (await get(v.id, alice.token)).body.data;
    expect(failed.state).toBe("failed");
    expect(failed.error).toEqual(expect.any(String));
    expect(failed.error).not.toMatch(/credits/);
    expect(failed.file.revision).toBe(made.file.revision);
    const settingsLast = (await getDb().collection(content).doc(v.id).get())!.data.settings as Record<string, any>;
    expect(settingsLast.files).toEqual(settingsBefore.files);
  } finally {
    await renderer.close();
  }
});

it("answers 401, 404 (unknown, or another person's video), 405, and null before the first preview", async () => {
  const v = await create(alice.token);
  expect((await post(v.id)).status).toBe(401);
  const missing = await json(await post("nope1234567890", alice.token));
  expect(missing.status).toBe(404);
  expect(missing.body.error.code).toBe("not_found");
  expect((await json(await post(v.id, bob.token))).status).toBe(404);
  expect((await get(v.id, bob.token)).status).toBe(404);
  expect(preview.PUT().status).toBe(405);
  expect(await get(v.id, alice.token)).toEqual({ status: 200, body: { data: null } });
});

it("queues one preview at a time, none while the video renders, and charges nothing", async () => {
  const v = await create(alice.token);
  const before = (await json(await one.GET(req(`/api/v1/videos/${v.id}`, { token: alice.token }), withId(v.id)))).body
    .data;
  const { getDb } = await import("@/lib/platform/db");
  const { balanceOf } = await import("@/tests/support/data-env");
  const balance = await balanceOf(getDb(), alice.uid);
  const first = await json(await post(v.id, alice.token));
  expect(first.status).toBe(202);
  expect(first.body.data).toMatchObject({
    state: "queued",
    revision: v.revision,
    video_revision: v.revision,
    file: null,
  });
  const again = await json(await post(v.id, alice.token));
  expect(again.status).toBe(409);
  expect(again.body.error.message).toMatch(/already being made/);
  const after = (await json(await one.GET(req(`/api/v1/videos/${v.id}`, { token: alice.token }), withId(v.id)))).body
    .data;
  // The video itself is as it was: status, render, files and credits.
  expect({ s: after.status, r: after.render, f: after.files, c: after.credits_spent }).toEqual({
    s: before.status,
    r: before.render,
    f: before.files,
    c: before.credits_spent,
  });
  expect(await balanceOf(getDb(), alice.uid)).toBe(balance);

  // A copy of the video has no preview of its own yet (the copied settings do not carry it over).
  const { POST: duplicate } = await import("@/app/api/v1/videos/[id]/duplicate/route");
  const copy = await json(
    await duplicate(req(`/api/v1/videos/${v.id}/duplicate`, { method: "POST", token: alice.token }), withId(v.id)),
  );
  expect(copy.status).toBe(201);
  expect((await get(copy.body.data.id, alice.token)).body.data).toBeNull();
  expect((await post(copy.body.data.id, alice.token)).status).toBe(202);

  const other = await create(alice.token);
  expect(
    (
      await json(
        await render.POST(
          req(`/api/v1/videos/${other.id}/render`, { method: "POST", token: alice.token }),
          withId(other.id),
        ),
      )
    ).status,
  ).toBe(202);
  const whileRendering = await json(await post(other.id, alice.token));
  expect(whileRendering.status).toBe(409);
  expect(whileRendering.body.error.message).toMatch(/rendering/);
});

it("allows 10 quick previews an hour, then answers 429 with Retry-After (refusals are not counted)", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 11; i++) ids.push((await create(carol.token)).id);
  for (const [i, id] of ids.slice(0, 10).entries()) {
    expect((await post(id, carol.token)).status).toBe(202);
    // A second request while it is queued is a 409 and spends nothing.
    if (i === 0) expect((await post(id, carol.token)).status).toBe(409);
  }
  const over = await post(ids[10]!, carol.token);
  expect(over.status).toBe(429);
  expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await over.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("rate_limited");
  expect(body.error.message).toMatch(/at most 10 an hour/);
  // Another person's allowance is their own.
  expect((await post((await create(bob.token)).id, bob.token)).status).toBe(202);
});
