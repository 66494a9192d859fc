/**
 * POST /api/v1/ops/pipelines/{pipeId}/runs — start a run now, as the signed-in staff member (they own the videos
 * and pay the credits). The source is read first: a feed that times out, too many rows or 402 → nothing is created.
 */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { startRun } from "@/lib/operations/production/runs";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    return Response.json(
      { data: await startRun(prodRuntime(), String(params.pipeId), { trigger: "manual", ownerId: user.uid }) },
      { status: 201 },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
