/**
 * GET /api/v1/ops/prompts — staff: the product's prompts (current version), the suites and the models a run can use.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { overview } from "@/lib/operations/prompt-testing/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () =>
    Response.json({ data: await overview(promptsRuntime()) }, { headers: { "Cache-Control": "private, no-store" } }),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
