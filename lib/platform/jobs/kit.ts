/**
 * The worker kit: what every job type shares, so a job type is only its
 * definition (`defineJob`): which queue types it claims, its deadline, its
 * `run`, and what it records on a final failure (the refund: credits are a
 * domain, so the kit only calls back). One attempt of a claimed job goes:
 *
 *   reap → claim (the queue driver's: driver.ts) → hold (heartbeat, lease loss and the deadline abort
 *   `ctx.signal`) → run → complete | retry (requeue, with the type's backoff)
 *   | final failure (`onFinalFailure`, once) | lease lost (nothing written)
 *
 * Ownership is per attempt: the claim writes an attempt id (`ctx.holder`,
 * the worker id plus a counter) as the job's `worker_id`, and every write the
 * kit makes checks it, so an attempt that lost its lease cannot write late,
 * not even when the same worker has claimed the job again since.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/platform/db/db";
import { jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { queueDriver, type QueueDriver } from "./driver";
import { completeJob, failJob, heartbeatJob, holdJob, isJobInterrupted, JobInterrupted, runJobLoop } from "./queue";

export type Log = (msg: string, err?: unknown) => void;

/** What one attempt's code may use: its signal, the clock, and writes checked against this attempt's lease. */
export interface JobContext {
  readonly db: Db;
  readonly jobId: string;
  /** The job as claimed (its `attempts` counts this attempt). */
  readonly job: JobDoc;
  /** This attempt's id, written as the job's `worker_id`: compare with it in the type's own lease-checked writes. */
  readonly holder: string;
  readonly workerId: string;
  readonly leaseMs: number;
  /** Aborts at the deadline, when the lease is lost, or on `ctx.lost()`. */
  readonly signal: AbortSignal;
  now(): Date;
  log: Log;
  /** A lease `leaseMs` from now, for the type's own writes that extend it. */
  lease(): string;
  /** Extends the lease (and sets `progress`); false once this attempt no longer holds the job. */
  heartbeat(progress?: number): Promise<boolean>;
  /** Marks the job succeeded; false when this attempt no longer holds it. */
  complete(): Promise<boolean>;
  /** Marks the job failed for good (no retry, no refund: the type records its own); false when not held. */
  fail(reason: string): Promise<boolean>;
  /** Ends the attempt as lease-lost (a write of the type's found the job gone): aborts the signal; throw what it returns. */
  lost(message?: string): JobInterrupted;
}

export interface FailureInfo {
  /** True when the attempt ran past the type's deadline. */
  deadline: boolean;
  job: JobDoc;
}

/** A failure as the owner reads it and whether another attempt may help; `quiet` leaves it out of the log. */
export interface Failure {
  reason: string;
  retryable: boolean;
  quiet?: boolean;
}

/** Who settles a final failure: an attempt holding the lease, or the reaper for a job abandoned on its last attempt. */
export type Settler =
  | { holder: string; jobId: string; job: JobDoc; now: Date; deadline: boolean }
  | { holder: "expired"; jobId: string; job: JobDoc; now: Date; deadline: false };

export type Settled = "retrying" | "failed" | "lease-lost";

export interface JobDefinition<R> {
  /** The worker's name (worker ids, logs, WORKERS= in scripts/worker.ts). */
  kind: string;
  /** The queue's job types this worker claims. */
  types: readonly string[];
  /** How long a claim lasts without a heartbeat (default 60 s). */
  leaseMs?: number;
  /** The longest one attempt may run; then its signal aborts and the attempt fails (see `failure`). */
  deadlineMs: number;
  /**
   * How long a retried job waits before it may be claimed again (attempt = the
   * attempt that failed); default none (requeued at once). A job waiting out
   * its backoff stays `running` with no worker and a lease that ends when the
   * wait does, so the queue's claim of expired leases takes it then.
   */
  backoffMs?: (attempt: number) => number;
  /** Housekeeping before each claim (e.g. the bulk worker settling and dispatching rows). */
  tick?: (now: Date) => Promise<unknown>;
  /** One attempt. It may settle the job itself (`ctx.complete()`, `ctx.fail()`); otherwise the kit completes it. */
  run: (job: JobDoc, ctx: JobContext) => Promise<R>;
  /** A heartbeat that writes more than the lease (progress on the content); default the queue's. */
  heartbeat?: (ctx: JobContext) => Promise<boolean>;
  /** What a failure means (default: retryable, its message); null rethrows it to the worker loop (which logs it). */
  failure?: (e: unknown, info: FailureInfo) => Failure | null;
  /** After a retryable failure requeued the job. */
  onRetry?: (ctx: JobContext, reason: string) => Promise<void>;
  /**
   * A final failure: mark the job failed and refund what the type charged, in
   * one transaction that checks `s.holder` still holds the job (or, for
   * "expired", that it was abandoned), so it happens once. False when it was
   * no longer this attempt's. `{ outcome }` reports a result of the type's own.
   * Default: the job marked failed.
   */
  onFinalFailure?: (s: Settler, reason: string) => Promise<boolean | { outcome: R }>;
  /** Jobs of these types whose lease ran out on their last attempt are settled through onFinalFailure ("expired") with this reason. */
  reap?: { reason: string; limit?: number };
}

export function defineJob<R>(def: JobDefinition<R>): JobDefinition<R> {
  return def;
}

export interface WorkerOptions {
  db: Db;
  workerId?: string;
  leaseMs?: number;
  deadlineMs?: number;
  now?: () => Date;
  log?: Log;
  /** The queue driver (default: the process's, from QUEUE_DRIVER: driver.ts). */
  queue?: QueueDriver;
}

export interface ProcessResult<R> {
  jobId: string;
  outcome: R | Settled;
}

export interface JobWorker<R> {
  readonly workerId: string;
  readonly kind: string;
  /**
   * Reaps (embedded driver), ticks, then runs one job; null when there was
   * nothing to do. `waitMs`: how long the bullmq driver may wait in Redis for a
   * delivery (default 0: none; the embedded driver never waits).
   */
  processNext(o?: { waitMs?: number }): Promise<ProcessResult<R> | null>;
  /** `processNext` until `signal` aborts, waiting `pollMs` whenever there was nothing to do. */
  runWorkerLoop(o: { signal: AbortSignal; pollMs?: number }): Promise<void>;
}

/** The default reading of a failure: worth another attempt, with its message. */
function defaultFailure(e: unknown, info: FailureInfo): Failure {
  if (info.deadline) return { reason: "The job ran longer than its limit, so it was stopped.", retryable: true };
  return { reason: String((e as Error)?.message ?? e), retryable: true };
}

let attempts = 0;

export function createJobWorker<R>(def: JobDefinition<R>, o: WorkerOptions): JobWorker<R> {
  const { db } = o;
  const now = o.now ?? (() => new Date());
  const workerId = o.workerId ?? `${def.kind}-${randomUUID()}`;
  const leaseMs = o.leaseMs ?? def.leaseMs ?? 60_000;
  const deadlineMs = o.deadlineMs ?? def.deadlineMs;
  const log =
    o.log ?? ((msg: string, err?: unknown) => console.error(`[${def.kind}-worker ${workerId}] ${msg}`, err ?? ""));
  const finalFailure = def.onFinalFailure ?? defaultFinalFailure(db);
  const queue = o.queue ?? queueDriver();

  async function reap(at: Date): Promise<void> {
    if (!def.reap) return;
    const expired = await db
      .collection(jobs)
      .where("type", "in", [...def.types])
      .where("state", "==", "running")
      .where("lease_expires_at", "<", at.toISOString())
      .orderBy("lease_expires_at")
      .limit(def.reap.limit ?? 10)
      .get();
    for (const j of expired) {
      if (j.data.attempts < j.data.max_attempts) continue; // the next claim takes it over
      await finalFailure({ holder: "expired", jobId: j.id, job: j.data, now: at, deadline: false }, def.reap.reason);
    }
  }

  function context(
    jobId: string,
    job: JobDoc,
    holder: string,
    signal: AbortSignal,
    lost: AbortController,
    state: { settled: boolean },
  ): JobContext {
    const ctx: JobContext = {
      db,
      jobId,
      job,
      holder,
      workerId,
      leaseMs,
      signal,
      now,
      log,
      lease: () => new Date(now().getTime() + leaseMs).toISOString(),
      heartbeat: (progress) => heartbeatJob(db, { jobId, workerId: holder, leaseMs, progress, now: now() }),
      complete: async () => {
        state.settled = true;
        return completeJob(db, { jobId, workerId: holder, now: now() });
      },
      fail: async (reason) => {
        state.settled = true;
        return failFinally(db, jobId, holder, reason, now());
      },
      lost: (message = "lease lost") => {
        const e = new JobInterrupted("lease-lost", message);
        if (!lost.signal.aborted) lost.abort(e);
        return e;
      },
    };
    return ctx;
  }

  /** A delivery found the job abandoned on its last attempt (bullmq driver): the type settles it. */
  const reapOne = (j: DocSnapshot<JobDoc>) =>
    finalFailure(
      { holder: "expired", jobId: j.id, job: j.data, now: now(), deadline: false },
      def.reap?.reason ?? "The job stopped responding on its last attempt.",
    );

  async function processNext(p: { waitMs?: number } = {}): Promise<ProcessResult<R> | null> {
    const at = now();
    if (queue.reapsOnClaim) await reap(at);
    if (def.tick) await def.tick(at);
    const holder = `${workerId}#${++attempts}`;
    const claim = await queue.next({
      db,
      types: def.types,
      holder,
      workerId,
      leaseMs,
      now: () => at,
      waitMs: p.waitMs,
      reap: reapOne,
      log,
    });
    if (!claim) return null;
    try {
      return await runClaimed(claim.job, holder);
    } finally {
      await claim.finish();
    }
  }

  async function runClaimed(claimed: DocSnapshot<JobDoc>, holder: string): Promise<ProcessResult<R>> {
    const { id: jobId, data: job } = claimed;
    const lost = new AbortController();
    const state = { settled: false };
    let ctx: JobContext | null = null;
    try {
      const value = await holdJob(
        {
          db,
          jobId,
          workerId: holder,
          leaseMs,
          deadlineMs,
          now,
          heartbeat: def.heartbeat ? () => def.heartbeat!(ctx!) : undefined,
        },
        (signal) => {
          ctx = context(jobId, job, holder, AbortSignal.any([signal, lost.signal]), lost, state);
          return def.run(job, ctx);
        },
      );
      if (!state.settled && !(await ctx!.complete())) return { jobId, outcome: "lease-lost" };
      return { jobId, outcome: value };
    } catch (e) {
      if (isJobInterrupted(e, "lease-lost") || lost.signal.aborted) return { jobId, outcome: "lease-lost" };
      const deadline = isJobInterrupted(e, "deadline");
      const f = (def.failure ?? defaultFailure)(e, { deadline, job });
      if (!f) throw e;
      if (!f.quiet)
        log(
          `job ${jobId} attempt ${job.attempts} ${deadline ? "ran past its deadline" : "failed"}: ${f.reason}`,
          deadline ? undefined : e,
        );
      if (f.retryable && job.attempts < job.max_attempts) {
        const wait = def.backoffMs?.(job.attempts) ?? 0;
        const requeued =
          wait > 0
            ? await backOff(db, jobId, holder, f.reason, now(), wait)
            : await failJob(db, { jobId, workerId: holder, error: f.reason, now: now() });
        if (!requeued) return { jobId, outcome: "lease-lost" };
        if (def.onRetry) await def.onRetry(ctx ?? context(jobId, job, holder, lost.signal, lost, state), f.reason);
        return { jobId, outcome: "retrying" };
      }
      const settled = await finalFailure({ holder, jobId, job, now: now(), deadline }, f.reason);
      return { jobId, outcome: typeof settled === "object" ? settled.outcome : settled ? "failed" : "lease-lost" };
    }
  }

  return {
    workerId,
    kind: def.kind,
    processNext,
    runWorkerLoop: ({ signal, pollMs = 1000 }) =>
      queue.kind === "embedded"
        ? runJobLoop(processNext, { signal, pollMs, log })
        : runDeliveryLoop(queue, workerId, db, processNext, { signal, pollMs, log }),
  };
}

/**
 * A worker loop on a queue engine: an idle worker waits in the engine (in
 * Redis, QUEUE_BLOCK_MS at a time), not on the store; `pollMs` only paces
 * retries after an error (the engine or the store away). Stopping releases the
 * worker's wait at once. The first loop of the process starts the reconciler.
 */
async function runDeliveryLoop(
  queue: QueueDriver,
  workerId: string,
  db: Db,
  processNext: (o: { waitMs?: number }) => Promise<unknown>,
  o: { signal: AbortSignal; pollMs: number; log: Log },
): Promise<void> {
  const stop = () => void queue.release(workerId);
  o.signal.addEventListener("abort", stop, { once: true });
  queue.startReconciler?.(db);
  const waitMs = queue.blockMs;
  try {
    while (!o.signal.aborted) {
      try {
        await processNext({ waitMs });
      } catch (e) {
        o.log("worker loop error", e);
        if (!o.signal.aborted) await new Promise((r) => setTimeout(r, o.pollMs));
      }
    }
  } finally {
    o.signal.removeEventListener("abort", stop);
    await queue.release(workerId);
  }
}

/** Checks `holder` still holds the job (its lease live) and applies `patch`; false when it does not. */
function whileHolding(db: Db, jobId: string, holder: string, at: Date, patch: Partial<JobDoc>): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const ref = db.collection(jobs).doc(jobId);
    const snap = await tx.get(ref);
    if (!snap || snap.data.state !== "running" || snap.data.worker_id !== holder) return false;
    if (snap.data.lease_expires_at && snap.data.lease_expires_at < at.toISOString()) return false;
    tx.update(ref, { ...patch, updated_at: at.toISOString() });
    return true;
  });
}

/** A retry that waits `waitMs`: no worker, and a lease that runs out when the wait does (then any worker's claim takes it). */
function backOff(db: Db, jobId: string, holder: string, reason: string, at: Date, waitMs: number): Promise<boolean> {
  return whileHolding(db, jobId, holder, at, {
    error: reason.slice(0, 2000),
    worker_id: null,
    lease_expires_at: new Date(at.getTime() + waitMs).toISOString(),
  });
}

/** The job failed for good (no retry, no refund), written only while `holder` holds it. */
export function failFinally(db: Db, jobId: string, holder: string, reason: string, at: Date): Promise<boolean> {
  return whileHolding(db, jobId, holder, at, {
    state: "failed",
    error: reason.slice(0, 2000),
    worker_id: null,
    lease_expires_at: null,
  });
}

function defaultFinalFailure(db: Db) {
  return (s: Settler, reason: string): Promise<boolean> =>
    s.holder === "expired"
      ? db.runTransaction(async (tx) => {
          const ref = db.collection(jobs).doc(s.jobId);
          const snap = await tx.get(ref);
          if (
            !snap ||
            snap.data.state !== "running" ||
            !snap.data.lease_expires_at ||
            snap.data.lease_expires_at >= s.now.toISOString()
          )
            return false;
          tx.update(ref, {
            state: "failed",
            error: reason.slice(0, 2000),
            worker_id: null,
            lease_expires_at: null,
            updated_at: s.now.toISOString(),
          });
          return true;
        })
      : failFinally(db, s.jobId, s.holder, reason, s.now);
}
