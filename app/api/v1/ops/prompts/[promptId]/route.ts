/**
 * GET /api/v1/ops/prompts/{promptId} — staff: one prompt with every version, newest first.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { getPrompt } from "@/lib/operations/prompt-testing/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await getPrompt(promptsRuntime(), String(params.promptId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
