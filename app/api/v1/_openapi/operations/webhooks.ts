/**
 * The webhook operations (app/api/v1/webhooks/**): one entry per operation,
 * like operations/videos.ts. Already part of the document (document.ts), so a
 * new webhook route needs only its entry here, e.g.
 *
 *   {
 *     method: "post",
 *     path: "/api/v1/webhooks",
 *     tag: "Webhooks",
 *     scope: "create",                          // the route's withUser(…, { apiKey })
 *     operationId: "createWebhook",
 *     summary: "Add a webhook endpoint",
 *     body: newWebhookInputSchema,              // the zod schema the route or its service parses
 *     example: { body: { url: "https://example.com/hooks/promptframe", events: ["video.ready"] } },
 *     success: [{ status: 201, description: "The endpoint.", json: data(webhookViewSchema) }],
 *     errors: ["unprocessable_entity"],
 *   },
 *
 * tests/api/openapi-document.test.ts fails until every key-callable webhook
 * route has its entry; tests/api/openapi-contract.test.ts then calls it
 * (`{id}` of /webhooks paths is the endpoint that createWebhook made).
 */
import type { ApiOperation } from "@/lib/platform/api/openapi";

export const webhookOperations: ApiOperation[] = [];
