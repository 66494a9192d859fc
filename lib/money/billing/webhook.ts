import "server-only";
/**
 * Stripe webhooks: verify the signature on the raw body with the official
 * library (forged, altered or older-than-tolerance deliveries are refused),
 * then apply the event in ONE transaction that also records its id, so a
 * replay or a second worker finds the record and changes nothing.
 */
import Stripe from "stripe";
import { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import { billingEvents, type BillingEventDoc } from "./collections";
import type { BillingConfig } from "./config";
import { billingId } from "./ledger";
import { notConfigured } from "./stripe-client";
import { HANDLERS, type Handled } from "./webhook-handlers";

/** Stripe's default: a signed delivery older than five minutes is refused (replays of captured requests). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookResult {
  eventId: string;
  type: string;
  /** True when this event id was processed before: nothing was done this time. */
  duplicate: boolean;
  outcome: BillingEventDoc["outcome"] | "duplicate";
  summary: string;
}

export function verifyStripeEvent(a: {
  config: BillingConfig;
  payload: string;
  signature: string | null;
  now?: Date;
}): Stripe.Event {
  if (!a.config.webhookSecret) throw notConfigured("Stripe webhooks");
  if (!a.signature)
    throw new ApiError("bad_request", "Missing the Stripe-Signature header: only Stripe can call this endpoint.");
  let event: Stripe.Event;
  try {
    // receivedAt is in milliseconds.
    event = Stripe.webhooks.constructEvent(
      a.payload,
      a.signature,
      a.config.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      a.now?.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new ApiError(
        "bad_request",
        "The Stripe-Signature header does not match this payload, or the delivery is more than 5 minutes old. Nothing was changed.",
      );
    }
    throw notAnEvent();
  }
  if (!eventEnvelope.safeParse(event).success) throw notAnEvent();
  return event;
}

const eventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().positive(),
  livemode: z.boolean().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

function notAnEvent(): ApiError {
  return new ApiError("bad_request", "The webhook body is not a Stripe event. Nothing was changed.");
}

/** Applies a verified event once. */
export async function processStripeEvent(a: {
  db: Db;
  config: BillingConfig;
  event: Stripe.Event;
  now?: Date;
}): Promise<WebhookResult> {
  const { event } = a;
  const now = a.now ?? new Date();
  const ref = a.db.collection(billingEvents).doc(billingId("evt", event.id));
  return a.db.runTransaction(async (tx) => {
    const seen = await tx.get(ref);
    if (seen)
      return { eventId: event.id, type: event.type, duplicate: true, outcome: "duplicate", summary: seen.data.summary };
    const handler = HANDLERS[event.type];
    const handled: Handled = handler
      ? await handler(tx, {
          db: a.db,
          config: a.config,
          eventId: event.id,
          eventType: event.type,
          eventAt: new Date(event.created * 1000),
          object: event.data.object,
          now,
        })
      : { outcome: "ignored_type", ownerId: null, summary: `${event.type} is not used here`, stage: () => undefined };
    handled.stage();
    tx.create(ref, {
      type: event.type.slice(0, 100),
      owner_id: handled.ownerId,
      outcome: handled.outcome,
      summary: handled.summary.slice(0, 500),
      livemode: Boolean(event.livemode),
      event_created_at: new Date(event.created * 1000).toISOString(),
      processed_at: now.toISOString(),
    });
    return {
      eventId: event.id,
      type: event.type,
      duplicate: false,
      outcome: handled.outcome,
      summary: handled.summary,
    };
  });
}

export async function receiveStripeWebhook(a: {
  db: Db;
  config: BillingConfig;
  payload: string;
  signature: string | null;
  now?: Date;
}): Promise<WebhookResult> {
  const event = verifyStripeEvent(a);
  const result = await processStripeEvent({ db: a.db, config: a.config, event, now: a.now });
  if (result.outcome === "ignored_unknown_customer")
    console.warn(`[billing] ${event.type} ${event.id}: ${result.summary}`);
  return result;
}
