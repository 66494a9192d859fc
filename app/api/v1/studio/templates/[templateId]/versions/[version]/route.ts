/**
 * GET /api/v1/studio/templates/{id}/versions/{n|draft} — one version's body (published, or the unpublished draft). Staff only.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioDeps } from "@/lib/studio/templates/runtime";
import { getVersionBody } from "@/lib/studio/templates/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) => {
    const raw = String(params.version);
    const n = raw === "draft" ? "draft" : /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : null;
    if (n === null) throw new ApiError("unprocessable_entity", 'A version is a number or "draft".');
    return Response.json(
      { data: await getVersionBody(studioDeps(), String(params.templateId), n) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
