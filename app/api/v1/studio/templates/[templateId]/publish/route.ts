/**
 * POST /api/v1/studio/templates/{id}/publish — `{ revision }`: the unpublished draft becomes version N+1
 * (immutable; new content uses it, older content keeps its own version). 422 when the draft fails its checks. Staff only.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioDeps } from "@/lib/studio/templates/runtime";
import { publishTemplateVersion } from "@/lib/studio/templates/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, z.unknown(), 4 * 1024);
    return Response.json(
      { data: await publishTemplateVersion(studioDeps(), String(params.templateId), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
