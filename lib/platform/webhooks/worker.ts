import "server-only";
/**
 * The webhook worker: a job type on the job runtime (lib/platform/jobs). Its
 * tick fans pending events out to deliveries (deliveries.ts); each
 * `webhook.deliver` job sends one delivery through the guarded outgoing HTTP
 * (lib/platform/http/webhook.ts: signed `Promptframe-Signature`, a deadline,
 * private addresses refused again) and records the attempt on the delivery.
 * A failed attempt (non-2xx, unreachable, too slow) is retried by the
 * runtime with exponential backoff (10 s, 20 s, 40 s…; nextAttemptDelayMs),
 * up to WEBHOOK_MAX_ATTEMPTS; then the delivery is failed. All state is in
 * the store, so a restart loses nothing.
 */
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import type { Db } from "@/lib/platform/db/db";
import type { JobDoc } from "@/lib/platform/db/collections";
import {
  nextAttemptDelayMs,
  sendWebhook,
  WEBHOOK_MAX_ATTEMPTS,
  type AttemptResult,
  type SendOptions,
} from "@/lib/platform/http/webhook";
import { webhookDeliveries, webhookEndpoints } from "./collections";
import { dispatchPendingEvents, pruneOldDeliveries, WEBHOOK_DELIVER_JOB } from "./deliveries";

export type DeliveryOutcome = "succeeded" | "failed" | "skipped";
/** One attempt (the POST itself has a shorter limit of its own, WEBHOOK_TIMEOUT_MS). */
export const WEBHOOK_DELIVERY_DEADLINE_MS = 60_000;
/** How often a worker looks for deliveries past their retention (a cheap query, but not one per tick). */
export const PRUNE_EVERY_MS = 60 * 60_000;

class AttemptFailed extends Error {}

export interface WebhookWorkerDeps {
  db: Db;
  /** The guard's options (tests: a loopback receiver on the allow list, a short timeout). */
  webhook?: SendOptions;
  now?: () => Date;
  workerId?: string;
  leaseMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export function createWebhookWorker(d: WebhookWorkerDeps) {
  const { db } = d;
  const now = d.now ?? (() => new Date());
  let prunedAt = -Infinity;

  /** Fans out pending events; once an hour also prunes the log (a failed prune is logged and tried next hour). */
  async function tick(at: Date): Promise<number> {
    const dispatched = await dispatchPendingEvents(db, at);
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await pruneOldDeliveries(db, at).catch((e: unknown) => (d.log ?? console.error)("[webhooks] prune failed", e));
    }
    return dispatched;
  }

  /** Records one attempt; the delivery's new state. Null when the delivery is no longer this job's. */
  function record(jobId: string, deliveryId: string, result: AttemptResult, at: Date, last: boolean) {
    return db.runTransaction(async (tx) => {
      const ref = db.collection(webhookDeliveries).doc(deliveryId);
      const cur = await tx.get(ref);
      if (!cur || cur.data.job_id !== jobId) return null;
      const attempts = [
        ...cur.data.attempts,
        { at: at.toISOString(), status: result.status, error: result.error, duration_ms: result.duration_ms },
      ].slice(-20);
      const delay = result.ok || last ? null : nextAttemptDelayMs(attempts.length);
      const state = result.ok ? "succeeded" : delay === null ? "failed" : "retrying";
      tx.update(ref, {
        state,
        attempts,
        next_attempt_at: delay === null ? null : new Date(now().getTime() + delay).toISOString(),
        job_id: state === "retrying" ? jobId : null,
        updated_at: now().toISOString(),
      });
      return state;
    });
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<DeliveryOutcome> {
    const deliveryId = String((job.input as { delivery_id?: unknown }).delivery_id ?? "");
    const delivery = deliveryId ? await db.collection(webhookDeliveries).doc(deliveryId).get() : null;
    if (!delivery || delivery.data.job_id !== ctx.jobId) return "skipped"; // deleted with its endpoint, or resent
    const endpoint = await db.collection(webhookEndpoints).doc(delivery.data.endpoint_id).get();
    const at = now();
    const last = job.attempts >= Math.min(job.max_attempts, WEBHOOK_MAX_ATTEMPTS);
    const result: AttemptResult =
      endpoint && endpoint.data.owner_id === delivery.data.owner_id
        ? await sendWebhook({
            url: endpoint.data.url,
            secret: endpoint.data.secret,
            rawBody: delivery.data.body,
            deliveryId,
            event: delivery.data.event_type,
            now: at,
            signal: ctx.signal,
            ...d.webhook,
          })
        : { ok: false, status: null, error: "The endpoint was deleted.", duration_ms: 0 };
    if (ctx.signal.aborted) throw ctx.signal.reason; // the runtime settles it (deadline, lease)
    const state = await record(ctx.jobId, deliveryId, result, at, last || !endpoint);
    if (state === "retrying") throw new AttemptFailed(result.error ?? "failed"); // the runtime requeues with backoff
    if (state === "failed") {
      await ctx.fail(result.error ?? "failed");
      return "failed";
    }
    return state === "succeeded" ? "succeeded" : "skipped";
  }

  const job = defineJob<DeliveryOutcome>({
    kind: "webhooks",
    types: [WEBHOOK_DELIVER_JOB],
    deadlineMs: WEBHOOK_DELIVERY_DEADLINE_MS,
    backoffMs: (attempt) => nextAttemptDelayMs(attempt) ?? 0,
    tick,
    run,
    failure: (e, { deadline }) => ({
      reason: deadline ? "did not answer in time" : e instanceof AttemptFailed ? e.message : String(e),
      retryable: true,
      quiet: e instanceof AttemptFailed,
    }),
  });
  return createJobWorker(job, { db, workerId: d.workerId, leaseMs: d.leaseMs, now, log: d.log });
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
