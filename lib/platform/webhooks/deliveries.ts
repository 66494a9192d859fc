import "server-only";
/**
 * Deliveries: one per event and subscribed endpoint, each sent by one job on
 * the job runtime (worker.ts). An event row becomes its deliveries and their
 * jobs in one transaction that also marks it dispatched, so it is fanned out
 * exactly once. "Send test event" and "Resend" make a delivery directly.
 */
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { jobs } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";
import type { Transaction } from "@/lib/platform/db/transaction";
import { WEBHOOK_MAX_ATTEMPTS } from "@/lib/platform/http/webhook";
import {
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type WebhookDeliveryDoc,
  type WebhookEventDoc,
} from "./collections";
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView, type WebhookEventPayload } from "./contract";
import { ownEndpoint } from "./endpoints";
import { appLink, webhookEventId } from "./events";

export const WEBHOOK_DELIVER_JOB = "webhook.deliver";
/** Delivery jobs are the system's, not the person's: they never count against a plan's running jobs. */
const JOB_OWNER = "system";
export const DELIVERY_LOG_LIMIT = 50;
/** Finished deliveries, and the events they were made from, are kept this long (Stripe keeps its event log 30 days). */
export const DELIVERY_RETENTION_DAYS = 30;

export function payloadOf(eventId: string, e: Pick<WebhookEventDoc, "type" | "data" | "created_at">): string {
  const payload: WebhookEventPayload = { id: eventId, type: e.type, created_at: e.created_at, data: e.data };
  return JSON.stringify(payload);
}

/** Writes a delivery and the job that sends it (writes only: call after the transaction's reads). */
export function stageDelivery(
  db: Db,
  tx: Transaction,
  d: {
    ownerId: string;
    endpointId: string;
    eventId: string;
    eventType: string;
    body: string;
    resendOf?: string;
    now: Date;
  },
): string {
  const at = d.now.toISOString();
  const ref = db.collection(webhookDeliveries).doc();
  const jobRef = db.collection(jobs).doc();
  tx.create(ref, {
    owner_id: d.ownerId,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    body: d.body,
    state: "pending",
    attempts: [],
    next_attempt_at: at,
    job_id: jobRef.id,
    resend_of: d.resendOf ?? null,
    created_at: at,
    updated_at: at,
  });
  tx.create(jobRef, {
    type: WEBHOOK_DELIVER_JOB,
    owner_id: JOB_OWNER,
    content_id: null,
    state: "queued",
    progress: 0,
    attempts: 0,
    max_attempts: WEBHOOK_MAX_ATTEMPTS,
    error: null,
    worker_id: null,
    lease_expires_at: null,
    input: { delivery_id: ref.id },
    created_at: at,
    updated_at: at,
  });
  return ref.id;
}

/** Fans pending events out to their owners' enabled, subscribed endpoints; the number of events dispatched. */
export async function dispatchPendingEvents(db: Db, now: Date, limit = 20): Promise<number> {
  const pending = await db
    .collection(webhookEvents)
    .where("state", "==", "pending")
    .orderBy("created_at")
    .limit(limit)
    .get();
  let done = 0;
  for (const e of pending) {
    const ok = await db.runTransaction(async (tx) => {
      const ref = db.collection(webhookEvents).doc(e.id);
      const ev = await tx.get(ref);
      if (!ev || ev.data.state !== "pending") return false;
      const endpoints = await tx.get(db.collection(webhookEndpoints).where("owner_id", "==", ev.data.owner_id));
      const body = payloadOf(e.id, ev.data);
      let staged = 0;
      for (const ep of endpoints) {
        if (!ep.data.enabled || !(ep.data.events as string[]).includes(ev.data.type)) continue;
        staged++;
        stageDelivery(db, tx, {
          ownerId: ev.data.owner_id,
          endpointId: ep.id,
          eventId: e.id,
          eventType: ev.data.type,
          body,
          now,
        });
      }
      // Nobody listens (most people have no endpoints): nothing refers to the event, so it goes, and the outbox
      // does not grow with every render. A dispatched event stays as its deliveries' record.
      if (staged === 0) tx.delete(ref);
      else tx.update(ref, { state: "dispatched" });
      return true;
    });
    if (ok) done++;
  }
  return done;
}

/**
 * Deletes finished deliveries (succeeded or failed) and dispatched events
 * older than the retention, oldest first, at most `limit` of each per pass:
 * the log does not grow for ever. A delivery still being sent is kept, and
 * so is a pending event (it has not been fanned out yet). A resend needs only
 * its delivery (the body is copied into it), so events can go with them.
 */
export async function pruneOldDeliveries(db: Db, now: Date, limit = 200): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  let removed = 0;
  const old = await db
    .collection(webhookDeliveries)
    .where("created_at", "<", cutoff)
    .orderBy("created_at")
    .limit(limit)
    .get();
  for (const d of old) {
    if (d.data.state !== "succeeded" && d.data.state !== "failed") continue;
    await db.collection(webhookDeliveries).doc(d.id).delete();
    removed++;
  }
  const events = await db
    .collection(webhookEvents)
    .where("created_at", "<", cutoff)
    .orderBy("created_at")
    .limit(limit)
    .get();
  for (const e of events) {
    if (e.data.state !== "dispatched") continue;
    await db.collection(webhookEvents).doc(e.id).delete();
    removed++;
  }
  return removed;
}

function view(id: string, d: WebhookDeliveryDoc): WebhookDeliveryView {
  return {
    id,
    endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: d.next_attempt_at,
    resend_of: d.resend_of,
    payload: d.body,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

export async function listDeliveries(db: Db, uid: string, endpointId: string): Promise<WebhookDeliveryView[]> {
  await ownEndpoint(db, uid, endpointId);
  const rows = await db
    .collection(webhookDeliveries)
    .where("endpoint_id", "==", endpointId)
    .orderBy("created_at", "desc")
    .limit(DELIVERY_LOG_LIMIT)
    .get();
  return rows.filter((r) => r.data.owner_id === uid).map((r) => view(r.id, r.data));
}

export async function getDelivery(db: Db, uid: string, id: string): Promise<WebhookDeliveryView> {
  const snap = DOC_ID.test(id) ? await db.collection(webhookDeliveries).doc(id).get() : null;
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such delivery.");
  return view(id, snap.data);
}

/** A `webhook.test` event to one endpoint (enabled or not: it is how a person checks a receiver before turning it on). */
export async function sendTestEvent(
  db: Db,
  uid: string,
  endpointId: string,
  now = new Date(),
): Promise<WebhookDeliveryView> {
  await ownEndpoint(db, uid, endpointId);
  const at = now.toISOString();
  const eventId = webhookEventId(WEBHOOK_TEST_EVENT, randomUUID());
  const body = payloadOf(eventId, {
    type: WEBHOOK_TEST_EVENT,
    created_at: at,
    data: {
      object: "test",
      endpoint_id: endpointId,
      message: "This is a test event from Promptframe. Your endpoint receives events like this one.",
      links: { webhooks: appLink("/developers/webhooks") },
    },
  });
  const id = await db.runTransaction(async (tx) => {
    const ep = await tx.get(db.collection(webhookEndpoints).doc(endpointId));
    if (!ep || ep.data.owner_id !== uid) throw new ApiError("not_found", "There is no such webhook endpoint.");
    return stageDelivery(db, tx, { ownerId: uid, endpointId, eventId, eventType: WEBHOOK_TEST_EVENT, body, now });
  });
  return getDelivery(db, uid, id);
}

/** Sends a past delivery's exact payload again (same event id, so receivers can tell it is the same event), as a new delivery. */
export async function resendDelivery(
  db: Db,
  uid: string,
  endpointId: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDeliveryView> {
  const id = await db.runTransaction(async (tx) => {
    const ep = DOC_ID.test(endpointId) ? await tx.get(db.collection(webhookEndpoints).doc(endpointId)) : null;
    if (!ep || ep.data.owner_id !== uid) throw new ApiError("not_found", "There is no such webhook endpoint.");
    const d = DOC_ID.test(deliveryId) ? await tx.get(db.collection(webhookDeliveries).doc(deliveryId)) : null;
    if (!d || d.data.owner_id !== uid || d.data.endpoint_id !== endpointId)
      throw new ApiError("not_found", "There is no such delivery.");
    if (d.data.state === "pending" || d.data.state === "retrying")
      throw new ApiError("conflict", "This delivery is still being sent. Wait for it to finish, then resend.");
    return stageDelivery(db, tx, {
      ownerId: uid,
      endpointId,
      eventId: d.data.event_id,
      eventType: d.data.event_type,
      body: d.data.body,
      resendOf: deliveryId,
      now,
    });
  });
  return getDelivery(db, uid, id);
}
