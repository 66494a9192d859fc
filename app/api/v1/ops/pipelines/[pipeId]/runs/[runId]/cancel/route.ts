/** POST /api/v1/ops/pipelines/{pipeId}/runs/{runId}/cancel — stop every unfinished item (refunded); finished videos stay. */
import { assertNoBody, withUser } from "@/lib/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/api/errors";
import { cancelRun } from "@/lib/prod/runs";
import { prodRuntime } from "@/lib/prod/runtime";

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
