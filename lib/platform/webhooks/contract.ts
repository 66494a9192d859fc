/**
 * The API contract of a person's webhooks (/api/v1/webhooks): request bodies
 * and responses as zod schemas (the OpenAPI document is generated from them),
 * and the types the screen and the browser client read. Plain data, no server
 * import: shared by the route handlers and the /developers/webhooks form.
 */
import { z } from "zod";

/** What an endpoint may subscribe to. `webhook.test` is only ever sent by "Send test event". */
export const WEBHOOK_EVENT_TYPES = [
  "video.ready",
  "video.failed",
  "batch.finished",
  "image.ready",
  "design.ready",
] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventType>;
export const WEBHOOK_TEST_EVENT = "webhook.test";
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "video.ready": "A video finished rendering",
  "video.failed": "A video render failed",
  "batch.finished": "A batch finished",
  "image.ready": "An image is ready",
  "design.ready": "A design export is ready",
};

export const MAX_WEBHOOK_ENDPOINTS = 10;

const url = z
  .string()
  .trim()
  .min(1, "Enter the address that should receive the events.")
  .max(2048, "Use an address of at most 2,048 characters.");
const description = z.string().trim().max(200, "Use at most 200 characters.");
const events = z
  .array(webhookEventType)
  .min(1, "Pick at least one event.")
  .transform((e) => [...new Set(e)]);

/** POST /api/v1/webhooks */
export const createWebhookInput = z.strictObject({
  url,
  description: description.default(""),
  events,
  enabled: z.boolean().default(true),
});
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

/** PATCH /api/v1/webhooks/{id}: any of the fields, at least one. */
export const updateWebhookInput = z
  .strictObject({
    url: url.optional(),
    description: description.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Change at least one field." });
export type UpdateWebhookInput = z.input<typeof updateWebhookInput>;

const isoTime = z.string().describe("ISO 8601 time");

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  /** The secret's first characters (`whsec_` and 4 more), to tell secrets apart; the secret itself is shown once. */
  secret_hint: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  /** The latest delivery's outcome, for the list. */
  last_delivery: z
    .object({
      state: z.enum(["pending", "retrying", "succeeded", "failed"]),
      status: z.number().int().nullable(),
      at: isoTime,
    })
    .nullable(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

/** The creation's (and roll secret's) answer: the endpoint and its signing secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string().describe("whsec_…: verify the Promptframe-Signature header with it. Shown once."),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ["pending", "retrying", "succeeded", "failed"] as const;
export const webhookAttemptSchema = z.object({
  at: isoTime,
  status: z.number().int().nullable().describe("The receiver's HTTP status; null when it could not be reached"),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.array(webhookAttemptSchema),
  next_attempt_at: isoTime.nullable(),
  /** The delivery this one resends, when it is a resend. */
  resend_of: z.string().nullable(),
  /** The exact JSON body that was signed and sent. */
  payload: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

/** The body every delivery POSTs (what a receiver parses after checking the signature). */
export const webhookEventPayloadSchema = z.object({
  id: z.string().describe("evt_…: the same for every delivery and resend of one event"),
  type: z.string(),
  created_at: isoTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventPayload = z.infer<typeof webhookEventPayloadSchema>;

export const webhookListResponse = z.object({ data: z.array(webhookEndpointSchema) });
export const webhookResponse = z.object({ data: webhookEndpointSchema });
export const webhookWithSecretResponse = z.object({ data: webhookEndpointWithSecretSchema });
export const webhookDeleteResponse = z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) });
export const webhookDeliveryListResponse = z.object({ data: z.array(webhookDeliverySchema) });
export const webhookDeliveryResponse = z.object({ data: webhookDeliverySchema });
