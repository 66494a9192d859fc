/** GET /api/v1/ops/function-calls/examples?range&model_id&name&kind — the newest failing calls of one row (staff only). */
import { readQuery } from "@/lib/api/body";
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { examplesQuerySchema } from "@/lib/fc-report/contract";
import { reportRuntime } from "@/lib/fc-report/runtime";
import { failingExamples } from "@/lib/fc-report/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request }) => Response.json({ data: await failingExamples(reportRuntime(), readQuery(request, examplesQuerySchema)) }), { internal: true });

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
