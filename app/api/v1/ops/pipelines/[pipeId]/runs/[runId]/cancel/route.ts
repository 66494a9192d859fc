/** POST /api/v1/ops/pipelines/{pipeId}/runs/{runId}/cancel — stop every unfinished item (refunded); finished videos stay. */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { cancelRun } from "@/lib/operations/production/runs";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    await assertNoBody(request);
    return Response.json({ data: await cancelRun(prodRuntime(), String(params.pipeId), String(params.runId)) });
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
