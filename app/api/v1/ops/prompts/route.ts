/**
 * GET /api/v1/ops/prompts — staff: the product's prompts (current version), the suites and the models a run can use.
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { promptsRuntime } from "@/lib/prompts/runtime";
import { overview } from "@/lib/prompts/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async () => Response.json({ data: await overview(promptsRuntime()) }, { headers: { "Cache-Control": "private, no-store" } }), { internal: true });

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
