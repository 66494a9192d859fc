/**
 * POST /api/v1/studio/templates/{id}/stage — `{ revision, to }`: move through draft → review → approved → live → retired
 * (lib/engine/composition/stages.ts); going live needs the current version to pass its checks. Staff only.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioDeps } from "@/lib/studio/templates/runtime";
import { moveTemplateStage } from "@/lib/studio/templates/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, z.unknown(), 4 * 1024);
    return Response.json(
      { data: await moveTemplateStage(studioDeps(), String(params.templateId), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
