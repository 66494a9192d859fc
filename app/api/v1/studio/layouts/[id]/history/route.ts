/** GET /api/v1/studio/layouts/{id}/history — the layout's update-log entries and the content made with it since it went live (staff). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioLayoutRuntime } from "@/lib/studio/layouts/runtime";
import { layoutHistory } from "@/lib/studio/layouts/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await layoutHistory(studioLayoutRuntime(), String(params.id)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
