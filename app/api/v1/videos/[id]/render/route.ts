/**
 * POST /api/v1/videos/{id}/render — debits and queues a render of the current revision (202; 402 short of credits; 409 already rendering).
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { videoRuntime } from "@/lib/video/runtime";
import { requestRender } from "@/lib/video/service/request-render";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(async ({ user, params }) => {
  return Response.json({ data: await requestRender(videoRuntime(), user.uid, String(params.id)) }, { status: 202, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
