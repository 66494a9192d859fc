/** POST /api/v1/billing/portal — a Stripe Customer Portal session: manage, switch plan or cancel. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { billingConfig } from "@/lib/money/billing/config";
import { portalBodySchema } from "@/lib/money/billing/contract";
import { createPortal } from "@/lib/money/billing/portal";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ request, user }) => {
  const body = await readJsonBody(request, portalBodySchema, 4 * 1024);
  const data = await createPortal({
    db: getDb(),
    config: billingConfig(),
    uid: user.uid,
    action: body.action,
    plan: body.plan,
    origin: request.nextUrl.origin,
  });
  return Response.json({ data });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
