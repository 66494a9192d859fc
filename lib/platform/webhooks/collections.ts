/**
 * A person's webhooks (issue 24): the endpoints they registered, the events
 * the domains emitted (an outbox: written in the transaction that changed the
 * state, so a crash cannot lose one), and the deliveries of each event to each
 * subscribed endpoint with every attempt. All three carry `owner_id`, so the
 * account's export and deletion cover them (lib/creation/account/owned-data.ts).
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { DOC_ID } from "@/lib/platform/db/ids";
import { WEBHOOK_DELIVERY_STATES, webhookEventType } from "./contract";

const uid = z.string().regex(DOC_ID);
const docId = z.string().regex(DOC_ID);

export const webhookEndpoints = defineCollection({
  name: "webhook_endpoints",
  schema: z.object({
    owner_id: uid,
    url: z.string().max(2048),
    description: z.string().max(200),
    events: z.array(webhookEventType).min(1),
    enabled: z.boolean(),
    /** The signing secret (HMAC needs the secret itself); never returned after creation or a roll. */
    secret: z.string().min(16).max(200),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [["owner_id", "created_at"]],
  edit: {
    locked: [{ path: "owner_id", reason: "An endpoint belongs to the person who made it.", initial: "" }],
  },
});

export const webhookEvents = defineCollection({
  name: "webhook_events",
  schema: z.object({
    owner_id: uid,
    type: z.string().max(64),
    data: z.record(z.string(), z.unknown()),
    /** pending: not yet fanned out to the endpoints; dispatched: its deliveries exist. */
    state: z.enum(["pending", "dispatched"]),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
  indexes: [["state", "created_at"]],
});

export const webhookDeliveries = defineCollection({
  name: "webhook_deliveries",
  schema: z.object({
    owner_id: uid,
    endpoint_id: docId,
    event_id: docId,
    event_type: z.string().max(64),
    /** The exact bytes signed and sent (every attempt sends the same). */
    body: z.string().max(200_000),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z
      .array(
        z.object({
          at: isoTimestamp(),
          status: z.number().int().nullable(),
          error: z.string().max(500).nullable(),
          duration_ms: z.number().int().min(0),
        }),
      )
      .max(20),
    next_attempt_at: isoTimestamp().nullable(),
    job_id: docId.nullable(),
    resend_of: docId.nullable(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["next_attempt_at", "created_at", "updated_at"],
  indexes: [
    ["endpoint_id", "created_at desc"],
    ["owner_id", "created_at desc"],
  ],
});

export type WebhookEndpointDoc = DocOf<typeof webhookEndpoints>;
export type WebhookEventDoc = DocOf<typeof webhookEvents>;
export type WebhookDeliveryDoc = DocOf<typeof webhookDeliveries>;
export const webhookCollections: readonly AnyCollectionDef[] = [webhookEndpoints, webhookEvents, webhookDeliveries];
