/**
 * POST /api/v1/videos/{id}/render — debits and queues a render of the current revision (202; 402 short of credits; 409 already rendering).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { requestRender } from "@/lib/creation/video/service/request-render";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await requestRender(videoRuntime(), user.uid, String(params.id)) },
      { status: 202, headers: NO_STORE },
    );
  },
  { apiKey: "render" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
