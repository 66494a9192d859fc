/** GET /api/v1/designs/{id}/player — Player props of the stored design (the editor's still preview). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { designPlayerProps } from "@/lib/creation/designs/service/design-player-props";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await designPlayerProps(designRuntime(), user.uid, String(params.id)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
