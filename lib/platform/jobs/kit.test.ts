/**
 * The worker kit (lib/platform/jobs/kit.ts) on its own, with a made-up job type: lease
 * loss aborts the run, a failure is retried (with its backoff), a final
 * failure refunds once, the deadline ends a stuck run, an attempt that lost
 * its lease cannot write late, and jobs abandoned on their last attempt are
 * reaped. Plus the one reading of the worker settings and the in-app starter.
 */
import { jobs } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { createJobWorker, defineJob, type JobContext, type JobDefinition, type Settler } from "./kit";
import { claimJob, completeJob, enqueueJob, failJob } from "./queue";
import { workerPollMs, workerSettings } from "./settings";
import { registerWorker, startInAppWorker, type LoopWorker } from "./workers";

let env: TestEnv;
let clock: number;
const now = () => new Date(clock);
beforeEach(() => {
  env = openTestEnv();
  clock = Date.UTC(2026, 0, 1);
});
afterEach(() => env.close());

const TYPE = "test.kit";
const jobOf = async (id: string) => (await env.db.collection(jobs).doc(id).get())!.data;
const enqueue = (max_attempts = 3) =>
  enqueueJob(env.db, { type: TYPE, owner_id: "u", content_id: null, max_attempts }, now());

/** A job type whose run is `run`, counting its refunds. */
function testJob(run: (ctx: JobContext) => Promise<string>, extra: Partial<JobDefinition<string>> = {}) {
  const refunds: Settler[] = [];
  const def = defineJob<string>({
    kind: "test",
    types: [TYPE],
    deadlineMs: 60_000,
    run: (_job, ctx) => run(ctx),
    failure: (e, { deadline }) => ({
      reason: deadline ? "too slow" : (e as Error).message,
      retryable: !deadline && (e as Error).message.startsWith("retry"),
      quiet: true,
    }),
    onFinalFailure: async (s, reason) => {
      // The type's refund: the job failed with it, in one transaction that checks the holder (so once).
      const ok = await env.db.runTransaction(async (tx) => {
        const ref = env.db.collection(jobs).doc(s.jobId);
        const snap = await tx.get(ref);
        if (!snap || snap.data.state !== "running") return false;
        if (s.holder !== "expired" && snap.data.worker_id !== s.holder) return false;
        tx.update(ref, {
          state: "failed",
          error: reason,
          worker_id: null,
          lease_expires_at: null,
          updated_at: s.now.toISOString(),
        });
        return true;
      });
      if (ok) refunds.push(s);
      return ok;
    },
    ...extra,
  });
  return { def, refunds };
}

it("runs a job and completes it; nothing to do is null", async () => {
  const id = await enqueue();
  const { def } = testJob(async () => "made");
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "made" });
  expect(await jobOf(id)).toMatchObject({ state: "succeeded", progress: 1, worker_id: null });
  expect(await w.processNext()).toBeNull();
});

it("a lost lease aborts the run's signal at once; the attempt ends as lease-lost and refunds nothing", async () => {
  const id = await enqueue();
  let signal: AbortSignal | undefined;
  const { def, refunds } = testJob(async (ctx) => {
    signal = ctx.signal;
    // Meanwhile another worker holds the job.
    await env.db
      .collection(jobs)
      .doc(id)
      .update({ worker_id: "someone-else", lease_expires_at: new Date(clock + 600_000).toISOString() });
    return new Promise<never>(() => {}); // ignores its signal: the kit stops waiting anyway
  });
  const w = createJobWorker(def, { db: env.db, now, leaseMs: 200, log: () => undefined });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "lease-lost" });
  expect(signal?.aborted).toBe(true);
  expect(await jobOf(id)).toMatchObject({ state: "running", worker_id: "someone-else" }); // untouched
  expect(refunds).toHaveLength(0);
});

it("a retryable failure requeues the job; the next attempt succeeds", async () => {
  const id = await enqueue();
  let calls = 0;
  const retried: string[] = [];
  const { def, refunds } = testJob(
    async () => {
      if (++calls === 1) throw new Error("retry: provider hiccup");
      return "made";
    },
    { onRetry: async (_ctx, reason) => void retried.push(reason) },
  );
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "retrying" });
  expect(await jobOf(id)).toMatchObject({
    state: "queued",
    attempts: 1,
    error: "retry: provider hiccup",
    worker_id: null,
  });
  expect(retried).toEqual(["retry: provider hiccup"]);
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "made" });
  expect(await jobOf(id)).toMatchObject({ state: "succeeded", attempts: 2 });
  expect(refunds).toHaveLength(0);
});

it("a retry with a backoff waits it out before any worker may claim the job again", async () => {
  const id = await enqueue();
  let calls = 0;
  const { def } = testJob(async () => (++calls === 1 ? Promise.reject(new Error("retry: later")) : "made"), {
    backoffMs: (attempt) => attempt * 10_000,
  });
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "retrying" });
  expect(await jobOf(id)).toMatchObject({ worker_id: null, lease_expires_at: new Date(clock + 10_000).toISOString() });
  clock += 9_999;
  expect(await w.processNext()).toBeNull();
  clock += 2;
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "made" });
});

it("the final failure calls the type's refund once, and the job is not handed out again", async () => {
  const id = await enqueue(2);
  const { def, refunds } = testJob(async () => {
    throw new Error("retry: still broken");
  });
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "retrying" });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "failed" });
  expect(await w.processNext()).toBeNull();
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ jobId: id, deadline: false });
  expect(await jobOf(id)).toMatchObject({ state: "failed", error: "retry: still broken", attempts: 2 });
});

it("a failure that is not retryable is final on the first attempt", async () => {
  const id = await enqueue(3);
  const { def, refunds } = testJob(async () => {
    throw new Error("the source was deleted");
  });
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "failed" });
  expect(refunds).toHaveLength(1);
});

it("the deadline ends a stuck run, aborts its signal, and settles it (here: final, refunded once)", async () => {
  const id = await enqueue();
  let signal: AbortSignal | undefined;
  const { def, refunds } = testJob(async (ctx) => {
    signal = ctx.signal;
    return new Promise<never>(() => {});
  });
  const w = createJobWorker(def, { db: env.db, now, deadlineMs: 100, log: () => undefined });
  const t = performance.now();
  expect(await w.processNext()).toEqual({ jobId: id, outcome: "failed" });
  expect(performance.now() - t).toBeLessThan(100 + 2000);
  expect(signal?.aborted).toBe(true);
  expect(refunds).toEqual([expect.objectContaining({ jobId: id, deadline: true })]);
  expect(await jobOf(id)).toMatchObject({ state: "failed", error: "too slow" });
});

it("an attempt that lost its lease cannot write late, even when the same worker holds the job again", async () => {
  const id = await enqueue();
  const attempts: JobContext[] = [];
  let release!: () => void;
  const { def } = testJob(async (ctx) => {
    attempts.push(ctx);
    if (attempts.length === 1) await new Promise<void>((r) => (release = r)); // the first attempt stalls
    return "made";
  });
  // One worker id for both attempts: only the attempt id tells them apart.
  const w = createJobWorker(def, { db: env.db, now, workerId: "w", leaseMs: 1000, log: () => undefined });
  const first = w.processNext();
  await new Promise((r) => setTimeout(r, 50));
  clock += 5000; // the first attempt's lease runs out; the job goes to the next claim
  expect(attempts[0]!.holder).toMatch(/^w#/);
  const taken = await claimJob(env.db, { workerId: "thief", leaseMs: 1000, types: [TYPE], now: now() });
  expect(taken?.id).toBe(id);
  // Hand it back to the same worker as a new attempt.
  await env.db.collection(jobs).doc(id).update({ state: "queued", worker_id: null, lease_expires_at: null });
  const second = await w.processNext();
  expect(second).toEqual({ jobId: id, outcome: "made" });
  expect(attempts[1]!.holder).not.toBe(attempts[0]!.holder);
  // The stalled first attempt wakes up: its writes are refused.
  await env.db
    .collection(jobs)
    .doc(id)
    .update({
      state: "running",
      worker_id: attempts[1]!.holder,
      lease_expires_at: new Date(clock + 60_000).toISOString(),
    });
  const late = { jobId: id, workerId: attempts[0]!.holder, now: now() };
  expect(await attempts[0]!.heartbeat(0.5)).toBe(false);
  expect(await completeJob(env.db, late)).toBe(false);
  expect(await failJob(env.db, { ...late, error: "late" })).toBe(false);
  expect(await jobOf(id)).toMatchObject({ state: "running", worker_id: attempts[1]!.holder, error: null, progress: 1 });
  // Its run returns: the kit's completion is refused too.
  release();
  expect(await first).toEqual({ jobId: id, outcome: "lease-lost" });
  expect(await jobOf(id)).toMatchObject({ state: "running", worker_id: attempts[1]!.holder });
});

it("reaps a job abandoned on its last attempt: failed and refunded once, through the type's refund", async () => {
  const last = await enqueue(1);
  const more = await enqueue(2);
  for (const _id of [last, more])
    await claimJob(env.db, { workerId: "dead", leaseMs: 1000, types: [TYPE], now: now() });
  clock += 5000;
  const { def, refunds } = testJob(async () => "made", { reap: { reason: "stopped responding" } });
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  // The reaper settles `last`; `more` has attempts left, so the claim takes it over.
  expect(await w.processNext()).toEqual({ jobId: more, outcome: "made" });
  expect(refunds).toEqual([expect.objectContaining({ jobId: last, holder: "expired" })]);
  expect(await jobOf(last)).toMatchObject({ state: "failed", error: "stopped responding" });
  expect(await w.processNext()).toBeNull();
  expect(refunds).toHaveLength(1);
});

it("a failure the type does not settle goes to the worker loop", async () => {
  await enqueue();
  const { def } = testJob(async () => Promise.reject(new Error("boom")), { failure: () => null });
  const w = createJobWorker(def, { db: env.db, now, log: () => undefined });
  await expect(w.processNext()).rejects.toThrow("boom");
});

describe("settings", () => {
  it("reads each setting within its bounds, else its default", () => {
    expect(workerSettings({})).toEqual({
      inApp: true,
      concurrency: 1,
      pollMs: 1000,
      renderWidth: undefined,
      renderFps: undefined,
    });
    expect(
      workerSettings({
        IN_APP_WORKER: "0",
        IN_APP_WORKER_CONCURRENCY: "2",
        WORKER_POLL_MS: "200",
        RENDER_WIDTH: "240",
        RENDER_FPS: "10",
      }),
    ).toEqual({
      inApp: false,
      concurrency: 2,
      pollMs: 200,
      renderWidth: 240,
      renderFps: 10,
    });
    // Out of bounds counts as unset (the standalone worker used to skip the upper bound of RENDER_WIDTH).
    expect(workerSettings({ IN_APP_WORKER_CONCURRENCY: "0", RENDER_WIDTH: "8192", RENDER_FPS: "120" })).toMatchObject({
      concurrency: 1,
      renderWidth: undefined,
      renderFps: undefined,
    });
    expect(workerSettings({ RENDER_WIDTH: "63", IN_APP_WORKER_CONCURRENCY: "1.5" })).toMatchObject({
      renderWidth: undefined,
      concurrency: 1,
    });
  });

  it("reads WORKER_POLL_MS within 50–10,000 ms, else the fallback", () => {
    expect(workerPollMs({ WORKER_POLL_MS: "200" })).toBe(200);
    expect(workerPollMs({})).toBe(1000);
    expect(workerPollMs({ WORKER_POLL_MS: "5" })).toBe(1000);
    expect(workerPollMs({ WORKER_POLL_MS: "abc" }, 700)).toBe(700);
  });
});

describe("startInAppWorker", () => {
  const made: { stopped: Promise<void> }[] = [];
  registerWorker("kit-test", (): LoopWorker => {
    const w = { workerId: `kit-test-${made.length}`, stopped: Promise.resolve(), runWorkerLoop: async () => undefined };
    made.push(w);
    return w;
  });
  it("starts nothing when IN_APP_WORKER=0", () => {
    expect(startInAppWorker("kit-test", workerSettings({ IN_APP_WORKER: "0" }))).toBeNull();
    expect(made).toHaveLength(0);
  });
  it("starts IN_APP_WORKER_CONCURRENCY workers once per process", () => {
    const first = startInAppWorker("kit-test", workerSettings({ IN_APP_WORKER_CONCURRENCY: "2" }));
    expect(made).toHaveLength(2);
    expect(startInAppWorker("kit-test", workerSettings({ IN_APP_WORKER_CONCURRENCY: "2" }))).toBe(first);
    expect(made).toHaveLength(2);
  });
});
