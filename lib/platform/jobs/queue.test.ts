/** Job type routing: each domain's worker claims only its own job types, expired leases included. */
import { enqueueJob, claimJob } from "./queue";
import { jobs } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";

let env: TestEnv;
beforeEach(() => void (env = openTestEnv()));
afterEach(() => env.close());

it("claims only the types asked for, oldest first, and everything when no types are given", async () => {
  const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  const image = await enqueueJob(env.db, { type: "image.generate", owner_id: "u", content_id: null }, t(1));
  const video = await enqueueJob(env.db, { type: "video.render", owner_id: "u", content_id: null }, t(2));
  const other = await enqueueJob(env.db, { type: "page.publish", owner_id: "u", content_id: null }, t(3));
  // (A lease that outlives the claims below: an expired lease is taken over before queued work, fair.ts.)
  const v = await claimJob(env.db, { workerId: "v", leaseMs: 15_000, types: ["video.render"], now: t(10) });
  expect(v?.id).toBe(video);
  expect(await claimJob(env.db, { workerId: "v", leaseMs: 1000, types: ["video.render"], now: t(11) })).toBeNull();
  const i = await claimJob(env.db, {
    workerId: "i",
    leaseMs: 1000,
    types: ["image.generate", "image.edit"],
    now: t(12),
  });
  expect(i?.id).toBe(image);
  expect((await claimJob(env.db, { workerId: "any", leaseMs: 1000, now: t(13) }))?.id).toBe(other);
  // The video worker died: its expired lease goes to another video worker, never to the image worker.
  expect(
    await claimJob(env.db, { workerId: "i2", leaseMs: 1000, types: ["image.generate"], now: t(30) }),
  ).toMatchObject({ id: image });
  const taken = await claimJob(env.db, { workerId: "v2", leaseMs: 1000, types: ["video.render"], now: t(31) });
  expect(taken).toMatchObject({ id: video, data: { worker_id: "v2", attempts: 2 } });
});

/**
 * The queue's own time limit and lease check around one attempt (holdJob):
 * every worker runs its job through it, so a job that hangs or a job another
 * worker took over cannot keep a worker waiting.
 */
describe("holdJob: the per-job deadline and lease loss", () => {
  const { holdJob, isJobInterrupted, completeJob, failJob, heartbeatJob, runJobLoop } =
    jest.requireActual<typeof import("./queue")>("./queue");
  const never = (seen: { signal?: AbortSignal }) => (signal: AbortSignal) => {
    seen.signal = signal;
    return new Promise<never>(() => {}); // ignores its signal too: the worker must stop waiting anyway
  };

  it("ends an attempt that never settles at its deadline and aborts its signal", async () => {
    const id = await enqueueJob(env.db, { type: "test.hang", owner_id: "u", content_id: null });
    await claimJob(env.db, { workerId: "w", leaseMs: 60_000 });
    const seen: { signal?: AbortSignal } = {};
    const t = performance.now();
    const e = await holdJob(
      { db: env.db, jobId: id, workerId: "w", leaseMs: 60_000, deadlineMs: 150 },
      never(seen),
    ).then(
      () => null,
      (x: unknown) => x,
    );
    expect(isJobInterrupted(e, "deadline")).toBe(true);
    expect(performance.now() - t).toBeLessThan(150 + 1500); // room for a loaded machine; without the deadline it never returns
    expect(seen.signal?.aborted).toBe(true);
    expect(isJobInterrupted(seen.signal?.reason, "deadline")).toBe(true);
  });

  it("aborts the attempt as soon as a heartbeat finds another worker holds the job", async () => {
    const id = await enqueueJob(env.db, { type: "test.hang", owner_id: "u", content_id: null });
    const t0 = new Date(Date.UTC(2026, 0, 1));
    await claimJob(env.db, { workerId: "w1", leaseMs: 1000, now: t0 });
    // w1 stalled past its lease; w2 takes the job over.
    await claimJob(env.db, { workerId: "w2", leaseMs: 60_000, now: new Date(t0.getTime() + 5000) });
    const seen: { signal?: AbortSignal } = {};
    const e = await holdJob(
      {
        db: env.db,
        jobId: id,
        workerId: "w1",
        leaseMs: 200,
        deadlineMs: 60_000,
        now: () => new Date(t0.getTime() + 5100),
      },
      never(seen),
    ).then(
      () => null,
      (x: unknown) => x,
    );
    expect(isJobInterrupted(e, "lease-lost")).toBe(true);
    expect(seen.signal?.aborted).toBe(true);
    const job = (await env.db.collection(jobs).doc(id).get())!.data;
    expect([job.state, job.worker_id]).toEqual(["running", "w2"]); // w1 wrote nothing
  });

  it("returns the work's result and extends the lease while it runs", async () => {
    const id = await enqueueJob(env.db, { type: "test.ok", owner_id: "u", content_id: null });
    let clock = Date.UTC(2026, 0, 1);
    await claimJob(env.db, { workerId: "w", leaseMs: 200, now: new Date(clock) });
    const result = await holdJob(
      { db: env.db, jobId: id, workerId: "w", leaseMs: 200, now: () => new Date((clock += 100)) },
      async () => {
        await new Promise((r) => setTimeout(r, 300));
        return 42;
      },
    );
    expect(result).toBe(42);
    const job = (await env.db.collection(jobs).doc(id).get())!.data;
    expect(Date.parse(job.lease_expires_at!)).toBeGreaterThan(Date.UTC(2026, 0, 1) + 200);
  });

  it("a worker loop survives a job that hangs: it is failed at its deadline and the next job is claimed", async () => {
    const hang = await enqueueJob(
      env.db,
      { type: "test.work", owner_id: "u", content_id: null, input: { hang: true }, max_attempts: 1 },
      new Date(Date.UTC(2026, 0, 1, 0, 0, 1)),
    );
    const ok = await enqueueJob(
      env.db,
      { type: "test.work", owner_id: "u", content_id: null, input: {} },
      new Date(Date.UTC(2026, 0, 1, 0, 0, 2)),
    );
    const done: string[] = [];
    async function processNext() {
      const job = await claimJob(env.db, { workerId: "w", leaseMs: 60_000, types: ["test.work"] });
      if (!job) return null;
      const owned = { jobId: job.id, workerId: "w" };
      try {
        await holdJob({ ...owned, db: env.db, leaseMs: 60_000, deadlineMs: 100 }, (signal) =>
          job.data.input.hang ? new Promise(() => {}) : Promise.resolve(signal.aborted),
        );
        await completeJob(env.db, owned);
        done.push(job.id);
      } catch (e) {
        await failJob(env.db, {
          ...owned,
          error: isJobInterrupted(e, "deadline") ? "ran past its deadline" : String(e),
        });
      }
      return job.id;
    }
    const stop = new AbortController();
    const loop = runJobLoop(processNext, { signal: stop.signal, pollMs: 20, log: () => undefined });
    for (let i = 0; i < 100 && done.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    await loop;
    expect(done).toEqual([ok]);
    const failed = (await env.db.collection(jobs).doc(hang).get())!.data;
    expect([failed.state, failed.error]).toEqual(["failed", "ran past its deadline"]);
  });

  it("heartbeatJob reports a job it no longer holds", async () => {
    const id = await enqueueJob(env.db, { type: "test.x", owner_id: "u", content_id: null });
    await claimJob(env.db, { workerId: "a", leaseMs: 60_000 });
    expect(await heartbeatJob(env.db, { jobId: id, workerId: "b", leaseMs: 1000 })).toBe(false);
    expect(await heartbeatJob(env.db, { jobId: id, workerId: "a", leaseMs: 1000 })).toBe(true);
  });
});
