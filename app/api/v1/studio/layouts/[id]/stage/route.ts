/**
 * POST /api/v1/studio/layouts/{id}/stage `{ revision, to }` — moves a layout through the pipeline (lib/engine/composition/stages.ts);
 * 422 for a move the rules do not allow or going live with errors, 409 for a stale revision or a candidate still in review.
 */
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { moveLayoutStageInputSchema } from "@/lib/studio/layouts/contract";
import { studioLayoutRuntime } from "@/lib/studio/layouts/runtime";
import { moveLayoutStage } from "@/lib/studio/layouts/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, moveLayoutStageInputSchema);
    return Response.json(
      { data: await moveLayoutStage(studioLayoutRuntime(), String(params.id), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
