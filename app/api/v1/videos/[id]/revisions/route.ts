/**
 * GET /api/v1/videos/{id}/revisions — saved revisions, newest first.
 */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { videoRuntime } from "@/lib/video/runtime";
import { listRevisions } from "@/lib/video/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(async ({ user, params }) => {
  return Response.json({ data: await listRevisions(videoRuntime(), user.uid, String(params.id)) }, { headers: NO_STORE });
});

const notAllowed = methodNotAllowed(["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
