/** POST /api/v1/designs/{id}/duplicate — a copy of the design as a new draft (201). */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { designRuntime } from "@/lib/designs/runtime";
import { duplicateDesign } from "@/lib/designs/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ user, params }) => {
  return Response.json({ data: await duplicateDesign(designRuntime(), user.uid, String(params.id)) }, { status: 201, headers: { "Cache-Control": "private, no-store" } });
});

const notAllowed = methodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
