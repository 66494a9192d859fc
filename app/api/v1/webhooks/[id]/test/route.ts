/** POST /api/v1/webhooks/{id}/test — sends a `webhook.test` event to the endpoint: 202 with the new delivery. */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { sendTestEvent } from "@/lib/platform/webhooks/deliveries";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    startWebhookWorker();
    const id = typeof params.id === "string" ? params.id : "";
    return Response.json(
      { data: await sendTestEvent(getDb(), user.uid, id) },
      { status: 202, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
