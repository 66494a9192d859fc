/**
 * The queue driver: who hands a worker its next job. Chosen by configuration
 * (QUEUE_DRIVER, lib/platform/jobs/settings.ts), like the store and blob
 * drivers:
 *   - embedded (default): today's queue on the store. A worker claims with
 *     `claimJob` (queue.ts), idle workers poll (WORKER_POLL_MS).
 *   - bullmq: BullMQ on REDIS_URL delivers (drivers/bullmq.ts). The store
 *     stays the source of truth: a delivery runs only once `claimJobById`
 *     moved its job document to running for that attempt; new and requeued
 *     job documents reach the engine through an after-commit observer on the
 *     `jobs` collection (announce.ts), and a reconciler re-announces what the
 *     engine lost (reconciler.ts). Idle workers wait in Redis, not on the store.
 * Either way the kit (kit.ts) runs, heartbeats and settles a claimed job the same.
 */
import type { Db } from "@/lib/platform/db/db";
import type { JobDoc } from "@/lib/platform/db/collections";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { queueSettings, type QueueDriverKind, type QueueSettings } from "./settings";
import { createBullmqDriver } from "./drivers/bullmq";
import { embeddedDriver } from "./drivers/embedded";
import { ownerRunningLimit } from "./fair";

export interface NextOptions {
  db: Db;
  /** The job types this worker runs. */
  types: readonly string[];
  /** This attempt's id (the job's `worker_id` once claimed). */
  holder: string;
  /** The worker (a bullmq driver keeps one consumer per worker). */
  workerId: string;
  leaseMs: number;
  now: () => Date;
  /** How long to wait for a delivery when there is none (bullmq; the embedded driver never waits). */
  waitMs?: number;
  /** Settles a job abandoned on its last attempt (the kit's onFinalFailure with "expired"). */
  reap(job: DocSnapshot<JobDoc>): Promise<unknown>;
  log(msg: string, err?: unknown): void;
}

/** A claimed job: the store says running for `holder`; the engine's side of it ends with `finish`. */
export interface Claimed {
  job: DocSnapshot<JobDoc>;
  /** Tells the engine the attempt ended (whatever the store says now); idempotent. */
  finish(): Promise<void>;
}

export interface QueueDriver {
  readonly kind: QueueDriverKind;
  /** Whether the kit reaps abandoned jobs before each claim (embedded) or deliveries and the reconciler do (bullmq). */
  readonly reapsOnClaim: boolean;
  /** How long an idle worker loop waits for a delivery per call (0: it polls, WORKER_POLL_MS). */
  readonly blockMs: number;
  /** Starts re-announcing what the engine lost (bullmq; once per process). */
  startReconciler?(db: Db): void;
  /** The next job, claimed in the store for `holder`; null when there is none (after `waitMs` at most). */
  next(o: NextOptions): Promise<Claimed | null>;
  /** Stops `workerId`'s waiting and releases what it holds in the engine (a worker loop that stops). */
  release(workerId: string): Promise<void>;
  close(): Promise<void>;
}

const KEY = Symbol.for("promptframe.jobs.queueDriver");
type Holder = { driver: QueueDriver | null; settings: QueueSettings | null };

function holder(): Holder {
  const g = globalThis as unknown as Record<symbol, Holder | undefined>;
  g[KEY] ??= { driver: null, settings: null };
  return g[KEY]!;
}

/**
 * The process's queue driver, from QUEUE_DRIVER (default embedded). Kept on
 * globalThis: Next bundles instrumentation.ts and the routes apart, and one
 * process must hold one engine connection and one announcer.
 */
export function queueDriver(): QueueDriver {
  const h = holder();
  if (h.driver) return h.driver;
  const s = queueSettings();
  h.settings = s;
  if (s.driver === "bullmq") {
    h.driver = createBullmqDriver({
      redisUrl: s.redisUrl!,
      // The setting and the app's registered limit (the plan's jobs at once), as the embedded claim applies them.
      ownerMaxRunning: (owner, db) => ownerRunningLimit(db, owner, { fixed: s.ownerMaxRunning ?? null }),
      blockMs: s.blockMs,
      reconcileMs: s.reconcileMs,
    });
  } else h.driver = embeddedDriver;
  return h.driver;
}

/**
 * Start-up (instrumentation.ts, scripts/worker.ts): with QUEUE_DRIVER=bullmq,
 * opens the engine so this process announces the jobs its code creates, even
 * when it runs no worker. A no-op on the embedded driver.
 */
export function startQueueDriver(): QueueDriverKind {
  return queueDriver().kind;
}

/** For tests: the process's driver replaced (null: read the configuration again). Closes the one it replaces. */
export async function setQueueDriver(d: QueueDriver | null): Promise<void> {
  const h = holder();
  const old = h.driver;
  h.driver = d;
  if (old && old !== d) await old.close();
}
