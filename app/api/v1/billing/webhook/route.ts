/**
 * POST /api/v1/billing/webhook — Stripe's events. No user: Stripe's
 * signature on the raw body is the authentication, so the body is read as
 * text, never parsed before it is verified.
 */
import { readBodyText } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { billingConfig } from "@/lib/money/billing/config";
import { receiveStripeWebhook } from "@/lib/money/billing/webhook";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Stripe's events are a few KB; anything far larger is not one. */
const MAX_BYTES = 512 * 1024;

export const POST = withErrors(
  async ({ request }) => {
    // Capped while it streams: a missing or lying Content-Length cannot make us buffer more.
    const payload = await readBodyText(request, MAX_BYTES, "A Stripe event is never this large.");
    const result = await receiveStripeWebhook({
      db: getDb(),
      config: billingConfig(),
      payload,
      signature: request.headers.get("stripe-signature"),
    });
    return Response.json({
      data: { received: true, event_id: result.eventId, duplicate: result.duplicate, outcome: result.outcome },
    });
  },
  { limit: "webhook" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
