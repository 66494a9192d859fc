/**
 * GET    /api/v1/ops/pipelines/{pipeId}               — the pipeline with its runs.
 * PATCH  /api/v1/ops/pipelines/{pipeId} PipelinePatch — edit (names the revision; 409 when it moved).
 * DELETE /api/v1/ops/pipelines/{pipeId}?revision=n    — archive (its schedule stops).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { archivePipeline, getPipeline, updatePipeline } from "@/lib/operations/production/pipelines";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await getPipeline(prodRuntime(), String(params.pipeId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const PATCH = withUser(
  async ({ request, params, user }) =>
    Response.json({
      data: await updatePipeline(
        prodRuntime(),
        user.uid,
        String(params.pipeId),
        await readJsonBody(request, z.unknown(), 1024 * 1024),
      ),
    }),
  { internal: true },
);

const revisionQuery = z.object({ revision: z.coerce.number().int().min(0) });
export const DELETE = withUser(
  async ({ request, params }) =>
    Response.json({
      data: await archivePipeline(prodRuntime(), String(params.pipeId), readQuery(request, revisionQuery).revision),
    }),
  { internal: true },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
