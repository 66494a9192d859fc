/**
 * POST /api/v1/batches/{id}/cancel — stops every item not finished and refunds it; finished videos stay.
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { batchRuntime } from "@/lib/batches/runtime";
import { cancelBatch } from "@/lib/batches/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ user, params }) => {
  return Response.json({ data: await cancelBatch(batchRuntime(), user.uid, String(params.id)) }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
