/** POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend — sends a finished delivery's payload again: 202 with the new delivery. */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { resendDelivery } from "@/lib/platform/webhooks/deliveries";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    startWebhookWorker();
    const id = typeof params.id === "string" ? params.id : "";
    const deliveryId = typeof params.deliveryId === "string" ? params.deliveryId : "";
    return Response.json(
      { data: await resendDelivery(getDb(), user.uid, id, deliveryId) },
      { status: 202, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
