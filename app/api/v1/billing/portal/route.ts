/** POST /api/v1/billing/portal — a Stripe Customer Portal session: manage, switch plan or cancel. */
import { methodsNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { billingConfig } from "@/lib/billing/config";
import { portalBodySchema } from "@/lib/billing/contract";
import { createPortal } from "@/lib/billing/portal";
import { getDb } from "@/lib/db";

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
