/**
 * POST /api/v1/videos/{id}/cancel — stops the render and refunds it.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { cancelRender } from "@/lib/creation/video/service/cancel-render";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await cancelRender(videoRuntime(), user.uid, String(params.id)) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
