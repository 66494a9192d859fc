/**
 * GET /api/v1/webhooks/{id} — one of my endpoints.
 * PATCH /api/v1/webhooks/{id} — change its url, description, events or enabled (the url is checked again).
 * DELETE /api/v1/webhooks/{id} — delete it and its delivery log.
 */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { updateWebhookInput } from "@/lib/platform/webhooks/contract";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/platform/webhooks/endpoints";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const idOf = (params: Record<string, string | string[]>) => (typeof params.id === "string" ? params.id : "");

export const GET = withUser(
  async ({ params, user }) =>
    Response.json({ data: await getEndpoint(getDb(), user.uid, idOf(params)) }, { headers: NO_STORE }),
  { apiKey: "read" },
);

export const PATCH = withUser(
  async ({ request, params, user }) => {
    const patch = await readJsonBody(request, updateWebhookInput, 8 * 1024);
    return Response.json({ data: await updateEndpoint(getDb(), user.uid, idOf(params), patch) }, { headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    return Response.json({ data: await deleteEndpoint(getDb(), user.uid, idOf(params)) }, { headers: NO_STORE });
  },
  { apiKey: "delete" },
);

export const { PUT, POST } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
