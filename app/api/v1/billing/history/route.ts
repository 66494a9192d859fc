/** GET /api/v1/billing/history — my credit ledger, newest first, cursor-paged, filtered by kind and date. */
import { methodsNotAllowed } from "@/lib/api/errors";
import { readQuery } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { historyQuerySchema } from "@/lib/billing/contract";
import { listCreditHistory } from "@/lib/billing/history";
import { getDb } from "@/lib/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request, user }) => {
  const query = readQuery(request, historyQuerySchema);
  const data = await listCreditHistory({ db: getDb(), uid: user.uid, query });
  return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
