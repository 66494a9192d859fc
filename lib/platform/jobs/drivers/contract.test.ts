/**
 * The queue drivers' one contract (issue 25): the same cases on the embedded
 * driver (the store) and on the bullmq driver (BullMQ on a real
 * redis-server this file starts: tests/support/redis-server.ts). Jobs are
 * run through the kit (createJobWorker), as every domain's worker runs them.
 * Without a redis-server the bullmq half FAILS and says how to install it
 * (scripts/test.sh installs it: ensure_redis); it never skips.
 */
import path from "node:path";
import { redisServerBinary, startRedis, type TestRedis } from "@/tests/support/redis-server";
import { Db } from "@/lib/platform/db/db";
import type { Driver } from "@/lib/platform/db/driver";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";

import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { coreCollections, jobs, type JobDoc } from "@/lib/platform/db/collections";
import { createJobWorker, defineJob, type JobDefinition, type JobWorker } from "../kit";
import { ENQUEUE_CHUNK, enqueueJob, enqueueJobs } from "../queue";
import type { QueueDriver } from "../driver";
import { embeddedDriver } from "./embedded";
import { createBullmqDriver, type BullmqDriverOptions, type BullmqQueueDriver } from "./bullmq";

jest.setTimeout(30_000);

const redisBin = redisServerBinary();
let redis: TestRedis | null = null;
beforeAll(async () => {
  if (redisBin) redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

type Kind = "embedded" | "bullmq";
const TYPE = "test.a";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let prefixes = 0;

describe.each<Kind>(["embedded", "bullmq"])("the %s queue driver", (kind) => {
  if (kind === "bullmq" && !redisBin) {
    it("needs a redis-server", () => {
      throw new Error(
        "redis-server is not installed, so the bullmq queue driver's contract cannot run. Install it: " +
          "`sudo apt-get install redis-server` (scripts/test.sh does it: ensure_redis).",
      );
    });
    return;
  }

  let env: TestEnv;
  let prefix: string;
  const opened: BullmqQueueDriver[] = [];

  beforeEach(() => {
    env = openTestEnv();
    prefix = `c${process.pid}-${++prefixes}`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    await env.close();
  });

  /** A driver of this kind; bullmq ones share this test's Redis prefix, with short locks and waits. */
  function driver(o: Partial<BullmqDriverOptions> = {}): QueueDriver {
    if (kind === "embedded") return embeddedDriver;
    const d = createBullmqDriver({
      redisUrl: redis!.url,
      prefix,
      lockMs: 600,
      stalledMs: 300,
      blockMs: 200,
      reconcileMs: 0,
      log: () => undefined,
      ...o,
    });
    opened.push(d);
    return d;
  }

  function job(run: JobDefinition<string>["run"], extra: Partial<JobDefinition<string>> = {}) {
    return defineJob<string>({ kind: "t", types: [TYPE], deadlineMs: 10_000, run, ...extra });
  }

  function worker(def: JobDefinition<string>, queue: QueueDriver, o: { workerId?: string; leaseMs?: number } = {}) {
    return createJobWorker(def, {
      db: env.db,
      queue,
      workerId: o.workerId,
      leaseMs: o.leaseMs ?? 2000,
      log: () => undefined,
    });
  }

  /** The next result within `ms`: the bullmq worker waits in Redis, the embedded one polls the store. */
  async function next(w: JobWorker<string>, ms = 3000) {
    const end = Date.now() + ms;
    for (;;) {
      const r = await w.processNext({ waitMs: 100 });
      if (r || Date.now() > end) return r;
      if (kind === "embedded") await sleep(25);
    }
  }

  const enqueue = (owner = "u1", extra: { max_attempts?: number } = {}, at?: Date) =>
    enqueueJob(env.db, { type: TYPE, owner_id: owner, content_id: null, ...extra }, at);
  const doc = async (id: string) => (await env.db.collection(jobs).doc(id).get())!.data;
  async function until(cond: () => Promise<boolean>, ms = 5000) {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error("timed out waiting");
      await sleep(20);
    }
  }

  it("enqueue: runs a job from enqueueJob, and one a domain created in its own transaction, each once", async () => {
    const q = driver();
    const runs: string[] = [];
    const w = worker(
      job(async (_j, ctx) => {
        runs.push(ctx.jobId);
        return "done";
      }),
      q,
    );
    const a = await enqueue();
    // As the domains do: the job document created in the same transaction as the debit, no queue call.
    const ref = env.db.collection(jobs).doc();
    await env.db.runTransaction(async (tx) => {
      const at = new Date().toISOString();
      tx.create(ref, {
        type: TYPE,
        owner_id: "u2",
        content_id: null,
        state: "queued",
        progress: 0,
        attempts: 0,
        error: null,
        worker_id: null,
        lease_expires_at: null,
        input: {},
        created_at: at,
        updated_at: at,
      });
    });
    expect((await next(w))?.outcome).toBe("done");
    expect((await next(w))?.outcome).toBe("done");
    expect(await w.processNext()).toBeNull();
    expect(runs.sort()).toEqual([a, ref.id].sort());
    expect((await doc(a)).state).toBe("succeeded");
    expect((await doc(ref.id)).state).toBe("succeeded");
  });

  it("claim once: four workers racing over 20 jobs (and duplicate deliveries) run each job once", async () => {
    const runs = new Map<string, number>();
    const def = job(async (_j, ctx) => {
      runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
      await sleep(5);
      return "done";
    });
    const queues = [driver(), driver(), driver(), driver()];
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => enqueue(`u${i % 3}`)));
    if (kind === "bullmq") {
      // The engine delivers some jobs twice (a re-announce, a stalled delivery put back): the store decides.
      const d = queues[0] as BullmqQueueDriver;
      for (const id of ids.slice(0, 10))
        await d.queue(TYPE).add(TYPE, { job_id: id, owner_id: "u0", type: TYPE }, { jobId: `${id}.dup` });
    }
    const workers = queues.map((q, i) => worker(def, q, { workerId: `w${i}` }));
    const end = Date.now() + 15_000;
    await Promise.all(
      workers.map(async (w) => {
        while (Date.now() < end && [...runs.values()].length < 20) {
          if (!(await w.processNext({ waitMs: 100 })) && kind === "embedded") await sleep(10);
        }
      }),
    );
    for (const w of workers) expect(await w.processNext()).toBeNull();
    expect(ids.map((id) => runs.get(id) ?? 0)).toEqual(ids.map(() => 1));
    for (const id of ids) expect(await doc(id)).toMatchObject({ state: "succeeded", attempts: 1 });
  });

  it("lease loss: a worker whose lease ran out is taken over, and its late completion is refused", async () => {
    const q = driver({ reconcileMs: 200 });
    q.startReconciler?.(env.db);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    // A's heartbeat writes nothing (its store is away): its lease runs out while it works.
    const stuck = worker(
      job(
        async () => {
          runs.push("A");
          await held;
          return "late";
        },
        { heartbeat: async () => true },
      ),
      q,
      { workerId: "A", leaseMs: 400 },
    );
    const healthy = worker(
      job(async () => {
        runs.push("B");
        return "done";
      }),
      driver(),
      { workerId: "B" },
    );
    const id = await enqueue();
    const a = stuck.processNext({ waitMs: 1000 });
    await until(async () => (await doc(id)).state === "running");
    expect((await next(healthy, 5000))?.outcome).toBe("done");
    release();
    expect((await a)?.outcome).toBe("lease-lost");
    expect(runs).toEqual(["A", "B"]);
    expect(await doc(id)).toMatchObject({ state: "succeeded", attempts: 2 });
  });

  it("retry: a failed attempt is retried after the type's backoff, not before", async () => {
    const q = driver();
    let attempt = 0;
    const w = worker(
      job(
        async () => {
          if (++attempt === 1) throw new Error("flaky");
          return "done";
        },
        { backoffMs: () => 600 },
      ),
      q,
    );
    const id = await enqueue();
    expect((await next(w))?.outcome).toBe("retrying");
    const failedAt = Date.now();
    expect(await doc(id)).toMatchObject({ error: "flaky", worker_id: null });
    expect(await w.processNext({ waitMs: 200 })).toBeNull();
    expect((await next(w, 5000))?.outcome).toBe("done");
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(550);
    expect(await doc(id)).toMatchObject({ state: "succeeded", attempts: 2 });
  });

  it("deadline: an attempt that runs past its type's limit is stopped and, on its last attempt, failed", async () => {
    const q = driver();
    const w = worker(
      job(() => new Promise<never>(() => {}), { deadlineMs: 200 }),
      q,
    );
    const id = await enqueue("u1", { max_attempts: 1 });
    const t = Date.now();
    expect((await next(w))?.outcome).toBe("failed");
    expect(Date.now() - t).toBeLessThan(3000);
    expect(await doc(id)).toMatchObject({ state: "failed", error: expect.stringMatching(/limit/) });
    expect(await w.processNext({ waitMs: 100 })).toBeNull();
  });

  it("cancel: a cancelled queued job never runs; a job cancelled while running stops and is not run again", async () => {
    const q = driver();
    const runs: string[] = [];
    const w = worker(
      job(async (_j, ctx) => {
        runs.push(ctx.jobId);
        await new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)));
        return "never";
      }),
      q,
      { leaseMs: 400 },
    );
    const cancelled = await enqueue();
    await env.db.collection(jobs).doc(cancelled).update({ state: "cancelled" });
    expect(await w.processNext({ waitMs: 200 })).toBeNull();
    const running = await enqueue();
    const r = next(w);
    await until(async () => (await doc(running)).state === "running");
    await env.db.collection(jobs).doc(running).update({ state: "cancelled", worker_id: null, lease_expires_at: null });
    expect((await r)?.outcome).toBe("lease-lost");
    expect(await w.processNext({ waitMs: 300 })).toBeNull();
    expect(runs).toEqual([running]);
    expect((await doc(cancelled)).state).toBe("cancelled");
    expect((await doc(running)).state).toBe("cancelled");
  });

  it("crash: a worker that dies mid-job (no heartbeat, engine connection gone) is taken over once", async () => {
    const qa = driver();
    let release!: () => void;
    const dead = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const a = worker(
      job(
        async () => {
          runs.push("A");
          await dead;
          return "zombie";
        },
        { heartbeat: async () => true },
      ),
      qa,
      { workerId: "A", leaseMs: 800 },
    );
    const id = await enqueue();
    const pending = a.processNext({ waitMs: 1000 });
    await until(async () => (await doc(id)).state === "running");
    // The worker's process "dies": it writes nothing more and its engine connections close (its delivery's lock
    // is no longer extended; BullMQ's stalled check puts the delivery back).
    if (kind === "bullmq") await qa.close();
    const b = worker(
      job(async () => {
        runs.push("B");
        return "done";
      }),
      driver(),
      { workerId: "B" },
    );
    const t = Date.now();
    expect((await next(b, 8000))?.outcome).toBe("done");
    const recoveryMs = Date.now() - t;
    expect(recoveryMs).toBeLessThan(6000);
    release();
    expect((await pending)?.outcome).toBe("lease-lost");
    expect(runs).toEqual(["A", "B"]);
    expect(await doc(id)).toMatchObject({ state: "succeeded", attempts: 2 });
    expect(await b.processNext({ waitMs: 200 })).toBeNull();
  });

  it("fair order: five light owners' first jobs start within the first few, whatever the heavy owner queued", async () => {
    const q = driver();
    const order: string[] = [];
    const w = worker(
      job(async (j) => {
        order.push(j.owner_id);
        return "done";
      }),
      q,
    );
    const t0 = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 50; i++) await enqueue("heavy", {}, new Date(t0 + i));
    for (let i = 0; i < 5; i++) await enqueue(`light${i}`, {}, new Date(t0 + 100 + i));
    for (let i = 0; i < 55; i++) expect((await next(w))?.outcome).toBe("done");
    const firstStart = Array.from({ length: 5 }, (_, i) => order.indexOf(`light${i}`));
    // Round-robin between owners: each light owner is served within one turn of the six owners.
    for (const at of firstStart) expect(at).toBeGreaterThanOrEqual(0);
    expect(Math.max(...firstStart)).toBeLessThan(6 + 1);
  });

  it("owner limit: an owner at JOB_OWNER_MAX_RUNNING waits (delayed, not dropped) while others run", async () => {
    const saved = process.env.JOB_OWNER_MAX_RUNNING;
    process.env.JOB_OWNER_MAX_RUNNING = "1";
    try {
      const running = new Map<string, number>();
      let overlap = 0;
      const def = job(async (j) => {
        const n = (running.get(j.owner_id) ?? 0) + 1;
        running.set(j.owner_id, n);
        if (n > 1) overlap++;
        await sleep(150);
        running.set(j.owner_id, (running.get(j.owner_id) ?? 1) - 1);
        return j.owner_id;
      });
      const workers = [0, 1, 2].map((i) =>
        worker(def, driver({ ownerMaxRunning: 1, ownerRetryMs: 100 }), { workerId: `w${i}` }),
      );
      const ids = [...(await Promise.all([enqueue("x"), enqueue("x"), enqueue("x")])), await enqueue("y")];
      const end = Date.now() + 15_000;
      let done = 0;
      await Promise.all(
        workers.map(async (w) => {
          while (Date.now() < end && done < 4) {
            const r = await w.processNext({ waitMs: 100 });
            if (r?.outcome === "x" || r?.outcome === "y") done++;
            else if (kind === "embedded") await sleep(10);
          }
        }),
      );
      expect(done).toBe(4);
      expect(overlap).toBe(0);
      for (const id of ids) expect((await doc(id)).state).toBe("succeeded");
    } finally {
      if (saved === undefined) delete process.env.JOB_OWNER_MAX_RUNNING;
      else process.env.JOB_OWNER_MAX_RUNNING = saved;
    }
  });

  it("bulk: enqueueJobs commits a heavy owner's 110 jobs in chunks; each runs once, a light owner's job among the first", async () => {
    const q = driver({ ownerMaxRunning: 2, ownerRetryMs: 100 });
    const order: string[] = [];
    const def = job(async (j, ctx) => {
      order.push(`${j.owner_id}:${ctx.jobId}`);
      return "done";
    });
    const workers = [worker(def, q, { workerId: "w0" }), worker(def, q, { workerId: "w1" })];
    const batches = jest.spyOn(env.db, "batch");
    const heavy = await enqueueJobs(
      env.db,
      Array.from({ length: 110 }, () => ({ type: TYPE, owner_id: "heavy", content_id: null })),
    );
    expect(batches).toHaveBeenCalledTimes(Math.ceil(110 / ENQUEUE_CHUNK));
    batches.mockRestore();
    expect(new Set(heavy).size).toBe(110);
    const light = await enqueue("light");
    const end = Date.now() + 25_000;
    await Promise.all(
      workers.map(async (w) => {
        while (Date.now() < end && order.length < 111) {
          if (!(await w.processNext({ waitMs: 100 })) && kind === "embedded") await sleep(10);
        }
      }),
    );
    expect(order).toHaveLength(111);
    expect(new Set(order).size).toBe(111);
    // Two of the heavy owner's were running or next when the light job came: it starts within the first few.
    expect(order.indexOf(`light:${light}`)).toBeLessThan(6);
    for (const id of [...heavy, light]) expect((await doc(id)).state).toBe("succeeded");
  }, 40_000);

  it("engine loss: after FLUSHALL the reconciler re-announces queued jobs and expired leases; each runs once", async () => {
    const q = driver();
    const runs: string[] = [];
    const w = worker(
      job(async (_j, ctx) => {
        runs.push(ctx.jobId);
        return "done";
      }),
      q,
    );
    const queued = await Promise.all([enqueue("u1"), enqueue("u2"), enqueue("u3")]);
    // One more was taken by a worker that died: running, its lease over.
    const orphan = await enqueue("u4");
    const past = new Date(Date.now() - 60_000).toISOString();
    await env.db
      .collection(jobs)
      .doc(orphan)
      .update({ state: "running", attempts: 1, worker_id: "gone#1", lease_expires_at: past } as Partial<JobDoc>);
    if (kind === "bullmq") {
      const d = q as BullmqQueueDriver;
      await (await d.redis()).flushall();
      expect(await w.processNext({ waitMs: 200 })).toBeNull(); // the engine knows nothing now
      expect(await d.reconcile(env.db)).toBe(4);
      expect(await d.reconcile(env.db)).toBe(0); // nothing twice
    }
    for (let i = 0; i < 4; i++) expect((await next(w))?.outcome).toBe("done");
    expect(await w.processNext({ waitMs: 200 })).toBeNull();
    expect(runs.sort()).toEqual([...queued, orphan].sort());
    expect(await doc(orphan)).toMatchObject({ state: "succeeded", attempts: 2 });
  });

  it("reap: a job abandoned on its last attempt is settled once, through the type's onFinalFailure", async () => {
    const q = driver({ reconcileMs: 200 });
    const settled: string[] = [];
    const def = job(async () => "never", {
      reap: { reason: "stopped responding" },
      onFinalFailure: async (s, reason) => {
        settled.push(`${s.holder}:${reason}`);
        await env.db
          .collection(jobs)
          .doc(s.jobId)
          .update({ state: "failed", error: reason, worker_id: null, lease_expires_at: null });
        return true;
      },
    });
    const w = worker(def, q);
    const id = await enqueue("u1", { max_attempts: 1 });
    // Its only attempt's worker died: running, lease over (the claim and the death, as the store sees them).
    const past = new Date(Date.now() - 1000).toISOString();
    await env.db
      .collection(jobs)
      .doc(id)
      .update({ state: "running", attempts: 1, worker_id: "dead#1", lease_expires_at: past });
    q.startReconciler?.(env.db);
    await until(async () => {
      await w.processNext({ waitMs: 100 });
      return (await doc(id)).state === "failed";
    });
    expect(await w.processNext({ waitMs: 300 })).toBeNull();
    expect(settled).toEqual(["expired:stopped responding"]);
    expect(await doc(id)).toMatchObject({ state: "failed", error: "stopped responding" });
  });

  it("worker loop: a worker of two types runs jobs of either as they come, and stops at once when asked", async () => {
    const ran: string[] = [];
    const w = worker(
      job(
        async (j) => {
          ran.push(j.type);
          return "done";
        },
        { types: [TYPE, "test.b"] },
      ),
      driver(),
    );
    const stop = new AbortController();
    const loop = w.runWorkerLoop({ signal: stop.signal, pollMs: 50 });
    await sleep(300); // idle: waiting
    const b = await enqueueJob(env.db, { type: "test.b", owner_id: "u1", content_id: null });
    await until(async () => (await doc(b)).state === "succeeded");
    const a = await enqueue();
    await until(async () => (await doc(a)).state === "succeeded");
    const t = Date.now();
    stop.abort();
    await loop;
    expect(Date.now() - t).toBeLessThan(1500);
    expect(ran).toEqual(["test.b", TYPE]);
  });

  it("idle: a worker loop with nothing to do waits without reading the store (bullmq), or polls it (embedded)", async () => {
    const reads = { n: 0 };
    const inner = new EmbeddedDriver({ file: path.join(env.dir, "idle.sqlite"), collections: coreCollections });
    const db = new Db(countingReads(inner, reads), coreCollections);
    try {
      const w = createJobWorker(
        job(async () => "done", { reap: { reason: "gone" } }),
        {
          db,
          queue: driver(),
          log: () => undefined,
        },
      );
      const stop = new AbortController();
      const loop = w.runWorkerLoop({ signal: stop.signal, pollMs: 100 });
      const ms = 1500;
      await sleep(ms);
      stop.abort();
      await loop;
      const perMinuteAt1s = (reads.n / (ms / 100)) * 60; // reads per poll, at the default 1 s poll
      console.log(
        `${kind}: an idle worker read the store ${reads.n} times in ${ms} ms (≈${Math.round(perMinuteAt1s)}/min at WORKER_POLL_MS=1000)`,
      );
      if (kind === "bullmq") expect(reads.n).toBe(0);
      else expect(reads.n).toBeGreaterThanOrEqual(10);
    } finally {
      await db.close();
    }
  });
});

/** The driver, counting its reads (gets, queries, counts; in transactions too). */
function countingReads(d: Driver, reads: { n: number }): Driver {
  return {
    kind: d.kind,
    get: (k) => (reads.n++, d.get(k)),
    query: (q) => (reads.n++, d.query(q)),
    count: (q) => (reads.n++, d.count(q)),
    commit: (ops) => d.commit(ops),
    transaction: (fn, o) =>
      d.transaction(
        (tx) =>
          fn({
            get: (k) => (reads.n++, tx.get(k)),
            query: (q) => (reads.n++, tx.query(q)),
            stage: (op) => tx.stage(op),
          }),
        o,
      ),
    listCollections: (p) => d.listCollections(p),
    listDocumentIds: (def, p) => d.listDocumentIds(def, p),
    close: () => d.close(),
  };
}
