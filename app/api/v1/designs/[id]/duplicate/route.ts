/** POST /api/v1/designs/{id}/duplicate — a copy of the design as a new draft (201). */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { designRuntime } from "@/lib/designs/runtime";
import { duplicateDesign } from "@/lib/designs/service/duplicate-design";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ user, params }) => {
  return Response.json({ data: await duplicateDesign(designRuntime(), user.uid, String(params.id)) }, { status: 201, headers: { "Cache-Control": "private, no-store" } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
