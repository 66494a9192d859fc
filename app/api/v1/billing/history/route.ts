/** GET /api/v1/billing/history — my credit ledger, newest first, cursor-paged, filtered by kind and date. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { historyQuerySchema } from "@/lib/money/billing/contract";
import { listCreditHistory } from "@/lib/money/billing/history";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request, user }) => {
  const query = readQuery(request, historyQuerySchema);
  const data = await listCreditHistory({ db: getDb(), uid: user.uid, query });
  return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
