/**
 * GET /api/v1/webhooks — my webhook endpoints (never their secrets), oldest first.
 * POST /api/v1/webhooks — a new endpoint { url, description?, events, enabled? }: 201 with its signing
 * secret, shown this once. A private or internal address is refused (422).
 */
import { withUser } from "@/lib/access/auth/server/with-user";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { createWebhookInput } from "@/lib/platform/webhooks/contract";
import { createEndpoint, listEndpoints } from "@/lib/platform/webhooks/endpoints";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user }) => Response.json({ data: await listEndpoints(getDb(), user.uid) }, { headers: NO_STORE }),
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    startWebhookWorker();
    const input = await readJsonBody(request, createWebhookInput, 8 * 1024);
    const made = await createEndpoint(getDb(), user.uid, input);
    return Response.json({ data: made }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
