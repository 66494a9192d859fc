/**
 * The OpenAPI 3.1 document of Promptframe's public API: every /api/v1
 * operation an API key may call, one entry each in operations/*.ts (a new
 * key-callable route needs its entry there: tests/api/openapi-routes.test.ts
 * fails until it has one). Built once per process.
 */
import "server-only";
import { buildOpenApiDocument, type ApiOperation, type OpenApiDocument } from "@/lib/platform/api/openapi";
import { assetOperations } from "./operations/assets";
import { batchOperations } from "./operations/batches";
import { designOperations } from "./operations/designs";
import { imageOperations } from "./operations/images";
import { keyOperations } from "./operations/keys";
import { mcpOperations } from "./operations/mcp";
import { productOperations } from "./operations/products";
import { videoOperations } from "./operations/videos";
import { webhookOperations } from "./operations/webhooks";
import { workspaceOperations } from "./operations/workspace";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookEventPayloadSchema,
  type WebhookEventType,
} from "@/lib/platform/webhooks/contract";

/** Every documented operation; the tags show in this order. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...videoOperations,
  ...imageOperations,
  ...designOperations,
  ...productOperations,
  ...batchOperations,
  ...assetOperations,
  ...workspaceOperations,
  ...keyOperations,
  ...webhookOperations,
  ...mcpOperations,
];

const TAGS: { name: string; description: string }[] = [
  { name: "Videos", description: "Videos from a brief: storyboard, edit, render, share." },
  { name: "Images", description: "Generated images: generate, list, share, download." },
  { name: "Jobs", description: "Long work (image generation) and its progress." },
  { name: "Vibes", description: "Saved styles for image generation." },
  { name: "Designs", description: "Still posts: make, edit, resize, export." },
  { name: "Products", description: "The product catalogue videos and designs are made from." },
  { name: "Links", description: "Read a product page and make a video from it." },
  { name: "Batches", description: "Many videos at once, from rows or a CSV." },
  { name: "Assets", description: "Uploaded pictures, logos, clips, audio and fonts." },
  { name: "Brand kit", description: "Logo, colours and fonts applied to videos." },
  { name: "Workspace", description: "Everything I made, in one place." },
  { name: "Pages", description: "Simple web pages of my content." },
  { name: "Account", description: "My profile and notifications." },
  { name: "API keys", description: "Keys for programs, with limited permissions." },
  { name: "Webhooks", description: "Calls to your server when work finishes." },
  { name: "MCP", description: "The Model Context Protocol endpoint for AI assistants." },
];

let built: OpenApiDocument | undefined;

/** The document (built on first use, then kept: the operations do not change while the process runs). */
export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(API_OPERATIONS, {
    title: "Promptframe API",
    version: "1.0.0",
    description:
      "Make videos, images and designs from a program. Authenticate with `Authorization: Bearer <API key>` (make a key on the Developers page). Every answer is JSON `{ data }` (files and redirects aside); every error is `{ error: { code, message, issues? } }`.",
    tags: TAGS.filter((t) => API_OPERATIONS.some((op) => op.tag === t.name)),
    webhooks: Object.fromEntries(
      [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [
        type,
        {
          summary:
            type === WEBHOOK_TEST_EVENT
              ? "A test event (Send test event)"
              : WEBHOOK_EVENT_LABELS[type as WebhookEventType],
          description:
            "POSTed to each enabled endpoint subscribed to this event, signed in the `Promptframe-Signature` header " +
            '(`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint\'s secret); the ' +
            "`Promptframe-Event` and `Promptframe-Delivery` headers name the event and the delivery. The payload's `id` " +
            "stays the same across retries and resends: de-duplicate on it.",
          body: webhookEventPayloadSchema,
        },
      ]),
    ),
  });
  return built;
}
