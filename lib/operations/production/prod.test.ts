/**
 * Production runs on the embedded store with the real bulk and video workers
 * (a renderer that writes a tiny MP4, as in lib/creation/batches/batches.test.ts):
 * run accounting (counts, progress, ETA, credits), reruns that reuse
 * unchanged items and render only changed ones, retry and cancel, every
 * mutation logged once; the scheduler tick; source guards (not UTF-8, 100,000
 * rows, a feed that times out — nothing written); and the webhook, delivered
 * over real HTTP to a local server, signed, retried with backoff.
 */
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { ApiError } from "@/lib/platform/api/errors";
import { batches, batchItems } from "@/lib/creation/batches/collections";
import { createBatchWorker } from "@/lib/creation/batches/worker";
import { compositions, templates, templateVersions } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { rebuildBalance } from "@/lib/money/credits/credits";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { RenderError } from "@/lib/engine/render/errors";
import type { RenderDriver } from "@/lib/engine/render/types";
import { updateLog } from "@/lib/platform/update-log/collections";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { createClient } from "./clients";
import { jobs } from "@/lib/platform/db/collections";
import { prodPipelines, prodRunItems, prodRuns, prodWebhookDeliveries } from "./collections";
import type { PipelineInput } from "./contract";
import type { ProdDeps } from "./deps";
import { createPipeline, updatePipeline } from "./pipelines";
import { cancelRun, getRun, retryRun, startRun } from "./runs";
import { readCsvSource } from "./source";
import { nextRunAt } from "./schedule";
import { nextAttemptDelayMs, verifySignature } from "@/lib/platform/http/webhook";
import { createProdWorker } from "./worker";

jest.setTimeout(60_000);

const COST = 2; // 15 s with the Local preview writer
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2"), Buffer.alloc(64)]);
const failures = new Set<string>();

/** A tiny MP4; a scene saying FAILME always fails, one saying FLAKY fails on its first render only. */
function fakeRenderer(): RenderDriver {
  return {
    kind: "local",
    async renderVideo(input) {
      const text = JSON.stringify(input.props);
      const flaky = /FLAKY\w*/.exec(text)?.[0];
      if (text.includes("FAILME") || (flaky && !failures.has(flaky))) {
        if (flaky) failures.add(flaky);
        throw new RenderError("internal", "test failure", {
          retryable: false,
          userMessage: "The render failed: a test made it fail.",
        });
      }
      await fs.writeFile(input.outputPath, MP4);
      return { durationMs: 15000, width: 136, height: 240, sizeBytes: MP4.length, frames: 450 };
    },
    async renderPoster(input) {
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .jpeg()
        .toFile(input.outputPath);
      return { width: 8, height: 8, sizeBytes: 100, format: "jpeg" };
    },
    async renderStill() {
      throw new Error("not used");
    },
    async close() {},
  };
}

let env: TestEnv;
let deps: ProdDeps;
let clock = new Date("2026-11-23T10:00:00.000Z");
let videoWorker: ReturnType<typeof createVideoWorker>;
const SETTINGS = {
  template_id: null,
  aspect_ratios: ["9:16"],
  length_s: 15,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
} as const;

beforeAll(async () => {
  env = openTestEnv();
  deps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
    now: () => clock,
  };
  videoWorker = createVideoWorker({
    db: env.db,
    store: env.store,
    renderer: () => fakeRenderer(),
    log: () => undefined,
  });
  await addUser(env.db, "staff", 100);
});

afterAll(async () => env?.close());

async function drain(): Promise<void> {
  const w = createBatchWorker({ video: deps, links: null, log: () => undefined });
  for (let i = 0; i < 80; i++) {
    const a = await w.processNext();
    const b = await videoWorker.processNext();
    if (!a && !b) return;
  }
  throw new Error("workers did not settle");
}

async function pipelineOf(rows: string[], extra: Partial<PipelineInput> = {}) {
  const client = await createClient(deps, "staff", {
    name: `Client ${Math.random().toString(36).slice(2, 7)}`,
    brand_kit: {
      logo_asset_id: null,
      colors: { primary: "#111111", secondary: "#222222", accent: "#333333", text: "#000000", background: "#ffffff" },
      fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
    },
  });
  const source = {
    kind: "csv" as const,
    file_name: "rows.csv",
    rows: rows.map((p, i) => ({
      key: `id:${i + 1}`,
      row: { link: null, prompt: p, name: null, price: null, image_url: null },
    })),
  };
  return createPipeline(deps, "staff", {
    client_id: client.id,
    name: "Spotlights",
    source,
    settings: SETTINGS,
    ...extra,
  });
}

const logCount = async (id: string) => (await env.db.collection(updateLog).where("entity_id", "==", id).get()).length;

it("runs each row through the engine once, then a rerun reuses every unchanged video and renders only the changed row", async () => {
  const p = await pipelineOf(["Cold brew, steeped eighteen hours.", "The Lisbon roast.", "A spring tea sale."]);
  const before = await balanceOf(env.db, "staff");
  let run = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  expect(run).toMatchObject({ state: "running", item_count: 3, reused_count: 0, progress: 0, eta_s: null });
  expect(run.counts.waiting).toBe(3);
  expect(await balanceOf(env.db, "staff")).toBe(before - 3 * COST);
  // The run's rows are in its client's lane: the staff member's slots go to clients in turn (batches/queue.ts).
  const runBatch = (await env.db.collection(prodRuns).doc(run.id).get())!.data.batch_id!;
  const lanes = (await env.db.collection(batchItems).where("batch_id", "==", runBatch).get()).map((i) => i.data.lane);
  expect(lanes).toEqual([p.client_id, p.client_id, p.client_id]);

  // A tick of the bulk worker starts items: progress moves, and with time passing an ETA appears.
  await createBatchWorker({ video: deps, links: null, log: () => undefined }).processNext();
  clock = new Date(clock.getTime() + 10_000);
  run = await getRun(deps, p.id, run.id);
  expect(run.progress).toBeGreaterThan(0);
  expect(run.progress).toBeLessThan(1);
  expect(run.eta_s).toBeGreaterThan(0);

  await drain();
  run = await getRun(deps, p.id, run.id);
  expect(run).toMatchObject({
    state: "finished",
    done_count: 3,
    failed_count: 0,
    credits_used: 3 * COST,
    progress: 1,
    eta_s: null,
  });
  expect(run.items.every((i) => i.video_id && !i.reused)).toBe(true);

  // Same source again: nothing renders, nothing is charged, the outputs are the same videos.
  const again = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  expect(again).toMatchObject({ state: "finished", item_count: 3, reused_count: 3, done_count: 3, credits_used: 0 });
  expect(again.items.map((i) => i.video_id)).toEqual(run.items.map((i) => i.video_id));
  expect(await balanceOf(env.db, "staff")).toBe(before - 3 * COST);

  // One row edited: only it goes to a new batch.
  const pipe = (await env.db.collection(prodPipelines).doc(p.id).get())!.data;
  const rows = pipe.source.kind === "csv" ? pipe.source.rows : [];
  await updatePipeline(deps, "staff", p.id, {
    revision: pipe.revision,
    source: {
      kind: "csv",
      file_name: "rows.csv",
      rows: rows.map((r, i) => (i === 1 ? { ...r, row: { ...r.row, prompt: "The Lisbon roast, now darker." } } : r)),
    },
  });
  const third = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  expect(third).toMatchObject({ state: "running", item_count: 3, reused_count: 2 });
  expect(
    (
      await env.db
        .collection(batchItems)
        .where("batch_id", "==", (await env.db.collection(prodRuns).doc(third.id).get())!.data.batch_id!)
        .get()
    ).length,
  ).toBe(1);
  await drain();
  const done = await getRun(deps, p.id, third.id);
  expect(done).toMatchObject({ state: "finished", done_count: 3, credits_used: COST });
  expect(done.items[1]!.video_id).not.toBe(run.items[1]!.video_id);
  expect(done.items[0]!.video_id).toBe(run.items[0]!.video_id);
  expect(await balanceOf(env.db, "staff")).toBe(before - 4 * COST);
  expect((await rebuildBalance({ db: env.db, uid: "staff" })).matches).toBe(true);
  // create + update + three runs, each logged once on the pipeline.
  expect(await logCount(p.id)).toBe(5);
});

it("retries a failed item (charged anew, refunded when it failed) and counts it once it succeeds", async () => {
  const p = await pipelineOf(["A good row.", "FLAKY1 row that fails once."]);
  const before = await balanceOf(env.db, "staff");
  let run = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  await drain();
  run = await getRun(deps, p.id, run.id);
  expect(run).toMatchObject({ state: "finished", done_count: 1, failed_count: 1, credits_used: COST });
  expect(run.items[1]).toMatchObject({ state: "failed", attempts: 1 });
  expect(await balanceOf(env.db, "staff")).toBe(before - COST);

  run = await retryRun(deps, p.id, run.id, {});
  expect(run.state).toBe("running");
  expect(run.items[1]!.state).toBe("waiting");
  await drain();
  run = await getRun(deps, p.id, run.id);
  expect(run).toMatchObject({ state: "finished", done_count: 2, failed_count: 0, credits_used: 2 * COST });
  expect(run.items[1]).toMatchObject({ state: "done", attempts: 2 });
  expect(await balanceOf(env.db, "staff")).toBe(before - 2 * COST);
  // Nothing failed any more: a second retry is refused.
  await expect(retryRun(deps, p.id, run.id, {})).rejects.toMatchObject({ status: 409 });
});

it("cancels a run: unfinished items stop and are refunded, the run says cancelled, logged once", async () => {
  const p = await pipelineOf(["One.", "Two."]);
  const before = await balanceOf(env.db, "staff");
  const run = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  const logs = await logCount(p.id);
  const cancelled = await cancelRun(deps, p.id, run.id);
  expect(cancelled).toMatchObject({ state: "cancelled", credits_used: 0 });
  expect(cancelled.counts.cancelled).toBe(2);
  expect(await balanceOf(env.db, "staff")).toBe(before);
  expect(await logCount(p.id)).toBe(logs + 1);
  await drain();
  expect((await getRun(deps, p.id, run.id)).counts.done).toBe(0);
});

it("refuses a source it cannot use before anything is written: not UTF-8, 100,000 rows, a feed that times out", async () => {
  const latin1 = Buffer.from("prompt\nCaf\xe9 au lait\n", "latin1");
  expect(() => readCsvSource(latin1)).toThrow(/not UTF-8 \(first at line 2\).*CSV UTF-8/);
  const huge = Buffer.from("prompt\n" + "a video\n".repeat(100_000));
  expect(() => readCsvSource(huge)).toThrow(/100,001 lines\. At most 100 rows/);
  const ok = readCsvSource(
    Buffer.from("sku,url,title\nA1,https://shop.example/a,Kettle\nA2,https://shop.example/b,Mug\n"),
  );
  expect(ok.rows.map((r) => r.key)).toEqual(["id:A1", "id:A2"]);
  expect(ok.key_column).toBe("sku");

  // A feed on a local server that never answers.
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(() => undefined);
  server.on("connection", (s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const { port } = server.address() as AddressInfo;
    const slow = { ...deps, fetch: { timeoutMs: 300, allowHosts: ["127.0.0.1"] } };
    const client = await createClient(deps, "staff", {
      name: "Feed client",
      brand_kit: {
        logo_asset_id: null,
        colors: { primary: "#111111", secondary: "#222222", accent: "#333333", text: "#000000", background: "#ffffff" },
        fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
      },
    });
    const p = await createPipeline(deps, "staff", {
      client_id: client.id,
      name: "Feed",
      source: { kind: "feed", url: `http://127.0.0.1:${port}/feed.json`, format: "json" },
      settings: SETTINGS,
    });
    const counts = async () => [
      await env.db.collection(prodRuns).count(),
      await env.db.collection(batches).count(),
      await env.db.collection(prodRunItems).count(),
    ];
    const before = await counts();
    const e = await startRun(slow, p.id, { trigger: "manual", ownerId: "staff" }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/did not answer within 0 s|did not answer within/);
    expect(await counts()).toEqual(before);
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
});

it("the scheduler tick starts a due pipeline once and moves its next run on", async () => {
  expect(nextRunAt({ kind: "daily", time: "09:30" }, new Date("2026-11-23T10:00:00Z"))!.toISOString()).toBe(
    "2026-11-24T09:30:00.000Z",
  );
  expect(
    nextRunAt({ kind: "weekly", weekday: "mon", time: "12:00" }, new Date("2026-11-23T10:00:00Z"))!.toISOString(),
  ).toBe("2026-11-23T12:00:00.000Z");
  const p = await pipelineOf(["Scheduled row."], { schedule: { kind: "daily", time: "10:30" } });
  expect(p.next_run_at).toBe(
    new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate(), 10, 30)).toISOString(),
  );
  const worker = createProdWorker({ deps, log: () => undefined });
  await worker.schedulerTick();
  expect(await env.db.collection(prodRuns).where("pipeline_id", "==", p.id).count()).toBe(0);
  const saved = clock;
  clock = new Date(Date.parse(p.next_run_at!) + 1000);
  try {
    expect(await worker.schedulerTick()).toBe(1);
    expect(await worker.schedulerTick()).toBe(0);
    const runs = await env.db.collection(prodRuns).where("pipeline_id", "==", p.id).get();
    expect(runs.map((r) => [r.data.trigger, r.data.owner_id])).toEqual([["schedule", "staff"]]);
    expect((await env.db.collection(prodPipelines).doc(p.id).get())!.data.next_run_at).toBe(
      new Date(Date.parse(p.next_run_at!) + 86_400_000).toISOString(),
    );
    await cancelRun(deps, p.id, runs[0]!.id);
  } finally {
    clock = saved;
  }
});

it("notifies the webhook over HTTP with a Stripe-style signature, retrying a failure with backoff and logging each attempt", async () => {
  expect([1, 2, 3, 4, 5, 6].map(nextAttemptDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, null]);
  const received: { body: string; signature: string; status: number }[] = [];
  const answers = [500, 204];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const status = answers.shift() ?? 200;
      received.push({
        body: Buffer.concat(chunks).toString(),
        signature: String(req.headers["promptframe-signature"]),
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const { port } = server.address() as AddressInfo;
    const p = await pipelineOf(["Hook row."], { webhook_url: `http://127.0.0.1:${port}/hooks/runs` });
    expect(p.webhook_secret).toMatch(/^whsec_/);
    const run = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
    await drain();
    const worker = createProdWorker({
      deps,
      webhook: { allowHosts: ["127.0.0.1"], timeoutMs: 2000 },
      log: () => undefined,
    });
    // Settles the run (creating the delivery), queues it as a job, sends it: the receiver answers 500.
    await worker.processNext();
    let [delivery] = await env.db.collection(prodWebhookDeliveries).where("run_id", "==", run.id).get();
    expect(delivery!.data).toMatchObject({
      state: "waiting",
      next_attempt_at: new Date(clock.getTime() + 10_000).toISOString(),
    });
    expect(delivery!.data.attempts.map((a) => a.status)).toEqual([500]);
    // Not due yet: nothing is sent. Ten seconds later the retry goes out and succeeds.
    await worker.processNext();
    expect(received).toHaveLength(1);
    clock = new Date(clock.getTime() + 10_000);
    await worker.processNext();
    [delivery] = await env.db.collection(prodWebhookDeliveries).where("run_id", "==", run.id).get();
    expect(delivery!.data.state).toBe("succeeded");
    expect(delivery!.data.attempts.map((a) => a.status)).toEqual([500, 204]);
    expect(received).toHaveLength(2);
    const body = JSON.parse(received[1]!.body);
    expect(body).toMatchObject({
      event: "run.finished",
      data: { run_id: run.id, pipeline_id: p.id, done_count: 1, item_count: 1 },
    });
    expect(
      verifySignature({
        secret: p.webhook_secret!,
        rawBody: received[1]!.body,
        header: received[1]!.signature,
        now: clock,
      }),
    ).toBe(true);
    expect(
      verifySignature({
        secret: p.webhook_secret!,
        rawBody: received[1]!.body + " ",
        header: received[1]!.signature,
        now: clock,
      }),
    ).toBe(false);
    expect(
      verifySignature({
        secret: "whsec_other-secret-000000",
        rawBody: received[1]!.body,
        header: received[1]!.signature,
        now: clock,
      }),
    ).toBe(false);
    // A replay an hour later is refused by the receiver's tolerance.
    expect(
      verifySignature({
        secret: p.webhook_secret!,
        rawBody: received[1]!.body,
        header: received[1]!.signature,
        now: new Date(clock.getTime() + 3_600_000),
      }),
    ).toBe(false);
    expect((await getRun(deps, p.id, run.id)).deliveries[0]!.attempts).toHaveLength(2);
  } finally {
    await new Promise((r) => server.close(r));
  }
});

it("a webhook delivery that never ends (a DNS answer that never comes) is ended at the job's deadline, counted as a failed attempt, and the worker goes on", async () => {
  const asked: AbortSignal[] = [];
  const p = await pipelineOf(["Hook row, stalled."], { webhook_url: "http://stalled-hook.test/hooks/runs" });
  const run = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  await drain();
  // The POST's own limit is far away: only the queue's deadline can end this attempt.
  const resolver = (_host: string, signal: AbortSignal) => {
    asked.push(signal);
    return new Promise<never>(() => {});
  };
  const worker = createProdWorker({
    deps,
    webhook: { allowHosts: [], resolver, timeoutMs: 600_000 },
    deadlineMs: 200,
    log: () => undefined,
  });
  await worker.processNext(); // settles the run, queues the delivery, and tries it: returns, at the deadline
  expect(asked[0]?.aborted).toBe(true);
  const [delivery] = await env.db.collection(prodWebhookDeliveries).where("run_id", "==", run.id).get();
  expect(delivery!.data).toMatchObject({ state: "waiting", job_id: null });
  expect(delivery!.data.attempts.map((a) => a.error)).toEqual(["did not answer in time"]);
  const hookJobs = (await env.db.collection(jobs).where("type", "==", "prod.webhook").get()).filter(
    (j) => (j.data.input as { delivery_id?: string }).delivery_id === delivery!.id,
  );
  expect(hookJobs.map((j) => j.data.state)).toEqual(["succeeded"]);
  expect(await worker.processNext()).toBeNull(); // free to claim: nothing else due
});

it("seeds the demo once: one client, one pipeline and a real run whose two videos finish", async () => {
  const { ensureProdDemo, DEMO_CLIENT_ID, DEMO_PIPELINE_ID } = await import("./demo");
  await Promise.all([ensureProdDemo(deps, "staff"), ensureProdDemo(deps, "staff")]);
  await ensureProdDemo(deps, "staff");
  const runs = await env.db.collection(prodRuns).where("pipeline_id", "==", DEMO_PIPELINE_ID).get();
  expect(runs).toHaveLength(1);
  expect((await env.db.collection(prodPipelines).where("client_id", "==", DEMO_CLIENT_ID).get()).length).toBe(1);
  await drain();
  const run = await getRun(deps, DEMO_PIPELINE_ID, runs[0]!.id);
  expect(run).toMatchObject({ state: "finished", trigger: "demo", done_count: 2, item_count: 2 });
  expect(run.items.every((i) => i.video_id)).toBe(true);
});

it("pins a template version: after v2 is published a run pinned to v1 renders v1 compositions; moving the pin changes the hash and the next run re-renders", async () => {
  await ensureStarterLibrary(env.db);
  const [tpl] = await env.db.collection(templates).where("stage", "==", "live").limit(1).get();
  const templateId = tpl!.id;
  const v1 = (await env.db.collection(templateVersions).doc(`${templateId}@1`).get())!.data;
  // Publish v2 (a different music volume) and make it current.
  const v2Volume = v1.music.volume === 0.5 ? 0.4 : 0.5;
  await env.db
    .collection(templateVersions)
    .doc(`${templateId}@2`)
    .create({
      ...v1,
      version: 2,
      music: { ...v1.music, volume: v2Volume },
      published_at: clock.toISOString(),
      created_at: clock.toISOString(),
    });
  await env.db.collection(templates).doc(templateId).update({ current_version: 2 });
  // A draft (unpublished) v3 cannot be pinned, nor can a version that does not exist.
  await env.db
    .collection(templateVersions)
    .doc(`${templateId}@3`)
    .create({ ...v1, version: 3, published_at: null, created_at: clock.toISOString() });
  for (const bad of [3, 9]) {
    await expect(
      pipelineOf(["Pinned."], {
        settings: { ...SETTINGS, aspect_ratios: ["9:16"], template_id: templateId, template_version: bad },
      }),
    ).rejects.toMatchObject({ status: 422, issues: [{ path: "settings.template_version" }] });
  }

  const p = await pipelineOf(["A pinned espresso spot."], {
    settings: { ...SETTINGS, aspect_ratios: ["9:16"], template_id: templateId, template_version: 1 },
  });
  expect(p.settings.template_version).toBe(1);
  const pinned = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  expect(pinned.template_version).toBe(1);
  await drain();
  const first = await getRun(deps, p.id, pinned.id);
  expect(first.state).toBe("finished");
  const composition = async (id: string) => (await env.db.collection(compositions).doc(id).get())!.data;
  const c1 = await composition(first.items[0]!.video_id!);
  expect(c1.template).toEqual({ id: templateId, version: 1 });
  expect(c1.audio.music.volume).toBe(v1.music.volume);

  // Same pin again: reused. The pin moved to "always the current version" (v2): a new hash, rendered anew with v2.
  expect(await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" })).toMatchObject({
    reused_count: 1,
    state: "finished",
  });
  const doc = (await env.db.collection(prodPipelines).doc(p.id).get())!.data;
  const hashBefore = (await env.db.collection(prodRunItems).where("run_id", "==", pinned.id).get())[0]!.data.input_hash;
  await updatePipeline(deps, "staff", p.id, {
    revision: doc.revision,
    settings: { ...doc.settings, template_version: null },
  });
  const next = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
  expect(next).toMatchObject({ reused_count: 0, state: "running", template_version: 2 });
  expect((await env.db.collection(prodRunItems).where("run_id", "==", next.id).get())[0]!.data.input_hash).not.toBe(
    hashBefore,
  );
  await drain();
  const c2 = await composition((await getRun(deps, p.id, next.id)).items[0]!.video_id!);
  expect(c2.template).toEqual({ id: templateId, version: 2 });
  expect(c2.audio.music.volume).toBe(v2Volume);

  // A pin on v1 of a template that is no longer live still saves and renders from its snapshot.
  await env.db.collection(templates).doc(templateId).update({ stage: "retired" });
  try {
    const again = (await env.db.collection(prodPipelines).doc(p.id).get())!.data;
    await updatePipeline(deps, "staff", p.id, {
      revision: again.revision,
      settings: { ...again.settings, template_version: 1 },
    });
    const old = await startRun(deps, p.id, { trigger: "manual", ownerId: "staff" });
    expect(old).toMatchObject({ reused_count: 1, template_version: 1 });
  } finally {
    await env.db.collection(templates).doc(templateId).update({ stage: "live" });
  }
});
