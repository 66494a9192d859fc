/**
 * GET /api/v1/ops/prompt-runs/{runId} — staff: the run's matrix (cases × version-and-model columns), each cell's
 * output and assertion results, pass rates, cost, p50 latency, and the change since the suite's previous run.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { getRun } from "@/lib/operations/prompt-testing/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await getRun(promptsRuntime(), String(params.runId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
