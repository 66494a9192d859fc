/**
 * GET /api/v1/studio/templates — every template (any stage) with its current version, stage, unpublished-draft flag and usage. Staff only.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioDeps } from "@/lib/studio/templates/runtime";
import { listTemplates } from "@/lib/studio/templates/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () =>
    Response.json({ data: await listTemplates(studioDeps()) }, { headers: { "Cache-Control": "private, no-store" } }),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
