/** POST /api/v1/ops/pipelines/{pipeId}/runs/{runId}/retry { item_ids? } — run failed or cancelled items again (charged anew). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { retryRun } from "@/lib/prod/runs";
import { prodRuntime } from "@/lib/prod/runtime";

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
