/**
 * POST /api/v1/batches/{id}/cancel — stops every item not finished and refunds it; finished videos stay.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { cancelBatch } from "@/lib/creation/batches/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await cancelBatch(batchRuntime(), user.uid, String(params.id)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
