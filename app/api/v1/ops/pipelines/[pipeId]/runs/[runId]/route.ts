/** GET /api/v1/ops/pipelines/{pipeId}/runs/{runId} — the run: items with state and progress, overall progress, ETA, deliveries. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getRun } from "@/lib/operations/production/runs";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await getRun(prodRuntime(), String(params.pipeId), String(params.runId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
