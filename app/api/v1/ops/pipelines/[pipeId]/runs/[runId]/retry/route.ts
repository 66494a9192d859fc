/** POST /api/v1/ops/pipelines/{pipeId}/runs/{runId}/retry { item_ids? } — run failed or cancelled items again (charged anew). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { retryRun } from "@/lib/operations/production/runs";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    const body = request.headers.get("content-type") ? await readJsonBody(request, z.unknown()) : {};
    return Response.json({ data: await retryRun(prodRuntime(), String(params.pipeId), String(params.runId), body) });
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
