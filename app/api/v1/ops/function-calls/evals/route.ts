/**
 * GET  /api/v1/ops/function-calls/evals — the evaluation runs, newest first (a fresh install gets one of the Local preview)
 * POST /api/v1/ops/function-calls/evals `{ model_id }` — queue an evaluation of a configured model (202)
 * Staff only.
 */
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { startEvalSchema } from "@/lib/operations/fc-report/contract";
import { reportRuntime, startEvalWorker } from "@/lib/operations/fc-report/runtime";
import { ensureDemoEval, listEvalRuns, startEval } from "@/lib/operations/fc-report/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () => {
    const deps = reportRuntime();
    await ensureDemoEval(deps);
    // Runs queued before a restart need a worker too.
    startEvalWorker();
    return Response.json({ data: await listEvalRuns(deps) });
  },
  { internal: true },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, startEvalSchema, 4096);
    return Response.json(
      { data: await startEval(reportRuntime(), { uid: user.uid, modelId: body.model_id }) },
      { status: 202 },
    );
  },
  { internal: true, limit: "staff_model_run" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
