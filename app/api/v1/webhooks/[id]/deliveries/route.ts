/** GET /api/v1/webhooks/{id}/deliveries — the endpoint's latest 50 deliveries, newest first, each with its attempts and payload. */
import { withUser } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { listDeliveries } from "@/lib/platform/webhooks/deliveries";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params, user }) => {
    startWebhookWorker();
    const id = typeof params.id === "string" ? params.id : "";
    return Response.json(
      { data: await listDeliveries(getDb(), user.uid, id) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
