/** GET /api/v1/ops/function-calls/report?range=7d&feature= — production figures by model × tool (staff only). */
import { readQuery } from "@/lib/api/body";
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { reportQuerySchema } from "@/lib/fc-report/contract";
import { reportRuntime } from "@/lib/fc-report/runtime";
import { buildReport } from "@/lib/fc-report/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request }) => Response.json({ data: await buildReport(reportRuntime(), readQuery(request, reportQuerySchema)) }), { internal: true });

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
