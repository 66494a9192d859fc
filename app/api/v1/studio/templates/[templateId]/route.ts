/**
 * GET /api/v1/studio/templates/{id} — the template's page: versions with usage, the current version and the
 * unpublished draft, checks of both, stage actions, the layouts it may offer and sample-picture URLs. Staff only.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioDeps } from "@/lib/studio/templates/runtime";
import { getTemplateDetail } from "@/lib/studio/templates/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await getTemplateDetail(studioDeps(), String(params.templateId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
