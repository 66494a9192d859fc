/**
 * POST /api/v1/billing/checkout — a Stripe Checkout session for a paid plan
 * or a credit pack; answers the page to send the browser to.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { checkoutItem, createCheckout } from "@/lib/money/billing/checkout";
import { billingConfig } from "@/lib/money/billing/config";
import { checkoutBodySchema } from "@/lib/money/billing/contract";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ request, user }) => {
  const body = await readJsonBody(request, checkoutBodySchema, 4 * 1024);
  const result = await createCheckout({
    db: getDb(),
    config: billingConfig(),
    user: { uid: user.uid, email: user.email },
    item: checkoutItem(body.item),
    requestId: body.request_id,
    origin: request.nextUrl.origin,
  });
  return Response.json({ data: { url: result.url, session_id: result.sessionId, reused: result.reused } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
