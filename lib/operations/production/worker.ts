import "server-only";
/**
 * The production worker's tick, beside the bulk and video workers (rendering
 * itself is theirs). Each tick:
 *   1. the scheduler: pipelines whose `next_run_at` has come are claimed (the
 *      time moves on in a transaction, so two ticks never start one twice) and
 *      run as their owner; a source that cannot be read is a failed run with
 *      the reason;
 *   2. running runs are followed until their batch settles (counts, credits,
 *      the webhook delivery);
 *   3. webhook deliveries whose time has come become `prod.webhook` jobs;
 *   4. one such job is claimed (leased) and sent; a failure schedules the next
 *      attempt with exponential backoff, up to WEBHOOK_MAX_ATTEMPTS.
 * All state is in the store, so a restart loses nothing.
 */
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { jobs } from "@/lib/platform/db/collections";
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import { completeJob, runJobLoop } from "@/lib/platform/jobs/queue";
import { runAs, systemContext } from "@/lib/platform/update-log/context";
import { logChange } from "@/lib/platform/update-log/write";
import { prodPipelines, prodRuns, prodWebhookDeliveries, prodWebhookSecrets, type ProdRunDoc } from "./collections";
import type { ProdDeps } from "./deps";
import { getRun, runningRuns, startRun, WEBHOOK_JOB } from "./runs";
import { nextRunAt } from "./schedule";
import { nextAttemptDelayMs, sendWebhook, WEBHOOK_MAX_ATTEMPTS, type SendOptions } from "@/lib/platform/http/webhook";

export const PROD_JOB_TYPES = [WEBHOOK_JOB] as const;

type DeliveryOutcome = "succeeded" | "retrying" | "failed" | "skipped";
/** One webhook delivery attempt (the POST itself has a shorter limit of its own). */
export const WEBHOOK_JOB_DEADLINE_MS = 2 * 60_000;

export interface ProdWorkerDeps {
  deps: ProdDeps;
  webhook?: SendOptions;
  workerId?: string;
  leaseMs?: number;
  /** The longest one delivery attempt may take (WEBHOOK_JOB_DEADLINE_MS); then it counts as failed and is retried later. */
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export function createProdWorker(w: ProdWorkerDeps) {
  const { deps } = w;
  const db = deps.db;
  const now = () => (deps.now ?? (() => new Date()))();
  const workerId = w.workerId ?? `prod-${randomUUID().slice(0, 8)}`;
  const leaseMs = w.leaseMs ?? 60_000;
  const deadlineMs = w.deadlineMs ?? WEBHOOK_JOB_DEADLINE_MS;
  const log = w.log ?? ((msg: string, err?: unknown) => console.error(`[prod worker] ${msg}`, err ?? ""));

  /** Starts the runs whose time has come; the number started (or recorded as failed). */
  async function schedulerTick(): Promise<number> {
    const at = now();
    const due = await db
      .collection(prodPipelines)
      .where("next_run_at", "<=", at.toISOString())
      .orderBy("next_run_at")
      .limit(10)
      .get();
    let started = 0;
    for (const p of due) {
      const claimed = await db.runTransaction(async (tx) => {
        const ref = db.collection(prodPipelines).doc(p.id);
        const snap = await tx.get(ref);
        if (!snap || snap.data.archived || !snap.data.next_run_at || snap.data.next_run_at > at.toISOString())
          return false;
        tx.update(ref, { next_run_at: nextRunAt(snap.data.schedule, at)?.toISOString() ?? null });
        return true;
      });
      if (!claimed) continue;
      started++;
      await runAs(systemContext("scheduler"), async () => {
        try {
          await startRun(deps, p.id, { trigger: "schedule" });
        } catch (e) {
          await recordFailedRun(p.id, e instanceof ApiError ? e.message : "The run could not start.");
          if (!(e instanceof ApiError)) log(`scheduled run of ${p.id} failed`, e);
        }
      });
    }
    return started;
  }

  /** A scheduled run that could not start (its feed timed out, credits ran short…) is kept as a failed run with the reason. */
  async function recordFailedRun(pipelineId: string, reason: string): Promise<void> {
    const at = now().toISOString();
    await db.runTransaction(async (tx) => {
      const p = await tx.get(db.collection(prodPipelines).doc(pipelineId));
      if (!p) return;
      const ref = db.collection(prodRuns).doc();
      const run: ProdRunDoc = {
        pipeline_id: pipelineId,
        client_id: p.data.client_id,
        pipeline_name: p.data.name,
        owner_id: p.data.owner_id,
        trigger: "schedule",
        state: "failed",
        batch_id: null,
        template_version: null,
        item_count: 0,
        reused_count: 0,
        done_count: 0,
        failed_count: 0,
        credits_used: 0,
        error: reason.slice(0, 2000),
        created_at: at,
        updated_at: at,
        finished_at: at,
      };
      tx.create(ref, run);
      logChange(db, tx, {
        entityType: "pipeline",
        entityId: pipelineId,
        entityLabel: p.data.name,
        action: "run",
        before: null,
        after: { run_id: ref.id, trigger: "schedule", state: "failed", error: run.error },
      });
    });
  }

  async function followRuns(): Promise<void> {
    for (const r of await runningRuns(db)) {
      try {
        await getRun(deps, r.data.pipeline_id, r.id);
      } catch (e) {
        log(`following run ${r.id} failed`, e);
      }
    }
  }

  /** Deliveries whose time has come become jobs (in the transaction that marks them queued). */
  async function dispatchDeliveries(): Promise<void> {
    const at = now().toISOString();
    const due = await db
      .collection(prodWebhookDeliveries)
      .where("state", "==", "waiting")
      .where("next_attempt_at", "<=", at)
      .orderBy("next_attempt_at")
      .limit(20)
      .get();
    for (const d of due) {
      await db.runTransaction(async (tx) => {
        const ref = db.collection(prodWebhookDeliveries).doc(d.id);
        const snap = await tx.get(ref);
        if (!snap || snap.data.state !== "waiting") return;
        const jobRef = db.collection(jobs).doc();
        const run = await tx.get(db.collection(prodRuns).doc(snap.data.run_id));
        tx.create(jobRef, {
          type: WEBHOOK_JOB,
          owner_id: run?.data.owner_id ?? "system",
          content_id: null,
          state: "queued",
          progress: 0,
          attempts: 0,
          max_attempts: 3,
          error: null,
          worker_id: null,
          lease_expires_at: null,
          input: { delivery_id: d.id },
          created_at: at,
          updated_at: at,
        });
        tx.update(ref, { state: "queued", job_id: jobRef.id, updated_at: at });
      });
    }
  }

  /** Sends one delivery attempt and records it; the next attempt is scheduled with backoff. */
  async function deliver(
    jobId: string,
    deliveryId: string,
    signal: AbortSignal,
    attempt: { sentAt?: Date },
  ): Promise<DeliveryOutcome> {
    const snap = await db.collection(prodWebhookDeliveries).doc(deliveryId).get();
    if (!snap || snap.data.state !== "queued" || snap.data.job_id !== jobId) return "skipped";
    const secret = (await db.collection(prodWebhookSecrets).doc(snap.data.pipeline_id).get())?.data.secret;
    const sentAt = now();
    attempt.sentAt = sentAt;
    const result = secret
      ? await sendWebhook({
          url: snap.data.url,
          secret,
          rawBody: snap.data.body,
          deliveryId,
          event: snap.data.event,
          now: sentAt,
          signal,
          ...w.webhook,
        })
      : { ok: false, status: null, error: "The pipeline has no signing secret.", duration_ms: 0 };
    if (signal.aborted) return "skipped"; // the queue ended this attempt: processNext records it
    return record(jobId, deliveryId, sentAt, result, Boolean(secret));
  }

  /** Records one attempt's result on the delivery; a failure schedules the next attempt with backoff. */
  function record(
    jobId: string,
    deliveryId: string,
    sentAt: Date,
    result: { ok: boolean; status: number | null; error: string | null; duration_ms: number },
    secret: boolean,
  ): Promise<DeliveryOutcome> {
    return db.runTransaction(async (tx) => {
      const ref = db.collection(prodWebhookDeliveries).doc(deliveryId);
      const cur = await tx.get(ref);
      if (!cur || cur.data.state !== "queued" || cur.data.job_id !== jobId) return "skipped" as const;
      const attempts = [
        ...cur.data.attempts,
        { at: sentAt.toISOString(), status: result.status, error: result.error, duration_ms: result.duration_ms },
      ];
      const delay = result.ok || !secret ? null : nextAttemptDelayMs(attempts.length);
      const state = result.ok ? "succeeded" : delay === null ? "failed" : "waiting";
      tx.update(ref, {
        state,
        attempts: attempts.slice(-WEBHOOK_MAX_ATTEMPTS),
        next_attempt_at: state === "waiting" ? new Date(now().getTime() + delay!).toISOString() : null,
        job_id: null,
        updated_at: now().toISOString(),
      });
      return result.ok ? ("succeeded" as const) : state === "waiting" ? ("retrying" as const) : ("failed" as const);
    });
  }

  const deliveryIdOf = (job: { input: Record<string, unknown> }) =>
    String((job.input as { delivery_id?: unknown }).delivery_id ?? "");
  /** When the current attempt sent its POST (one attempt at a time per worker). */
  const sent = new Map<string, Date>();

  const webhookJob = defineJob<DeliveryOutcome>({
    kind: "prod",
    types: PROD_JOB_TYPES,
    deadlineMs,
    run: async (job, ctx: JobContext) => {
      const attempt: { sentAt?: Date } = {};
      try {
        const outcome = await deliver(ctx.jobId, deliveryIdOf(job), ctx.signal, attempt);
        await ctx.complete(); // whatever the attempt's outcome (the delivery records its own retries)
        return outcome;
      } finally {
        if (attempt.sentAt) sent.set(ctx.jobId, attempt.sentAt);
        else sent.delete(ctx.jobId);
      }
    },
    // Only a delivery past its time is settled here; any other escape goes to the worker loop's log.
    failure: (_e, { deadline }) =>
      deadline ? { reason: "did not answer in time", retryable: false, quiet: true } : null,
    // Past its time: a failed attempt like any other (retried later with backoff), and the worker moves on.
    onFinalFailure: async (s) => {
      if (s.holder === "expired") return false;
      const sentAt = sent.get(s.jobId) ?? now();
      sent.delete(s.jobId);
      const outcome = await record(
        s.jobId,
        deliveryIdOf(s.job),
        sentAt,
        { ok: false, status: null, error: "did not answer in time", duration_ms: deadlineMs },
        true,
      );
      await completeJob(db, { jobId: s.jobId, workerId: s.holder, now: now() });
      return { outcome };
    },
  });
  const worker = createJobWorker(webhookJob, { db, workerId, leaseMs, deadlineMs, now, log });

  async function processNext(): Promise<{ jobId: string; outcome: string } | { scheduled: number } | null> {
    const scheduled = await schedulerTick();
    await followRuns();
    await dispatchDeliveries();
    const r = await worker.processNext();
    return r ?? (scheduled ? { scheduled } : null);
  }

  function runWorkerLoop(o: { signal: AbortSignal; pollMs?: number }): Promise<void> {
    return runJobLoop(processNext, { signal: o.signal, pollMs: o.pollMs ?? 1000, log });
  }

  return { workerId, processNext, schedulerTick, runWorkerLoop };
}

export type ProdWorker = ReturnType<typeof createProdWorker>;
