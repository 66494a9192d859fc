/**
 * GET /api/v1/ops/prompts/{promptId} — staff: one prompt with every version, newest first.
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { promptsRuntime } from "@/lib/prompts/runtime";
import { getPrompt } from "@/lib/prompts/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ params }) => Response.json({ data: await getPrompt(promptsRuntime(), String(params.promptId)) }, { headers: { "Cache-Control": "private, no-store" } }), { internal: true });

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
