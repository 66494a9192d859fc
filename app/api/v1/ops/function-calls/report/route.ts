/** GET /api/v1/ops/function-calls/report?range=7d&feature= — production figures by model × tool (staff only). */
import { readQuery } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { reportQuerySchema } from "@/lib/operations/fc-report/contract";
import { reportRuntime } from "@/lib/operations/fc-report/runtime";
import { buildReport } from "@/lib/operations/fc-report/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request }) =>
    Response.json({ data: await buildReport(reportRuntime(), readQuery(request, reportQuerySchema)) }),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
