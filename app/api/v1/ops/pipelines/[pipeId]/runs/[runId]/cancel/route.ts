/** POST /api/v1/ops/pipelines/{pipeId}/runs/{runId}/cancel — stop every unfinished item (refunded); finished videos stay. */
import { assertNoBody, withUser } from "@/lib/auth/server/with-user";
import { methodNotAllowed } from "@/lib/api/errors";
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

const notAllowed = methodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
