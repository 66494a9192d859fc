/**
 * The job queue on top of the `jobs` collection. A worker claims a running
 * job whose lease has expired (its worker died), else the next owner's oldest
 * queued job in round-robin order (fair.ts: owners take turns, each within its
 * running limit), in a transaction, so two workers never hold one job at once. Workers extend the
 * lease while they work; every state change checks the caller still holds it.
 * Each attempt runs through `holdJob`: one deadline per job type, and an
 * abort when the lease is lost, for every worker.
 */
import type { Db } from "@/lib/platform/db/db";
import { jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { InputOf } from "@/lib/platform/db/define";
import { claimCursor, liveRunningQuery, nextQueued, ownerAtLimit, ownerRunningLimit, type FairCursor } from "./fair";

export interface ClaimOptions {
  workerId: string;
  /** How long the claim lasts without a heartbeat. */
  leaseMs: number;
  /** Only jobs of these types (each domain's worker claims its own; at most 30 types, Firestore's `in` limit). */
  types?: readonly string[];
  now?: Date;
  /** The round-robin position (default: this process's cursor for these types, fair.ts). */
  cursor?: FairCursor;
  /** The per-owner running limit instead of JOB_OWNER_MAX_RUNNING (null: none); a registered resolver still applies. */
  maxRunningPerOwner?: number | null;
}

type NewJob = Pick<InputOf<typeof jobs>, "type" | "owner_id" | "content_id"> &
  Partial<Pick<InputOf<typeof jobs>, "input" | "max_attempts">>;

function queuedDoc(job: NewJob, at: string) {
  return {
    ...job,
    state: "queued" as const,
    progress: 0,
    attempts: 0,
    error: null,
    worker_id: null,
    lease_expires_at: null,
    created_at: at,
    updated_at: at,
  };
}

export async function enqueueJob(db: Db, job: NewJob, now = new Date()): Promise<string> {
  const ref = db.collection(jobs).doc();
  await ref.create(queuedDoc(job, now.toISOString()));
  return ref.id;
}

/**
 * Jobs per commit in `enqueueJobs`: a commit holds the embedded store's one
 * writer for about 3 ms (bench/data.ts: ~16,900 documents a second), so other
 * users' submissions and claims wait at most that long behind a bulk upload;
 * far under Firestore's 500 writes per batch.
 */
export const ENQUEUE_CHUNK = 50;

/**
 * Many jobs at once (a bulk upload, a render's segment helpers): one commit
 * per `ENQUEUE_CHUNK` jobs instead of one each. The ids, in the order given.
 * Jobs of one call share their time, so their order among themselves is not
 * kept; each chunk is announced to the queue engine as it commits.
 */
export async function enqueueJobs(db: Db, list: readonly NewJob[], now = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const ids: string[] = [];
  for (let i = 0; i < list.length; i += ENQUEUE_CHUNK) {
    const batch = db.batch();
    for (const job of list.slice(i, i + ENQUEUE_CHUNK)) {
      const ref = db.collection(jobs).doc();
      batch.create(ref, queuedDoc(job, at));
      ids.push(ref.id);
    }
    await batch.commit();
  }
  return ids;
}

/** The claimed job (state `running`, owned by `workerId`), or null when there is nothing to do. */
export async function claimJob(db: Db, opts: ClaimOptions): Promise<DocSnapshot<JobDoc> | null> {
  const now = opts.now ?? new Date();
  const col = db.collection(jobs);
  const cursor = opts.cursor ?? claimCursor(opts.types);
  const limitOf = (owner: string) => ownerRunningLimit(db, owner, { fixed: opts.maxRunningPerOwner });

  // One candidate, in a transaction that re-reads it and the owner's running jobs: claimed, or why not.
  const take = (id: string, limit: number | null) =>
    db.runTransaction(async (tx): Promise<DocSnapshot<JobDoc> | "gone" | "full" | "failed"> => {
      const ref = col.doc(id);
      const snap = await tx.get(ref);
      const job = snap?.data;
      const expired = job?.state === "running" && !!job.lease_expires_at && job.lease_expires_at < now.toISOString();
      if (!snap || !job || (job.state !== "queued" && !expired)) return "gone";
      if (limit !== null && (await tx.get(liveRunningQuery(db, job.owner_id, now, limit))).length >= limit)
        return "full";
      if (job.attempts >= job.max_attempts) {
        // Its workers keep dying: stop handing it out.
        tx.update(ref, {
          state: "failed",
          error: "lease expired on the last attempt",
          worker_id: null,
          lease_expires_at: null,
          updated_at: now.toISOString(),
        });
        return "failed";
      }
      const claimed: JobDoc = {
        ...job,
        state: "running",
        worker_id: opts.workerId,
        attempts: job.attempts + 1,
        lease_expires_at: new Date(now.getTime() + opts.leaseMs).toISOString(),
        updated_at: now.toISOString(),
      };
      tx.set(ref, claimed);
      return { ...snap, data: claimed };
    });

  // 1. Running jobs whose lease ran out (a worker died, or a retry's backoff ended) go first: they were started already.
  const typed = opts.types ? col.where("type", "in", [...opts.types]) : col;
  const expired = await typed
    .where("state", "==", "running")
    .where("lease_expires_at", "<", now.toISOString())
    .orderBy("lease_expires_at")
    .limit(EXPIRED_LOOKAHEAD)
    .get();
  for (const e of expired) {
    const got = await take(e.id, await limitOf(e.data.owner_id));
    if (typeof got === "object") return got;
  }

  // 2. Queued jobs, round-robin between owners (fair.ts): the next owner's oldest job, passing over owners at their limit.
  const passed = new Set<string>();
  for (let races = 0; races < MAX_CLAIM_RACES; ) {
    const next = await nextQueued(db, opts.types, cursor);
    if (!next) {
      cursor.last = null;
      return null;
    }
    const owner = next.data.owner_id;
    // Every owner with queued work is at its limit, or this claim has passed over enough (the next one goes on from here).
    if (passed.has(owner) || passed.size >= MAX_OWNERS_PASSED) return null;
    const limit = await limitOf(owner);
    const got = (await ownerAtLimit(db, owner, now, limit)) ? "full" : await take(next.id, limit);
    if (got === "full") {
      passed.add(owner);
      cursor.last = owner;
      continue;
    }
    if (typeof got === "object") {
      cursor.last = owner;
      return got;
    }
    races++; // another worker took it first (or it failed for good): look again
  }
  return null;
}

/** How many expired leases one claim looks at (those whose owner is at its limit are passed over). */
const EXPIRED_LOOKAHEAD = 5;
/** How many owners at their limit one claim passes over at most. */
const MAX_OWNERS_PASSED = 50;
/** How many times one claim looks again after another worker took its candidate first. */
const MAX_CLAIM_RACES = 100;

export interface ClaimByIdOptions extends ClaimOptions {
  /**
   * How many jobs the owner may run at once (null/undefined: no limit). A job
   * whose owner already runs that many live jobs (running, lease not ended,
   * any type) waits: "later". Read once per claim.
   */
  ownerLimit?: (ownerId: string) => Promise<number | null | undefined> | number | null | undefined;
  /** How long a job whose owner is at the limit waits before it is offered again (default 2 s). */
  ownerRetryMs?: number;
}

/** What a queue engine's delivery of one job document found, in one store transaction (claimJobById). */
export type ClaimById =
  /** Moved to running for `workerId` (attempts counts this attempt): run it. */
  | { kind: "claimed"; job: DocSnapshot<JobDoc> }
  /** Not yet: running under a live lease (or waiting out its backoff), or its owner is at the running limit. */
  | { kind: "later"; at: Date; why: "leased" | "owner-limit" }
  /** Its lease ran out on its last attempt: the type settles it (onFinalFailure, "expired"). */
  | { kind: "abandoned"; job: DocSnapshot<JobDoc> }
  /** Nothing to run: deleted, finished, cancelled, or not one of the types asked for. */
  | { kind: "gone"; why: string };

/**
 * The claim of a queue engine's delivery (QUEUE_DRIVER=bullmq): the job named
 * moves queued → running for `workerId` in one store transaction, or a running
 * job whose lease ran out is taken over, exactly as claimJob would take it. So
 * a duplicate delivery never runs a job twice: the second finds it running
 * under a live lease ("later", at the lease's end) or finished ("gone").
 */
export async function claimJobById(db: Db, jobId: string, opts: ClaimByIdOptions): Promise<ClaimById> {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const col = db.collection(jobs);
  return db.runTransaction(async (tx): Promise<ClaimById> => {
    const ref = col.doc(jobId);
    const snap = await tx.get(ref);
    if (!snap) return { kind: "gone", why: "deleted" };
    const job = snap.data;
    if (opts.types && !opts.types.includes(job.type)) return { kind: "gone", why: `type ${job.type}` };
    if (job.state === "running") {
      if (job.lease_expires_at && job.lease_expires_at >= at)
        return { kind: "later", at: new Date(job.lease_expires_at), why: "leased" };
      if (job.attempts >= job.max_attempts) return { kind: "abandoned", job: snap };
    } else if (job.state !== "queued") return { kind: "gone", why: job.state };
    const limit = opts.ownerLimit ? await opts.ownerLimit(job.owner_id) : null;
    if (limit) {
      // Live running jobs of the owner (fair.ts counts the same: a retry waiting out its backoff holds its slot).
      const running = await tx.get(liveRunningQuery(db, job.owner_id, now, limit + 1));
      if (running.filter((r) => r.id !== jobId).length >= limit)
        return { kind: "later", at: new Date(now.getTime() + (opts.ownerRetryMs ?? 2000)), why: "owner-limit" };
    }
    const claimed: JobDoc = {
      ...job,
      state: "running",
      worker_id: opts.workerId,
      attempts: job.attempts + 1,
      lease_expires_at: new Date(now.getTime() + opts.leaseMs).toISOString(),
      updated_at: at,
    };
    tx.set(ref, claimed);
    return { kind: "claimed", job: { ...snap, data: claimed } };
  });
}

interface OwnedChange {
  jobId: string;
  workerId: string;
  now?: Date;
}

/** Runs `change` only while `workerId` still holds the job's lease; false when it was lost. */
async function whileOwned(
  db: Db,
  o: OwnedChange,
  change: (job: JobDoc, at: string) => Partial<JobDoc>,
): Promise<boolean> {
  const ref = db.collection(jobs).doc(o.jobId);
  const now = o.now ?? new Date();
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const job = snap?.data;
    if (!job || job.state !== "running" || job.worker_id !== o.workerId) return false;
    if (job.lease_expires_at && job.lease_expires_at < now.toISOString()) return false;
    tx.update(ref, { ...change(job, now.toISOString()), updated_at: now.toISOString() });
    return true;
  });
}

export function heartbeatJob(db: Db, o: OwnedChange & { leaseMs: number; progress?: number }): Promise<boolean> {
  return whileOwned(db, o, (job, at) => ({
    lease_expires_at: new Date(Date.parse(at) + o.leaseMs).toISOString(),
    progress: o.progress ?? job.progress,
  }));
}

export function completeJob(db: Db, o: OwnedChange): Promise<boolean> {
  return whileOwned(db, o, () => ({ state: "succeeded", progress: 1, worker_id: null, lease_expires_at: null }));
}

/** Requeues the job while it has attempts left, else marks it failed. */
export function failJob(db: Db, o: OwnedChange & { error: string }): Promise<boolean> {
  return whileOwned(db, o, (job) => ({
    state: job.attempts < job.max_attempts ? "queued" : "failed",
    error: o.error.slice(0, 2000),
    worker_id: null,
    lease_expires_at: null,
  }));
}

/** How long one attempt of a job may run when its type declares no limit of its own; then the queue ends it. */
export const DEFAULT_JOB_DEADLINE_MS = 15 * 60_000;

/**
 * Why the queue ended an attempt: it ran past its type's deadline, or a
 * heartbeat found that this worker no longer holds the job (its lease ran out
 * and another worker took it over, or it was cancelled). The attempt's signal
 * aborts with this as its reason.
 */
export class JobInterrupted extends Error {
  constructor(
    readonly why: "deadline" | "lease-lost",
    message: string,
  ) {
    super(message);
    this.name = "JobInterrupted";
  }
}

export function isJobInterrupted(e: unknown, why?: JobInterrupted["why"]): e is JobInterrupted {
  return e instanceof JobInterrupted && (why === undefined || e.why === why);
}

export interface HoldJobOptions {
  db: Db;
  jobId: string;
  workerId: string;
  leaseMs: number;
  /** The job type's longest run per attempt (DEFAULT_JOB_DEADLINE_MS when it declares none). */
  deadlineMs?: number;
  /** Extends the lease; false when this worker no longer holds the job. Defaults to heartbeatJob. */
  heartbeat?: () => Promise<boolean>;
  /** How often the heartbeat runs (default a quarter of the lease). */
  heartbeatMs?: number;
  now?: () => Date;
}

/**
 * Runs one claimed attempt under the queue's rules: the lease is extended
 * while `work` runs, and `work`'s signal aborts (with a JobInterrupted) at the
 * deadline or as soon as a heartbeat finds the job is no longer this
 * worker's. Then this rejects with that JobInterrupted at once, whether or
 * not `work` heeds its signal, so the worker settles the job (retry, or fail
 * and refund once) and goes on claiming. Whatever `work` does after that is
 * refused by the lease checks every state change makes.
 */
export async function holdJob<R>(o: HoldJobOptions, work: (signal: AbortSignal) => Promise<R>): Promise<R> {
  const ctrl = new AbortController();
  const deadlineMs = o.deadlineMs ?? DEFAULT_JOB_DEADLINE_MS;
  const beat =
    o.heartbeat ??
    (() => heartbeatJob(o.db, { jobId: o.jobId, workerId: o.workerId, leaseMs: o.leaseMs, now: o.now?.() }));
  const deadline = setTimeout(
    () =>
      ctrl.abort(
        new JobInterrupted(
          "deadline",
          `The job ran longer than its limit (${Math.round(deadlineMs / 1000)} s), so it was stopped.`,
        ),
      ),
    deadlineMs,
  );
  let beating = false;
  const heartbeat = setInterval(
    () => {
      if (beating || ctrl.signal.aborted) return;
      beating = true;
      beat()
        .then((held) => {
          if (!held && !ctrl.signal.aborted)
            ctrl.abort(
              new JobInterrupted(
                "lease-lost",
                "Another worker holds this job now (or it was cancelled), so this attempt stopped.",
              ),
            );
        })
        // A heartbeat that fails (the database briefly away) is not a lost lease: the next one decides.
        .catch(() => undefined)
        .finally(() => (beating = false));
    },
    o.heartbeatMs ?? Math.max(50, Math.floor(o.leaseMs / 4)),
  );
  try {
    const running = work(ctrl.signal);
    return await new Promise<R>((resolve, reject) => {
      const stop = () => reject(ctrl.signal.reason);
      ctrl.signal.addEventListener("abort", stop, { once: true });
      running
        .then(resolve, (e) => reject(ctrl.signal.aborted ? ctrl.signal.reason : e))
        .finally(() => ctrl.signal.removeEventListener("abort", stop));
    });
  } finally {
    clearTimeout(deadline);
    clearInterval(heartbeat);
  }
}

/**
 * A worker's poll loop: `processNext` until the signal aborts, pausing
 * `pollMs` (cut short by the abort) whenever there was nothing to do. An error
 * (e.g. the database briefly unavailable) is logged and the loop goes on.
 */
export async function runJobLoop(
  processNext: () => Promise<unknown>,
  o: { signal: AbortSignal; pollMs: number; log: (msg: string, err?: unknown) => void },
): Promise<void> {
  while (!o.signal.aborted) {
    let worked = false;
    try {
      worked = (await processNext()) !== null;
    } catch (e) {
      o.log("worker loop error", e);
    }
    if (!worked && !o.signal.aborted) await abortableSleep(o.pollMs, o.signal);
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
