/**
 * The webhook operations (app/api/v1/webhooks/**): endpoints that receive
 * signed events (`video.ready`, `video.failed`, `design.ready`, `image.ready`,
 * `batch.finished`) and the log of what was sent to them.
 */
import { z } from "zod";
import {
  createWebhookInput,
  updateWebhookInput,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "@/lib/platform/webhooks/contract";
import type { ApiOperation } from "@/lib/platform/api/openapi";
import { data, param } from "../shared";

const tag = "Webhooks";
const id = { id: param("The endpoint's id.", "Wh1a2b3c4d5e6f7g8h9") };
const SIGNED =
  "Each delivery is a POST of the event as JSON, signed in the `Promptframe-Signature` header " +
  '(`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint\'s secret), retried with ' +
  "exponential backoff (10 s, 20 s, 40 s…, 6 attempts) until it gets a 2xx.";

export const webhookOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/webhooks",
    tag,
    scope: "read",
    operationId: "listWebhooks",
    summary: "List my webhook endpoints",
    success: [
      {
        status: 200,
        description: "The endpoints (secrets are never shown again).",
        json: data(z.array(webhookEndpointSchema)),
      },
    ],
  },
  {
    method: "post",
    path: "/api/v1/webhooks",
    tag,
    scope: "create",
    operationId: "createWebhook",
    summary: "Add a webhook endpoint",
    description: `An https URL on the public internet and the events it wants. The answer holds its signing secret, this once. ${SIGNED}`,
    body: createWebhookInput,
    example: {
      body: {
        url: "https://example.com/hooks/promptframe",
        events: ["video.ready", "video.failed"],
        description: "Publish finished videos",
      },
    },
    success: [
      { status: 201, description: "The endpoint with its secret.", json: data(webhookEndpointWithSecretSchema) },
    ],
    errors: ["unprocessable_entity", "unsupported_media_type", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}",
    tag,
    scope: "read",
    operationId: "getWebhook",
    summary: "Get a webhook endpoint",
    params: id,
    success: [{ status: 200, description: "The endpoint.", json: data(webhookEndpointSchema) }],
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/api/v1/webhooks/{id}",
    tag,
    scope: "create",
    operationId: "updateWebhook",
    summary: "Change a webhook endpoint",
    description: "Its URL, description, events, or whether it is enabled (a disabled endpoint gets no events).",
    params: id,
    body: updateWebhookInput,
    example: { body: { events: ["video.ready", "design.ready"] } },
    success: [{ status: 200, description: "The endpoint.", json: data(webhookEndpointSchema) }],
    errors: ["not_found", "unprocessable_entity", "unsupported_media_type"],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/roll-secret",
    tag,
    scope: "create",
    operationId: "rollWebhookSecret",
    summary: "Replace an endpoint's signing secret",
    description: "The old secret stops at once; the answer holds the new one, this once.",
    params: id,
    success: [
      { status: 200, description: "The endpoint with its new secret.", json: data(webhookEndpointWithSecretSchema) },
    ],
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/test",
    tag,
    scope: "create",
    operationId: "sendWebhookTest",
    summary: "Send a test event",
    description: "A signed `webhook.test` event, sent even while the endpoint is disabled, to check a receiver.",
    params: id,
    success: [{ status: 202, description: "The delivery, queued.", json: data(webhookDeliverySchema) }],
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    tag,
    scope: "read",
    operationId: "listWebhookDeliveries",
    summary: "An endpoint's delivery log",
    description: "The latest 50 deliveries, newest first, each with its attempts (time, status code, duration, error).",
    params: id,
    success: [{ status: 200, description: "The deliveries.", json: data(z.array(webhookDeliverySchema)) }],
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
    tag,
    scope: "create",
    operationId: "resendWebhookDelivery",
    summary: "Send a past delivery again",
    description: "The same event and bytes, as a new delivery; refused while the original is still being sent.",
    params: { ...id, deliveryId: param("The delivery's id.", "Dl1a2b3c4d5e6f7g8h9") },
    success: [{ status: 202, description: "The new delivery, queued.", json: data(webhookDeliverySchema) }],
    errors: ["not_found", "conflict"],
  },
  {
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    tag,
    scope: "delete",
    operationId: "deleteWebhook",
    summary: "Delete a webhook endpoint",
    description: "It gets no more events; its delivery log goes with it.",
    params: id,
    success: [
      { status: 200, description: "Deleted.", json: data(z.object({ id: z.string(), deleted: z.literal(true) })) },
    ],
    errors: ["not_found"],
  },
];
