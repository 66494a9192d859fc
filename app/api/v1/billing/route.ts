/**
 * GET /api/v1/billing — my plan, balance, this period's grant, next renewal or
 * refresh, what can be bought here, and (?checkout_session=) whether the
 * Checkout I just came back from went through.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { billingConfig } from "@/lib/money/billing/config";
import { summaryQuerySchema } from "@/lib/money/billing/contract";
import { getBillingSummary } from "@/lib/money/billing/summary";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request, user }) => {
  const { checkout_session } = readQuery(request, summaryQuerySchema);
  const data = await getBillingSummary({
    db: getDb(),
    config: billingConfig(),
    uid: user.uid,
    checkoutSession: checkout_session,
  });
  return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
