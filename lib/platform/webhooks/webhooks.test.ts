/**
 * Users' webhooks on the embedded store, delivered over real HTTP to a
 * receiver on 127.0.0.1 (allow-listed here, as the test stack does with
 * URL_FETCH_ALLOW_HOSTS): the body is signed so `verifySignature` accepts it,
 * a 500 is retried with backoff (time driven through the worker's clock, no
 * sleeping), every attempt is logged, a resend carries the same event; a
 * private or internal address is refused when saved and again when sent;
 * a finished render emits one `video.ready` to the owner's subscribed
 * endpoint only.
 */
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { ApiError } from "@/lib/platform/api/errors";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import type { RenderDriver } from "@/lib/engine/render/types";
import { RenderError } from "@/lib/engine/render/errors";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { verifySignature } from "@/lib/platform/http/webhook";
import type { Resolver } from "@/lib/platform/http/safe-fetch";
import { addUser, balanceOf, fakeGenerator, MODELS, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { startGeneration } from "@/lib/media/images/generation-service";
import { createImageWorker } from "@/lib/media/images/worker";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "./collections";
import { createWebhookInput } from "./contract";
import { dispatchPendingEvents, listDeliveries, resendDelivery, sendTestEvent } from "./deliveries";
import { createEndpoint, deleteEndpoint, listEndpoints } from "./endpoints";
import { createWebhookWorker } from "./worker";
import { createDesign } from "@/lib/creation/designs/service/create-design";
import { requestExport } from "@/lib/creation/designs/export";
import { createDesignWorker } from "@/lib/creation/designs/worker";

jest.setTimeout(60_000);

const LOOPBACK = { allowHosts: ["127.0.0.1"] };
let env: TestEnv;
let clock = new Date("2026-11-26T10:00:00.000Z");
const now = () => clock;

/** A receiver on 127.0.0.1 that answers each request with the next status of `answers` (then 200). */
async function receiver(answers: number[] = []) {
  const got: { body: string; signature: string; event: string; delivery: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      got.push({
        body: Buffer.concat(chunks).toString(),
        signature: String(req.headers["promptframe-signature"]),
        event: String(req.headers["promptframe-event"]),
        delivery: String(req.headers["promptframe-delivery"]),
      });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { got, url: `http://127.0.0.1:${port}/hooks`, close: () => new Promise((r) => server.close(r)) };
}

const input = (url: string, events: string[]) => createWebhookInput.parse({ url, events, description: "Test" });
const worker = (o: { allowHosts?: string[] } = LOOPBACK) =>
  createWebhookWorker({ db: env.db, now, webhook: { ...o, timeoutMs: 2000 }, log: () => undefined });

/** Runs the webhook worker until it has nothing to do at the current time. */
async function drain(w: ReturnType<typeof worker>) {
  for (let i = 0; i < 50; i++) if (!(await w.processNext())) return;
  throw new Error("the webhook worker did not settle");
}

beforeAll(() => {
  env = openTestEnv();
});
afterAll(async () => env?.close());

it("delivers a signed test event over HTTP, retries a 500 with backoff, logs each attempt, and resends the same event", async () => {
  const r = await receiver([500]);
  try {
    const ep = await createEndpoint(env.db, "hook-owner", input(r.url, ["video.ready"]), LOOPBACK);
    expect(ep.secret).toMatch(/^whsec_/);
    expect((await listEndpoints(env.db, "hook-owner"))[0]).not.toHaveProperty("secret");
    const queued = await sendTestEvent(env.db, "hook-owner", ep.id, clock);
    expect(queued.state).toBe("pending");

    const w = worker();
    expect(await w.processNext()).toMatchObject({ outcome: "retrying" });
    let [d] = await listDeliveries(env.db, "hook-owner", ep.id);
    expect(d).toMatchObject({
      state: "retrying",
      next_attempt_at: new Date(clock.getTime() + 10_000).toISOString(),
    });
    expect(d!.attempts.map((a) => a.status)).toEqual([500]);
    expect(d!.attempts[0]!.error).toBe("answered 500");

    // Not due yet (9.9 s later): nothing is sent. Once the ten seconds are past, the retry goes out and succeeds.
    clock = new Date(clock.getTime() + 9_900);
    expect(await w.processNext()).toBeNull();
    expect(r.got).toHaveLength(1);
    clock = new Date(clock.getTime() + 101);
    expect(await w.processNext()).toMatchObject({ outcome: "succeeded" });
    [d] = await listDeliveries(env.db, "hook-owner", ep.id);
    expect(d!.state).toBe("succeeded");
    expect(d!.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(d!.attempts.every((a) => a.duration_ms >= 0)).toBe(true);

    const last = r.got[1]!;
    expect(last.body).toBe(d!.payload);
    expect(JSON.parse(last.body)).toMatchObject({
      id: d!.event_id,
      type: "webhook.test",
      data: { endpoint_id: ep.id },
    });
    expect(last.event).toBe("webhook.test");
    expect(last.delivery).toBe(d!.id);
    expect(verifySignature({ secret: ep.secret, rawBody: last.body, header: last.signature, now: clock })).toBe(true);
    expect(verifySignature({ secret: ep.secret, rawBody: `${last.body} `, header: last.signature, now: clock })).toBe(
      false,
    );

    // Resend: a new delivery of the same event, same bytes.
    const again = await resendDelivery(env.db, "hook-owner", ep.id, d!.id, clock);
    expect(again).toMatchObject({ resend_of: d!.id, event_id: d!.event_id, state: "pending" });
    await drain(w);
    expect(r.got).toHaveLength(3);
    expect(r.got[2]!.body).toBe(last.body);
    const log = await listDeliveries(env.db, "hook-owner", ep.id);
    expect(log.map((x) => x.state)).toEqual(["succeeded", "succeeded"]);

    // Another person cannot see the log, send to, or resend on this endpoint.
    await expect(listDeliveries(env.db, "someone-else", ep.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(sendTestEvent(env.db, "someone-else", ep.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(resendDelivery(env.db, "someone-else", ep.id, d!.id)).rejects.toMatchObject({ code: "not_found" });

    // Deleting the endpoint deletes its log.
    await deleteEndpoint(env.db, "hook-owner", ep.id);
    expect(await env.db.collection(webhookDeliveries).where("endpoint_id", "==", ep.id).count()).toBe(0);
  } finally {
    await r.close();
  }
});

it("refuses a private or internal address when saved, and again when sent", async () => {
  // A name that resolves inside (what DNS rebinding or an internal name would give).
  const inside: Resolver = async () => [{ address: "10.0.0.7", family: 4 }];
  const outside: Resolver = async () => [{ address: "93.184.215.14", family: 4 }];
  const refused = async (url: string, resolver: Resolver = outside) => {
    const e = await createEndpoint(env.db, "guarded", input(url, ["video.ready"]), { allowHosts: [], resolver }).catch(
      (x) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(422);
    return (e as ApiError).message;
  };
  expect(await refused("https://10.1.2.3/hook")).toMatch(/private or reserved address/);
  expect(await refused("https://127.0.0.1:9000/hook")).toMatch(/public addresses/);
  expect(await refused("https://[::ffff:169.254.169.254]/latest")).toMatch(/public addresses/);
  expect(await refused("https://localhost/hook")).toMatch(/this server or its private network/);
  expect(await refused("https://metadata.google.internal/")).toMatch(/this server or its private network/);
  expect(await refused("https://hooks.example.com/in", inside)).toMatch(/10\.0\.0\.7/);
  expect(await refused("http://hooks.example.com/in")).toMatch(/https/);
  expect(await refused("ftp://hooks.example.com/in")).toMatch(/http and https/);
  expect(await env.db.collection(webhookEndpoints).where("owner_id", "==", "guarded").count()).toBe(0);
  // A public https address is accepted.
  const ok = await createEndpoint(env.db, "guarded", input("https://hooks.example.com/in", ["image.ready"]), {
    allowHosts: [],
    resolver: outside,
  });
  expect(ok.url).toBe("https://hooks.example.com/in");

  // Saved while the loopback receiver was allowed; sent once it no longer is: refused at send time, nothing sent.
  const r = await receiver();
  try {
    const ep = await createEndpoint(env.db, "guarded", input(r.url, ["video.ready"]), LOOPBACK);
    await sendTestEvent(env.db, "guarded", ep.id, clock);
    await worker({ allowHosts: [] }).processNext();
    const [d] = await listDeliveries(env.db, "guarded", ep.id);
    expect(d!.attempts[0]).toMatchObject({ status: null, error: expect.stringMatching(/private or reserved/) });
    expect(r.got).toHaveLength(0);
  } finally {
    await r.close();
  }
});

/** A renderer that writes a tiny MP4 (no browser), as the production tests do. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2"), Buffer.alloc(64)]);
function fakeRenderer(): RenderDriver {
  return {
    kind: "local",
    async renderVideo(o) {
      await fs.writeFile(o.outputPath, MP4);
      return { durationMs: 15000, width: 136, height: 240, sizeBytes: MP4.length, frames: 450 };
    },
    async renderPoster(o) {
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .jpeg()
        .toFile(o.outputPath);
      return { width: 8, height: 8, sizeBytes: 100, format: "jpeg" };
    },
    async renderStill(o) {
      const img = sharp({ create: { width: 8, height: 8, channels: 3, background: "#345" } });
      await (o.format === "png" ? img.png() : img.jpeg()).toFile(o.outputPath);
      return { width: 8, height: 8, sizeBytes: 100, format: o.format };
    },
    async close() {},
  };
}

it("a finished render emits one video.ready, to the owner's subscribed endpoints only", async () => {
  const deps: VideoDeps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
  };
  await addUser(env.db, "maker", 100);
  const r = await receiver();
  try {
    const subscribed = await createEndpoint(env.db, "maker", input(`${r.url}/a`, ["video.ready"]), LOOPBACK);
    const imagesOnly = await createEndpoint(env.db, "maker", input(`${r.url}/b`, ["image.ready"]), LOOPBACK);
    const theirs = await createEndpoint(env.db, "bystander", input(`${r.url}/c`, ["video.ready"]), LOOPBACK);
    const video = await createVideo(deps, "maker", {
      brief: "A steel bottle that keeps water cold for a day.",
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    });
    await requestRender(deps, "maker", video.id);
    const videos = createVideoWorker({ db: env.db, store: env.store, renderer: fakeRenderer, log: () => undefined });
    expect(await videos.processNext()).toMatchObject({ outcome: "succeeded" });

    // The event was written with the render's state change, before any webhook worker ran.
    const events = await env.db.collection(webhookEvents).where("owner_id", "==", "maker").get();
    expect(events.map((e) => [e.data.type, e.data.state])).toEqual([["video.ready", "pending"]]);

    await drain(worker());
    expect(r.got.map((g) => g.event)).toEqual(["video.ready"]);
    const body = JSON.parse(r.got[0]!.body);
    expect(body).toMatchObject({
      id: events[0]!.id,
      type: "video.ready",
      data: { object: "video", id: video.id, status: "ready", links: { api: `/api/v1/videos/${video.id}` } },
    });
    expect(
      verifySignature({ secret: subscribed.secret, rawBody: r.got[0]!.body, header: r.got[0]!.signature, now: clock }),
    ).toBe(true);
    expect((await listDeliveries(env.db, "maker", subscribed.id)).map((d) => d.state)).toEqual(["succeeded"]);
    expect(await listDeliveries(env.db, "maker", imagesOnly.id)).toEqual([]);
    expect(await listDeliveries(env.db, "bystander", theirs.id)).toEqual([]);

    // Dispatching again sends nothing more: one state change, one delivery.
    expect(await dispatchPendingEvents(env.db, clock)).toBe(0);
    await drain(worker());
    expect(r.got).toHaveLength(1);

    // Someone with no endpoint: their render's event is dropped once dispatched, so the outbox does not grow.
    await addUser(env.db, "quiet", 100);
    const quiet = await createVideo(deps, "quiet", {
      brief: "Fresh bread every morning.",
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    });
    await requestRender(deps, "quiet", quiet.id);
    expect(await videos.processNext()).toMatchObject({ outcome: "succeeded" });
    expect(await env.db.collection(webhookEvents).where("owner_id", "==", "quiet").get()).toHaveLength(1);
    expect(await dispatchPendingEvents(env.db, clock)).toBe(1);
    expect(await env.db.collection(webhookEvents).where("owner_id", "==", "quiet").get()).toHaveLength(0);
    expect(r.got).toHaveLength(1);
  } finally {
    await r.close();
  }
});

it("an image generation emits one image.ready per image made, each delivered once", async () => {
  await addUser(env.db, "painter", 100);
  const r = await receiver();
  try {
    const ep = await createEndpoint(env.db, "painter", input(r.url, ["image.ready", "video.failed"]), LOOPBACK);
    const { contentIds } = await startGeneration({
      uid: "painter",
      input: { prompt: "a red fox", modelId: "gpt-image-1", count: 2, seed: 7 },
      deps: { db: env.db, store: env.store, models: () => MODELS, now },
    });
    const images = createImageWorker({
      db: env.db,
      store: env.store,
      models: () => MODELS,
      generate: fakeGenerator(),
      now,
      log: () => undefined,
    });
    expect(await images.processNext()).toMatchObject({ outcome: "succeeded" });
    await drain(worker());
    const bodies = r.got.map((g) => JSON.parse(g.body));
    expect(bodies.map((b) => [b.type, b.data.id]).sort()).toEqual(contentIds.map((id) => ["image.ready", id]).sort());
    expect(bodies[0].data.links.download).toBe(`/api/v1/images/${bodies[0].data.id}/download`);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(2);
    expect((await listDeliveries(env.db, "painter", ep.id)).map((d) => d.state)).toEqual(["succeeded", "succeeded"]);
  } finally {
    await r.close();
  }
});

it("a finished design export emits one design.ready", async () => {
  const deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  await addUser(env.db, "designer", 100);
  const r = await receiver();
  try {
    const ep = await createEndpoint(env.db, "designer", input(r.url, ["design.ready"]), LOOPBACK);
    const d = await createDesign(deps, "designer", { template_id: "starter-elegant", aspect_ratio: "1:1" });
    await requestExport(deps, "designer", d.id, { format: "png" });
    const designs = createDesignWorker({
      db: env.db,
      store: env.store,
      renderer: fakeRenderer,
      renderWidth: 72,
      log: () => undefined,
    });
    expect(await designs.processNext()).toMatchObject({ outcome: "succeeded" });
    await drain(worker());
    expect(r.got.map((g) => JSON.parse(g.body))).toEqual([
      expect.objectContaining({ type: "design.ready", data: expect.objectContaining({ id: d.id, status: "ready" }) }),
    ]);
    expect((await listDeliveries(env.db, "designer", ep.id)).map((x) => x.state)).toEqual(["succeeded"]);
  } finally {
    await r.close();
  }
});

it("the log keeps 30 days: older finished deliveries and dispatched events go; one still retrying stays", async () => {
  const r = await receiver([200, 500, 500, 500]);
  try {
    const ep = await createEndpoint(env.db, "pruner", input(r.url, ["video.ready"]), LOOPBACK);
    const done = await sendTestEvent(env.db, "pruner", ep.id, clock);
    const w = worker();
    expect(await w.processNext()).toMatchObject({ outcome: "succeeded" });
    const retrying = await sendTestEvent(env.db, "pruner", ep.id, clock);
    expect(await w.processNext()).toMatchObject({ outcome: "retrying" });
    const events = env.db.collection(webhookEvents);
    const eventDoc = (state: "dispatched", at: Date) => ({
      owner_id: "pruner",
      type: "video.ready",
      data: { object: "video" },
      state,
      created_at: at.toISOString(),
    });
    await events.doc("old-dispatched").set(eventDoc("dispatched", clock));
    const ids = async () => (await listDeliveries(env.db, "pruner", ep.id)).map((d) => d.id).sort();

    // 29 days on, everything stays.
    clock = new Date(clock.getTime() + 29 * 86_400_000);
    const fresh = worker();
    await fresh.processNext();
    expect(await ids()).toEqual([done.id, retrying.id].sort());
    expect(await events.doc("old-dispatched").get()).not.toBeNull();

    // 31 days on: the finished delivery and the dispatched event go; the delivery still retrying stays.
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    await fresh.processNext();
    expect(await ids()).toContain(retrying.id);
    expect(await ids()).not.toContain(done.id);
    expect(await events.doc("old-dispatched").get()).toBeNull();
  } finally {
    await r.close();
  }
});

it("a render that fails for good emits one video.failed with the reason people read, and the credits come back", async () => {
  const deps: VideoDeps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
  };
  await addUser(env.db, "unlucky", 100);
  const r = await receiver();
  try {
    await createEndpoint(env.db, "unlucky", input(r.url, ["video.failed"]), LOOPBACK);
    const video = await createVideo(deps, "unlucky", {
      brief: "Handmade candles that smell like a forest after rain.",
      aspect_ratio: "1:1",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    });
    await requestRender(deps, "unlucky", video.id);
    expect(await balanceOf(env.db, "unlucky")).toBeLessThan(100);
    const broken = (): RenderDriver => ({
      ...fakeRenderer(),
      async renderVideo() {
        throw new RenderError("encoding-failed", "x264 exited with 1");
      },
    });
    const videos = createVideoWorker({ db: env.db, store: env.store, renderer: broken, log: () => undefined });
    expect(await videos.processNext()).toMatchObject({ outcome: "failed" });
    await drain(worker());
    expect(r.got.map((g) => g.event)).toEqual(["video.failed"]);
    const body = JSON.parse(r.got[0]!.body);
    expect(body).toMatchObject({
      type: "video.failed",
      data: {
        object: "video",
        id: video.id,
        status: "failed",
        error: expect.stringContaining("The video file could not be written."),
        previous_file_kept: false,
      },
    });
    expect(body.data.error).not.toMatch(/x264/);
    expect(await balanceOf(env.db, "unlucky")).toBe(100);
  } finally {
    await r.close();
  }
});
