/**
 * GET /api/v1/studio/templates/dashboard — per template: content made, renders, failures and their reasons,
 * median render time, last used, and a 30-day daily series. Staff only.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { templateDashboard } from "@/lib/studio/templates/dashboard";
import { studioDeps } from "@/lib/studio/templates/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () =>
    Response.json(
      { data: await templateDashboard(studioDeps()) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
