/** GET /api/v1/designs/{id}/player — Player props of the stored design (the editor's still preview). */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { designRuntime } from "@/lib/designs/runtime";
import { designPlayerProps } from "@/lib/designs/service/design-player-props";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user, params }) => {
  return Response.json({ data: await designPlayerProps(designRuntime(), user.uid, String(params.id)) }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
