/** GET /api/v1/ops/function-calls/examples?range&model_id&name&kind — the newest failing calls of one row (staff only). */
import { readQuery } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { examplesQuerySchema } from "@/lib/operations/fc-report/contract";
import { reportRuntime } from "@/lib/operations/fc-report/runtime";
import { failingExamples } from "@/lib/operations/fc-report/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request }) =>
    Response.json({ data: await failingExamples(reportRuntime(), readQuery(request, examplesQuerySchema)) }),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
