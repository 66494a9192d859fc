/** GET /api/v1/designs/{id}/player — Player props of the stored design (the editor's still preview). */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { designRuntime } from "@/lib/designs/runtime";
import { designPlayerProps } from "@/lib/designs/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user, params }) => {
  return Response.json({ data: await designPlayerProps(designRuntime(), user.uid, String(params.id)) }, { headers: { "Cache-Control": "private, no-store" } });
});

const notAllowed = methodNotAllowed(["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
