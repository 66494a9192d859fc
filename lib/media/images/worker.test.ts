/** The image job state machine: queued → running → succeeded / retried / failed, leases and refunds. */
import sharp from "sharp";
import { claimJob } from "@/lib/platform/jobs/queue";
import { content, creditLedger, jobs } from "@/lib/platform/db/collections";
import {
  addUser,
  balanceOf,
  fakeGenerator,
  FakeAiError,
  MODELS,
  openTestEnv,
  pngOf,
  type FakeGenerator,
  type TestEnv,
} from "@/tests/support/data-env";
import { startGeneration } from "./generation-service";
import { getJob } from "./job-status";
import { createImageWorker, type ImageWorkerOptions } from "./worker";
import { readBlob } from "./blob-io";

let env: TestEnv;
let gen: FakeGenerator;
let clock: number;
const now = () => new Date(clock);

beforeEach(async () => {
  env = openTestEnv();
  gen = fakeGenerator();
  clock = Date.parse("2026-03-01T12:00:00.000Z");
  await addUser(env.db, "u1", 100);
});
afterEach(() => env.close());

function worker(extra: Partial<ImageWorkerOptions> = {}) {
  return createImageWorker({
    db: env.db,
    store: env.store,
    models: () => MODELS,
    generate: gen,
    now,
    leaseMs: 30_000,
    log: () => {},
    ...extra,
  });
}
const start = (input: Record<string, unknown> = {}) =>
  startGeneration({
    uid: "u1",
    input: { prompt: "a red fox", modelId: "gpt-image-1", count: 2, seed: 7, ...input },
    deps: { db: env.db, store: env.store, models: () => MODELS, now },
  });
const contentOf = (id: string) =>
  env.db
    .collection(content)
    .doc(id)
    .get()
    .then((s) => s!.data);
const blob = async (key: string) => (await readBlob(env.store, key)) ?? Promise.reject(new Error(`no blob ${key}`));
const refunds = () => env.db.collection(creditLedger).where("reason", "==", "refund").get();

test("queued → running → succeeded: each image stored as PNG + WebP thumbnail, progress rises, content ready", async () => {
  const { jobId, contentIds } = await start({ aspectRatio: "16:9", count: 3 });
  const seen: { state: string; progress: number; ready: number }[] = [];
  gen.during = async () => {
    const s = await getJob({ db: env.db, jobId, uid: "u1" });
    seen.push({ state: s.state, progress: s.progress, ready: s.images.filter((i) => i.status === "ready").length });
  };
  expect(await worker().processNext()).toEqual({ jobId, outcome: "succeeded" });
  expect(seen.map((s) => s.state)).toEqual(["running", "running", "running"]);
  expect(seen.map((s) => s.ready)).toEqual([0, 1, 2]); // results appear as they finish
  expect(seen[0]!.progress).toBeCloseTo(0.1);
  expect(seen[1]!.progress).toBeGreaterThan(seen[0]!.progress);
  expect(seen[2]!.progress).toBeGreaterThan(seen[1]!.progress);
  expect(gen.calls.map((c) => [c.n, c.seed, c.aspectRatio])).toEqual([
    [1, 7, "16:9"],
    [1, 8, "16:9"],
    [1, 9, "16:9"],
  ]);

  const job = await getJob({ db: env.db, jobId, uid: "u1" });
  expect([job.state, job.progress, job.attempts]).toEqual(["succeeded", 1, 1]);
  for (const id of contentIds) {
    const c = await contentOf(id);
    expect(c.status).toBe("ready");
    expect(c.blobs).toEqual({
      original: `images/u1/${id}/original.png`,
      thumbnail: `images/u1/${id}/thumb.webp`,
      poster: null,
    });
    expect(c.settings).toMatchObject({ width: 128, height: 72 });
    const png = await sharp(await blob(c.blobs.original!)).metadata();
    const thumb = await sharp(await blob(c.blobs.thumbnail!)).metadata();
    expect([png.format, png.width, png.height, thumb.format]).toEqual(["png", 128, 72, "webp"]);
  }
  expect(await balanceOf(env.db, "u1")).toBe(82); // 3 × 6 credits
  expect(await worker().processNext()).toBeNull();
});

test("a big provider image gets a thumbnail of at most 384 px; a JPEG answer is stored as PNG", async () => {
  const { contentIds } = await start({ count: 1 });
  const jpeg = await sharp({ create: { width: 1024, height: 768, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
  const w = createImageWorker({
    db: env.db,
    store: env.store,
    models: () => MODELS,
    now,
    log: () => {},
    generate: async (r) => ({
      images: [new Uint8Array(jpeg)],
      mediaType: "image/jpeg",
      warnings: ["seed ignored"],
      modelId: r.modelId,
    }),
  });
  expect((await w.processNext())?.outcome).toBe("succeeded");
  const c = await contentOf(contentIds[0]!);
  const thumb = await sharp(await blob(c.blobs.thumbnail!)).metadata();
  expect([thumb.width, thumb.height]).toEqual([384, 288]);
  expect((await sharp(await blob(c.blobs.original!)).metadata()).format).toBe("png");
  expect(c.settings).toMatchObject({ warnings: ["seed ignored"] });
});

test("a retryable error requeues the job with its reason; the next attempt succeeds and nothing is refunded", async () => {
  const { jobId, contentIds } = await start({ count: 1 });
  gen.failures.push(new FakeAiError("rate_limited", true));
  expect(await worker().processNext()).toEqual({ jobId, outcome: "retrying" });
  const mid = await getJob({ db: env.db, jobId, uid: "u1" });
  expect([mid.state, mid.attempts, mid.error]).toEqual(["queued", 1, expect.stringMatching(/rate limited/)]);
  expect((await contentOf(contentIds[0]!)).status).toBe("queued");
  expect(await worker().processNext()).toEqual({ jobId, outcome: "succeeded" });
  expect((await getJob({ db: env.db, jobId, uid: "u1" })).attempts).toBe(2);
  expect(await refunds()).toHaveLength(0);
  expect(await balanceOf(env.db, "u1")).toBe(94);
});

test("a retryable error on every attempt fails for good after max_attempts, refunded once", async () => {
  const { jobId, contentIds } = await start();
  gen.failures.push(...[1, 2, 3].map(() => new FakeAiError("timeout", true)));
  const outcomes = [];
  for (let i = 0; i < 3; i++) outcomes.push((await worker().processNext())?.outcome);
  expect(outcomes).toEqual(["retrying", "retrying", "failed"]);
  const job = await getJob({ db: env.db, jobId, uid: "u1" });
  expect([job.state, job.attempts, job.error]).toEqual(["failed", 3, expect.stringMatching(/took too long/)]);
  for (const id of contentIds)
    expect(await contentOf(id)).toMatchObject({ status: "failed", error: expect.stringMatching(/took too long/) });
  expect(await balanceOf(env.db, "u1")).toBe(100);
  expect(await refunds()).toHaveLength(1);
  expect(await worker().processNext()).toBeNull();
});

test("a content-policy refusal fails at once with a human reason and refunds", async () => {
  const { jobId } = await start();
  gen.failures.push(new FakeAiError("content_policy", false));
  expect(await worker().processNext()).toEqual({ jobId, outcome: "failed" });
  const job = await getJob({ db: env.db, jobId, uid: "u1" });
  expect([job.state, job.attempts]).toEqual(["failed", 1]);
  expect(job.error).toBe("The provider declined this prompt under its content policy. Try rewording it.");
  expect(await balanceOf(env.db, "u1")).toBe(100);
});

test("when the second image fails for good, the first stays ready and only the second is refunded", async () => {
  const { jobId, contentIds } = await start();
  gen.during = async () => {
    if (gen.calls.length === 2) gen.failures.push(new FakeAiError("bad_request", false));
  };
  expect(await worker().processNext()).toEqual({ jobId, outcome: "failed" });
  expect((await contentOf(contentIds[0]!)).status).toBe("ready");
  expect((await contentOf(contentIds[1]!)).status).toBe("failed");
  expect(await balanceOf(env.db, "u1")).toBe(94); // 12 charged, 6 back
});

test("a crashed worker's job is taken over after its lease expires, and finished images are not redone", async () => {
  const { jobId, contentIds } = await start();
  // Worker A makes the first image, then its process dies during the second.
  gen.during = async () => {
    if (gen.calls.length === 2) throw new Error("simulated crash");
  };
  const crashed = worker({ workerId: "A" });
  await crashed.processNext().catch(() => undefined);
  // Undo what A's error handling did, to stand for a process that died before it could handle anything.
  await env.db
    .collection(jobs)
    .doc(jobId)
    .update({
      state: "running",
      worker_id: "A",
      attempts: 1,
      lease_expires_at: new Date(clock + 30_000).toISOString(),
    });
  gen.during = undefined;
  gen.calls.length = 0;

  expect(await worker({ workerId: "B" }).processNext()).toBeNull(); // lease still live: nobody may take it
  clock += 30_001;
  expect(await worker({ workerId: "B" }).processNext()).toEqual({ jobId, outcome: "succeeded" });
  expect(gen.calls.map((c) => c.seed)).toEqual([8]); // only the image A never finished
  const job = await getJob({ db: env.db, jobId, uid: "u1" });
  expect([job.state, job.attempts]).toEqual(["succeeded", 2]);
  for (const id of contentIds) expect((await contentOf(id)).status).toBe("ready");
});

test("a job whose worker died on its last attempt is failed with a reason and refunded, not dropped", async () => {
  const { jobId, contentIds } = await start();
  await env.db.collection(jobs).doc(jobId).update({ max_attempts: 1 });
  await claimJob(env.db, { workerId: "dead", leaseMs: 30_000, now: now() });
  clock += 31_000;
  expect(await worker().processNext()).toBeNull();
  const job = await getJob({ db: env.db, jobId, uid: "u1" });
  expect([job.state, job.error]).toEqual(["failed", expect.stringMatching(/stopped responding/)]);
  for (const id of contentIds) expect((await contentOf(id)).status).toBe("failed");
  expect(await balanceOf(env.db, "u1")).toBe(100);
});

test("a worker that lost its lease mid-generation writes nothing; the new holder finishes the job", async () => {
  const { jobId, contentIds } = await start({ count: 1 });
  let taken: Promise<unknown> | null = null;
  gen.during = async () => {
    if (taken) return;
    clock += 30_001; // A stalls past its lease; B takes the job over
    gen.during = undefined;
    taken = worker({ workerId: "B" }).processNext();
    await taken;
  };
  expect(await worker({ workerId: "A" }).processNext()).toEqual({ jobId, outcome: "lease-lost" });
  expect(await taken).toEqual({ jobId, outcome: "succeeded" });
  expect((await contentOf(contentIds[0]!)).status).toBe("ready");
  expect((await getJob({ db: env.db, jobId, uid: "u1" })).attempts).toBe(2);
});

test("an edit sends the source image and the mask to the model", async () => {
  const src = env.db.collection(content).doc();
  const key = `images/u1/${src.id}/original.png`;
  const bytes = await pngOf(64, 64);
  await env.store.put(key, bytes);
  await src.create({
    owner_id: "u1",
    kind: "image",
    title: "t",
    status: "ready",
    visibility: "private",
    settings: {},
    blobs: { original: key, thumbnail: null, poster: null },
    created_at: now().toISOString(),
    updated_at: now().toISOString(),
  });
  const mask = await pngOf(64, 64);
  await start({ count: 1, sourceImageId: src.id, mask });
  expect((await worker().processNext())?.outcome).toBe("succeeded");
  expect(Buffer.from(gen.calls[0]!.edit!.image).equals(Buffer.from(bytes))).toBe(true);
  expect(Buffer.from(gen.calls[0]!.edit!.mask!).equals(Buffer.from(mask))).toBe(true);
});

test("runWorkerLoop works the queue until stopped", async () => {
  const a = await start({ count: 1 });
  const b = await start({ count: 1 });
  const stop = new AbortController();
  const loop = worker().runWorkerLoop({ signal: stop.signal, pollMs: 10 });
  for (let i = 0; i < 200; i++) {
    const states = await Promise.all(
      [a, b].map((s) => getJob({ db: env.db, jobId: s.jobId, uid: "u1" }).then((j) => j.state)),
    );
    if (states.every((s) => s === "succeeded")) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  stop.abort();
  await loop;
  for (const s of [a, b]) expect((await getJob({ db: env.db, jobId: s.jobId, uid: "u1" })).state).toBe("succeeded");
});

describe("the queue's deadline and lease loss (lib/platform/jobs/queue.ts holdJob)", () => {
  /** A provider call that never answers and ignores its abort signal. */
  const hang = (seen: AbortSignal[]) => async (req: { abortSignal?: AbortSignal }) => {
    if (req.abortSignal) seen.push(req.abortSignal);
    return new Promise<never>(() => {});
  };

  test("a generation that never answers is ended at the deadline, retried, then failed and refunded once; the worker goes on claiming", async () => {
    const stuck = await start({ count: 1 });
    const signals: AbortSignal[] = [];
    const w = worker({ deadlineMs: 100, generate: hang(signals) as never });
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await w.processNext());
    expect(outcomes).toEqual([
      { jobId: stuck.jobId, outcome: "retrying" },
      { jobId: stuck.jobId, outcome: "retrying" },
      { jobId: stuck.jobId, outcome: "failed" },
    ]);
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s.aborted)).toBe(true);
    const job = await getJob({ db: env.db, jobId: stuck.jobId, uid: "u1" });
    expect([job.state, job.error]).toEqual(["failed", expect.stringMatching(/took longer than/)]);
    expect(await balanceOf(env.db, "u1")).toBe(100);
    expect(await refunds()).toHaveLength(1);
    // Nothing more to refund: a reaper pass or another worker finds nothing to settle.
    clock += 120_000;
    expect(await worker().processNext()).toBeNull();
    expect(await refunds()).toHaveLength(1);

    // The same worker takes the next job and finishes it.
    const next = await start({ count: 1 });
    const healthy = worker({ deadlineMs: 5000 });
    expect(await healthy.processNext()).toEqual({ jobId: next.jobId, outcome: "succeeded" });
  });

  test("a lost lease aborts the generation's signal at once; the attempt writes nothing and refunds nothing", async () => {
    const { jobId } = await start({ count: 1 });
    const signals: AbortSignal[] = [];
    const generate = async (req: { abortSignal?: AbortSignal }) => {
      signals.push(req.abortSignal!);
      // Meanwhile the job is cancelled / taken over: another worker holds it now.
      await env.db
        .collection(jobs)
        .doc(jobId)
        .update({ worker_id: "B", lease_expires_at: new Date(clock + 60_000).toISOString() });
      return new Promise<never>(() => {});
    };
    expect(
      await worker({ workerId: "A", leaseMs: 200, deadlineMs: 60_000, generate: generate as never }).processNext(),
    ).toEqual({ jobId, outcome: "lease-lost" });
    expect(signals[0]?.aborted).toBe(true);
    const job = await getJob({ db: env.db, jobId, uid: "u1" });
    expect(job.state).toBe("running"); // B's, untouched
    expect(await refunds()).toHaveLength(0);
    expect(await balanceOf(env.db, "u1")).toBe(94);
  });
});
