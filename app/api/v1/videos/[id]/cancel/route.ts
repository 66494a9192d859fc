/**
 * POST /api/v1/videos/{id}/cancel — stops the render and refunds it.
 */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { videoRuntime } from "@/lib/video/runtime";
import { cancelRender } from "@/lib/video/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(async ({ user, params }) => {
  return Response.json({ data: await cancelRender(videoRuntime(), user.uid, String(params.id)) }, { headers: NO_STORE });
});

const notAllowed = methodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
