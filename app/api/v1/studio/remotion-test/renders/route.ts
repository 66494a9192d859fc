/**
 * POST /api/v1/studio/remotion-test/renders — `{ preview, width }`: a test render to a small MP4 on the server,
 * queued as a job (202 with its view). GET — the latest test renders. Staff only.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { enqueueTestRender, listTestRenders } from "@/lib/studio/templates/remotion-test";
import { startTestRenderWorker, studioDeps } from "@/lib/studio/templates/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 8 * 1024);
    const view = await enqueueTestRender(studioDeps(), user.uid, body);
    await startTestRenderWorker();
    return Response.json({ data: view }, { status: 202, headers: NO_STORE });
  },
  { internal: true },
);

export const GET = withUser(
  async () => {
    await startTestRenderWorker();
    return Response.json({ data: await listTestRenders(studioDeps()) }, { headers: NO_STORE });
  },
  { internal: true },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
