/**
 * GET /api/v1/ops/prompts/suites/{suiteId} — staff: one suite.
 * PUT /api/v1/ops/prompts/suites/{suiteId} — staff: { revision, suite } → the saved suite; a moved revision is a 409.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { getSuite, updateSuite } from "@/lib/operations/prompt-testing/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ params }) =>
    Response.json({ data: await getSuite(promptsRuntime(), String(params.suiteId)) }, { headers: NO_STORE }),
  { internal: true },
);

export const PUT = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, z.unknown(), 256 * 1024);
    return Response.json(
      { data: await updateSuite(promptsRuntime(), String(params.suiteId), body) },
      { headers: NO_STORE },
    );
  },
  { internal: true },
);

export const { POST, PATCH, DELETE } = methodsNotAllowed(["GET", "PUT"]);
