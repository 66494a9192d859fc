/**
 * GET /api/v1/ops/prompts/suites — staff: the suites, newest first.
 * POST /api/v1/ops/prompts/suites — staff: a new suite (201); a broken regex or a missing input is a 422 naming it.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { createSuite, listSuites } from "@/lib/operations/prompt-testing/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async () => Response.json({ data: await listSuites(promptsRuntime()) }, { headers: NO_STORE }),
  { internal: true },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 256 * 1024);
    return Response.json(
      { data: await createSuite(promptsRuntime(), user.uid, body) },
      { status: 201, headers: NO_STORE },
    );
  },
  { internal: true },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
