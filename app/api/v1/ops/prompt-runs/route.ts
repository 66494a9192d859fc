/**
 * GET /api/v1/ops/prompt-runs[?suite_id=] — staff: recent runs, newest first, with progress and pass rates.
 * POST /api/v1/ops/prompt-runs — staff: { suite_id, versions, models } → a queued run (201); the prompt worker fills its cells.
 */
import { z } from "zod";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { listRuns, startRun } from "@/lib/operations/prompt-testing/service";
import { DOC_ID } from "@/lib/platform/db/ids";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const query = z.object({ suite_id: z.string().regex(DOC_ID).optional() });

export const GET = withUser(
  async ({ request }) => {
    const q = readQuery(request, query);
    return Response.json({ data: await listRuns(promptsRuntime(), { suiteId: q.suite_id }) }, { headers: NO_STORE });
  },
  { internal: true },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 16 * 1024);
    return Response.json(
      { data: await startRun(promptsRuntime(), user.uid, body) },
      { status: 201, headers: NO_STORE },
    );
  },
  { internal: true, limit: "staff_model_run" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
