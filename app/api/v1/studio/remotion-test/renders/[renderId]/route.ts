/**
 * GET /api/v1/studio/remotion-test/renders/{id} — a test render's state, progress, log, timing and file (a signed URL). Staff only.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getTestRender } from "@/lib/studio/templates/remotion-test";
import { startTestRenderWorker, studioDeps } from "@/lib/studio/templates/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) => {
    await startTestRenderWorker();
    return Response.json(
      { data: await getTestRender(studioDeps(), String(params.renderId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
