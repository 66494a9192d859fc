/** POST /api/v1/billing/grants — staff grant credits to a user by email or uid (audited in the ledger). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { staffGrantBodySchema } from "@/lib/money/billing/contract";
import { grantCreditsAsStaff } from "@/lib/money/billing/staff-grant";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, staffGrantBodySchema, 4 * 1024);
    const data = await grantCreditsAsStaff({
      db: getDb(),
      staff: { uid: user.uid, email: user.email },
      user: body.user,
      credits: body.credits,
      note: body.note,
      requestId: body.request_id,
    });
    return Response.json({ data }, { status: data.duplicate ? 200 : 201 });
  },
  { internal: true },
);

export const { GET, PUT, PATCH } = methodsNotAllowed(["POST"]);
