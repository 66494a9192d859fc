/**
 * The bullmq queue driver (QUEUE_DRIVER=bullmq, REDIS_URL): BullMQ delivers,
 * the store decides. See ../README.md "Queue drivers".
 *
 * - One BullMQ queue per job type. A delivery is one BullMQ job named
 *   `<job id>.<attempts>` (the job document's attempts when it became
 *   claimable), so announcing the same state twice adds it once, and a retry
 *   (attempts + 1) is a new delivery.
 * - Announce: an after-commit observer on the `jobs` collection
 *   (lib/platform/db/commit-hooks.ts) adds a delivery for every job document a
 *   commit made claimable, by any code: created or requeued (`queued`: now),
 *   or waiting out the kit's backoff (`running` with no worker: at the lease's
 *   end, a BullMQ delay). No domain change.
 * - Delivery: a worker takes a delivery with BullMQ's manual processing
 *   (`getNextJob` under the attempt's token; idle, it blocks in Redis, never on
 *   the store), then `claimJobById` moves the document to running for this
 *   attempt in one store transaction. A duplicate finds it running under a
 *   live lease and is delayed to the lease's end, or finished and is dropped.
 *   A job abandoned on its last attempt is settled by the type (reap).
 * - While it runs, the worker extends the delivery's lock (at half its
 *   duration, as BullMQ's docs advise); a worker that dies stops extending it
 *   and BullMQ's stalled check (every worker runs it) puts the delivery back,
 *   so another worker takes the job over at its store lease's end.
 * - Fair order: priorities by the owner's rank (bullmq-fair.ts). Owner limits
 *   (JOB_OWNER_MAX_RUNNING, the plan's jobs at once): at most that many of an
 *   owner's deliveries are in BullMQ at once, the rest wait parked in Redis
 *   and move in as the owner's deliveries leave (bullmq-gate.ts), so free
 *   workers are never busy putting back jobs the store would refuse. A job
 *   the store still finds over the limit is delayed, not dropped.
 * - The reconciler (one instance at a time, a Redis lock) re-announces queued
 *   documents and expired leases the engine does not know (after a Redis loss).
 */
import { randomUUID } from "node:crypto";
import { Queue, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { Db } from "@/lib/platform/db/db";
import { jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { observeCommits, type CommittedWrite } from "@/lib/platform/db/commit-hooks";
import { claimJobById, type ClaimById } from "../queue";
import type { Claimed, NextOptions, QueueDriver } from "../driver";
import { nextOwnerRank, ownerDeliveryTaken } from "./bullmq-fair";
import * as gate from "./bullmq-gate";

export interface BullmqDriverOptions {
  redisUrl: string;
  /** Key prefix in Redis (default "pfq"). */
  prefix?: string;
  /** JOB_OWNER_MAX_RUNNING; or a resolver (fair.ts ownerRunningLimit: the setting and the app's plan limit). */
  ownerMaxRunning?: number | ((ownerId: string, db: Db) => Promise<number | null | undefined>);
  /** How long a job whose owner is at the limit waits before it is offered again (default 2 s). */
  ownerRetryMs?: number;
  /** How long an idle worker blocks in Redis per wait (default 5 s, BullMQ's drainDelay). */
  blockMs?: number;
  /** The reconciler's interval (default 60 s); 0: none. */
  reconcileMs?: number;
  /** A delivery's lock in BullMQ while its job runs (default 30 s, BullMQ's); extended at half of it. */
  lockMs?: number;
  /** How often workers look for deliveries whose worker died (default: the lock's duration). */
  stalledMs?: number;
  /** How long a commit waits for its announcement (default 2 s; then the reconciler catches up). */
  announceTimeoutMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export interface DeliveryData {
  job_id: string;
  owner_id: string;
  type: string;
}

export interface BullmqQueueDriver extends QueueDriver {
  readonly kind: "bullmq";
  readonly prefix: string;
  /**
   * Adds a delivery for each document that is claimable (or will be, after its backoff), or parks it behind its
   * owner's limit; returns how many were new.
   */
  announce(db: Db, docs: readonly DocSnapshot<JobDoc>[], now?: Date): Promise<number>;
  /** One reconciler pass, if this instance holds (or gets) the lock; the number of deliveries re-added, or null. */
  reconcile(db: Db, now?: Date): Promise<number | null>;
  /** Starts the reconciler on `db` (once per driver; the first database wins). */
  startReconciler(db: Db): void;
  /** The BullMQ queue of one job type (tests, tools). */
  queue(type: string): Queue<DeliveryData>;
  redis(): Promise<Redis>;
}

/** The delivery's id: the document's id and its attempts so far (BullMQ ids may not hold ":"). */
export function deliveryId(jobId: string, attempts: number): string {
  return `${jobId}.${attempts}`;
}

/** When a job document becomes claimable, or null when it is not waiting for a worker. */
export function claimableAt(doc: Pick<JobDoc, "state" | "worker_id" | "lease_expires_at">, now: Date): Date | null {
  if (doc.state === "queued") return now;
  if (doc.state === "running" && doc.worker_id === null && doc.lease_expires_at) {
    const at = new Date(doc.lease_expires_at);
    return at > now ? at : now;
  }
  return null;
}

export function createBullmqDriver(o: BullmqDriverOptions): BullmqQueueDriver {
  const prefix = o.prefix ?? "pfq";
  const lockMs = o.lockMs ?? 30_000;
  const blockMs = o.blockMs ?? 5000;
  const log = o.log ?? ((msg: string, err?: unknown) => console.error(`[queue] ${msg}`, err ?? ""));
  const connection = { url: o.redisUrl, maxRetriesPerRequest: null };
  const queues = new Map<string, Queue<DeliveryData>>();
  const consumers = new Map<string, Consumer>();
  let client: Promise<Redis> | null = null;
  let reconciler: NodeJS.Timeout | null = null;
  let closed = false;
  const instance = randomUUID();

  function queue(type: string): Queue<DeliveryData> {
    let q = queues.get(type);
    if (!q) {
      q = new Queue<DeliveryData>(type, {
        connection,
        prefix,
        defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
      });
      q.on("error", (e) => log(`queue ${type}: ${e.message}`));
      queues.set(type, q);
    }
    return q;
  }

  function redis(): Promise<Redis> {
    client ??= (async () => {
      const mod = await import("ioredis");
      const RedisClient = (mod.Redis ?? mod.default) as typeof mod.Redis;
      const c: Redis = new RedisClient(o.redisUrl, { maxRetriesPerRequest: 2 });
      c.on("error", (e: Error) => log(`Redis: ${e.message}`));
      return c;
    })();
    return client;
  }

  /** The owner's limit on deliveries in BullMQ (NO_LIMIT: none); null when this driver has no owner limits. */
  async function limitOf(owner: string, db: Db): Promise<number | null> {
    const m = o.ownerMaxRunning;
    if (m === undefined) return null;
    const n = typeof m === "number" ? m : await m(owner, db);
    return n && n >= 1 ? n : gate.NO_LIMIT;
  }

  /** Puts one delivery into BullMQ, ranked among its owner's. */
  async function enqueue(type: string, jobId: string, owner: string, id: string, delayMs: number): Promise<void> {
    const priority = await nextOwnerRank(await redis(), prefix, type, owner);
    await queue(type).add(type, { job_id: jobId, owner_id: owner, type }, { jobId: id, priority, delay: delayMs });
  }

  /** A delivery for the job's attempt, into BullMQ or parked behind its owner's limit. */
  async function offer(db: Db, d: DocSnapshot<JobDoc>, at: Date, now: Date): Promise<void> {
    const id = deliveryId(d.id, d.data.attempts);
    const limit = await limitOf(d.data.owner_id, db);
    const member = gate.gateMember(d.data.type, id);
    if (
      limit !== null &&
      (await gate.admit(await redis(), prefix, d.data.owner_id, member, limit, at.getTime())) === "parked"
    )
      return;
    await enqueue(d.data.type, d.id, d.data.owner_id, id, Math.max(0, at.getTime() - now.getTime()));
  }

  /** A delivery left BullMQ for good: its owner's next parked ones move in. */
  async function leave(db: Db, job: Job<DeliveryData>): Promise<void> {
    const owner = job.data.owner_id;
    const limit = await limitOf(owner, db);
    if (limit === null || !job.id) return;
    await refill(
      owner,
      await gate.release(await redis(), prefix, owner, gate.gateMember(job.data.type, job.id), limit),
    );
  }

  async function refill(owner: string, moved: readonly { member: string; atMs: number }[]): Promise<number> {
    const now = Date.now();
    for (const m of moved) {
      const p = gate.parseGateMember(m.member);
      if (p) await enqueue(p.type, p.jobId, owner, p.deliveryId, Math.max(0, m.atMs - now));
    }
    return moved.length;
  }

  /** `fresh`: the document was created by the commit announcing it, so neither BullMQ nor the gate can know it yet. */
  async function add(db: Db, doc: DocSnapshot<JobDoc>, now: Date, fresh = false): Promise<boolean> {
    const at = claimableAt(doc.data, now);
    if (!at) return false;
    const id = deliveryId(doc.id, doc.data.attempts);
    if (!fresh && ((await queue(doc.data.type).getJobState(id)) !== "unknown" || (await isParked(doc.data, id))))
      return false;
    await offer(db, doc, at, now);
    return true;
  }

  /** Whether the delivery waits behind its owner's limit (so the engine knows it, outside BullMQ). */
  async function isParked(job: Pick<JobDoc, "owner_id" | "type">, id: string): Promise<boolean> {
    if (o.ownerMaxRunning === undefined) return false;
    return gate.isParked(await redis(), prefix, job.owner_id, gate.gateMember(job.type, id));
  }

  async function announce(db: Db, docs: readonly DocSnapshot<JobDoc>[], now = new Date()): Promise<number> {
    let added = 0;
    for (const d of docs) if (await add(db, d, now)) added++;
    return added;
  }

  /** The after-commit observer: the job documents a commit made claimable. */
  async function onCommit(db: Db, writes: readonly CommittedWrite[]): Promise<void> {
    const created: DocSnapshot<JobDoc>[] = [];
    const docs: DocSnapshot<JobDoc>[] = [];
    const reread: string[] = [];
    for (const w of writes) {
      if (w.kind === "delete" || !w.data || w.parent) continue;
      const d = w.data as Partial<JobDoc>;
      if (w.kind === "update") {
        // Requeued, or a retry waiting out its backoff: the partial lacks the rest, read it once.
        if (d.state === "queued" || (d.worker_id === null && d.lease_expires_at)) reread.push(w.id);
      } else if (typeof d.type === "string" && typeof d.owner_id === "string" && claimableAt(d as JobDoc, new Date()))
        (w.kind === "create" ? created : docs).push({ id: w.id, path: `jobs/${w.id}`, data: d as JobDoc });
    }
    for (const id of reread) {
      const snap = await db.collection(jobs).doc(id).get();
      if (snap) docs.push(snap);
    }
    const now = new Date();
    for (const d of created) await add(db, d, now, true);
    if (docs.length) await announce(db, docs, now);
  }

  const unobserve = observeCommits(jobs.name, (db, writes) =>
    withTimeout(onCommit(db, writes), o.announceTimeoutMs ?? 2000).catch((e) =>
      log("announcing new jobs to the queue engine failed (the reconciler will)", e),
    ),
  );

  function consumer(workerId: string, types: readonly string[]): Consumer {
    let c = consumers.get(workerId);
    if (!c) {
      c = new Consumer(types, { connection, prefix, lockMs, stalledMs: o.stalledMs ?? lockMs, blockMs, log });
      consumers.set(workerId, c);
    }
    return c;
  }

  function ownerLimitOf(db: Db) {
    const m = o.ownerMaxRunning;
    if (m === undefined) return undefined;
    return typeof m === "number" ? () => m : (owner: string) => m(owner, db);
  }

  async function drop(db: Db, job: Job<DeliveryData>, token: string): Promise<void> {
    await ownerDeliveryTaken(await redis(), prefix, job.data.type, job.data.owner_id).catch(() => undefined);
    await job.moveToCompleted(null, token, false).catch(() => undefined);
    await leave(db, job).catch((e) => log("moving the owner's next parked job in failed (the reconciler will)", e));
  }

  async function next(n: NextOptions): Promise<Claimed | null> {
    if (closed) return null;
    const c = consumer(n.workerId, n.types);
    let waitMs = n.waitMs ?? 0;
    // Stale deliveries (finished, cancelled, duplicates) are passed over, a bounded number per call.
    for (let i = 0; i < 100; i++) {
      const token = n.holder;
      const job = await c.take(token, waitMs);
      waitMs = 0;
      if (!job) return null;
      let r: ClaimById;
      try {
        r = await claimJobById(n.db, job.data.job_id, {
          workerId: n.holder,
          leaseMs: n.leaseMs,
          types: n.types,
          now: n.now(),
          ownerLimit: ownerLimitOf(n.db),
          ownerRetryMs: o.ownerRetryMs,
        });
      } catch (e) {
        // The store is away: the delivery comes back in a moment.
        await job.moveToDelayed(Date.now() + 1000, token).catch(() => undefined);
        throw e;
      }
      if (r.kind === "later") {
        await job.moveToDelayed(Math.max(r.at.getTime(), Date.now()) + 5, token).catch(() => undefined);
        continue;
      }
      if (r.kind === "claimed") {
        // Rank bookkeeping only (the order of later deliveries): not awaited before the job starts.
        void redis()
          .then((r) => ownerDeliveryTaken(r, prefix, job.data.type, job.data.owner_id))
          .catch(() => undefined);
        const end = keepLocked(job, token, () =>
          leave(n.db, job).catch((e) => log("moving the owner's next parked job in failed (the reconciler will)", e)),
        );
        c.active++;
        return { job: r.job, finish: () => end().finally(() => c.done()) };
      }
      if (r.kind === "abandoned") await n.reap(r.job).catch((e) => n.log(`reaping job ${r.job.id} failed`, e));
      await drop(n.db, job, token);
    }
    return null;
  }

  /** Extends the delivery's lock while its job runs; `finish` ends it in BullMQ (the store has the outcome). */
  function keepLocked(job: Job<DeliveryData>, token: string, left: () => Promise<unknown>): () => Promise<void> {
    const timer = setInterval(
      () => void job.extendLock(token, lockMs).catch(() => undefined),
      Math.max(50, Math.floor(lockMs / 2)),
    );
    timer.unref?.();
    let finished: Promise<void> | null = null;
    return () =>
      (finished ??= (async () => {
        clearInterval(timer);
        // Lost when the worker stalled and another took the delivery back: nothing to do, the store decides.
        await job.moveToCompleted(null, token, false).catch(() => undefined);
        await left();
      })());
  }

  async function reconcile(db: Db, now = new Date()): Promise<number | null> {
    const r = await redis();
    const held = await r.eval(
      LOCK,
      1,
      `${prefix}:reconciler`,
      instance,
      String(Math.max(1000, o.reconcileMs || 60_000)),
    );
    if (held !== 1) return null;
    const col = db.collection(jobs);
    let added = 0;
    // Queued documents, oldest first: a delivery for their current attempt count, unless the engine has it.
    let page = col.where("state", "==", "queued").orderBy("created_at").limit(500);
    for (let p = 0; p < 20; p++) {
      const docs = await page.get();
      for (const d of docs) if (await add(db, d, now)) added++;
      if (docs.length < 500) break;
      page = page.startAfter(docs[docs.length - 1]!);
    }
    // Running documents whose lease ran out (a dead worker, a backoff over, an abandoned last attempt):
    // a delivery for the next attempt, unless one is waiting in the engine.
    const expired = await col
      .where("state", "==", "running")
      .where("lease_expires_at", "<", now.toISOString())
      .orderBy("lease_expires_at")
      .limit(500)
      .get();
    for (const d of expired) {
      const q = queue(d.data.type);
      const current = await q.getJobState(deliveryId(d.id, Math.max(0, d.data.attempts - 1)));
      // Waiting for a worker: it comes. Active under an expired store lease: its worker stopped heartbeating
      // (or died and the stalled check has not run yet): the next attempt's delivery lets another take over.
      if (current === "waiting" || current === "delayed" || current === "prioritized") continue;
      const id = deliveryId(d.id, d.data.attempts);
      if ((await q.getJobState(id)) !== "unknown") continue;
      if (await isParked(d.data, id)) continue;
      await offer(db, d, now, now);
      added++;
    }
    return added + (await repairGate(db, r));
  }

  /**
   * The gate's repair: in-flight members BullMQ no longer has (a process died between the gate and BullMQ, or the
   * engine lost its data) are forgotten, and each owner's free slots are refilled from its parked ones.
   */
  async function repairGate(db: Db, r: Redis): Promise<number> {
    if (o.ownerMaxRunning === undefined) return 0;
    let moved = 0;
    for (const owner of await gate.gatedOwners(r, prefix)) {
      const gone: string[] = [];
      for (const m of await gate.inflight(r, prefix, owner)) {
        const p = gate.parseGateMember(m);
        const state = p ? await queue(p.type).getJobState(p.deliveryId) : "unknown";
        if (state === "unknown" || state === "completed" || state === "failed") gone.push(m);
      }
      await gate.forget(r, prefix, owner, gone);
      moved += await refill(
        owner,
        await gate.release(r, prefix, owner, "", (await limitOf(owner, db)) ?? gate.NO_LIMIT),
      );
    }
    return moved;
  }

  function startReconciler(db: Db): void {
    if (reconciler || closed || !o.reconcileMs) return;
    const pass = () =>
      reconcile(db).catch((e) => log("reconciler pass failed (the next one retries)", e)) as Promise<unknown>;
    reconciler = setInterval(pass, o.reconcileMs);
    reconciler.unref?.();
    void pass();
  }

  /** Ends the worker's wait at once; a job it is running keeps its delivery until it finishes (SIGTERM: finish, then exit). */
  async function release(workerId: string): Promise<void> {
    const c = consumers.get(workerId);
    consumers.delete(workerId);
    await c?.release();
  }

  return {
    kind: "bullmq",
    reapsOnClaim: false,
    blockMs,
    prefix,
    next,
    announce,
    reconcile,
    startReconciler,
    queue,
    redis,
    release,
    async close() {
      if (closed) return;
      closed = true;
      unobserve();
      if (reconciler) clearInterval(reconciler);
      // Closing the driver is final (a process ending, or a test's "crash"): running jobs' deliveries are left to
      // BullMQ's stalled check.
      const all = [...consumers.values()];
      consumers.clear();
      await Promise.all(all.map((c) => c.close()));
      await Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined)));
      queues.clear();
      if (client) (await client).disconnect();
    },
  };
}

/** The reconciler's lock: held by one instance for an interval, renewed by that instance. */
const LOCK = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] or not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(t));
}

interface ConsumerOptions {
  connection: { url: string; maxRetriesPerRequest: null };
  prefix: string;
  lockMs: number;
  stalledMs: number;
  blockMs: number;
  log: (msg: string, err?: unknown) => void;
}

/**
 * One worker's side of the engine: a BullMQ Worker per job type, without a
 * processor (manual processing), each running BullMQ's stalled check. `take`
 * looks at each type's queue in turn, then waits in Redis for the first
 * delivery of any of them.
 */
class Consumer {
  private readonly workers: Worker<DeliveryData>[];
  private turn = 0;
  private closed = false;

  constructor(
    readonly types: readonly string[],
    o: ConsumerOptions,
  ) {
    this.workers = types.map((type) => {
      const w = new Worker<DeliveryData>(type, null, {
        connection: o.connection,
        prefix: o.prefix,
        autorun: false,
        lockDuration: o.lockMs,
        stalledInterval: o.stalledMs,
        // The store counts attempts (and settles a job abandoned on its last one): a delivery may stall any number of times.
        maxStalledCount: 1_000_000,
        drainDelay: o.blockMs / 1000,
      });
      w.on("error", (e) => o.log(`worker ${type}: ${e.message}`));
      void w.startStalledCheckTimer().catch((e) => o.log(`stalled check ${type}`, e));
      return w;
    });
  }

  async take(token: string, waitMs: number): Promise<Job<DeliveryData> | null> {
    const n = this.workers.length;
    for (let i = 0; i < n && !this.closed; i++) {
      const w = this.workers[(this.turn + i) % n]!;
      const job = await this.get(w, token, false);
      if (job) {
        this.turn = (this.turn + i + 1) % n;
        return job;
      }
    }
    if (waitMs <= 0 || this.closed) return null;
    if (n === 1) return (await this.get(this.workers[0]!, token, true)) ?? null;
    // Several types: the first delivery of any; one that arrives after it goes back to its queue.
    return new Promise((resolve) => {
      let won = false;
      let pending = n;
      const settle = () => {
        if (--pending === 0 && !won) resolve(null);
      };
      for (const w of this.workers)
        this.get(w, token, true).then(
          (job) => {
            if (job && !won) {
              won = true;
              resolve(job);
            } else if (job) void job.moveToWait(token).catch(() => undefined);
            settle();
          },
          () => settle(),
        );
    });
  }

  /** A delivery, or none; a wait cut short by closing (a worker asked to stop) is none, not an error. */
  private async get(w: Worker<DeliveryData>, token: string, block: boolean): Promise<Job<DeliveryData> | undefined> {
    try {
      return await w.getNextJob(token, { block });
    } catch (e) {
      if (this.closed) return undefined;
      throw e;
    }
  }

  /** Claimed jobs not yet finished: their deliveries' locks need this consumer's connections. */
  active = 0;
  private releasing: (() => void) | null = null;

  /** Closes now when no job is running, else once the last one finishes. */
  release(): Promise<void> {
    this.closed = true;
    if (this.active === 0) return this.close();
    return new Promise((resolve) => {
      this.releasing = () => void this.close().then(resolve);
    });
  }

  done(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active === 0 && this.releasing) this.releasing();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.close(true).catch(() => undefined)));
  }
}
