/**
 * POST /api/v1/videos/{id}/revisions/{n}/restore — makes revision n the current one (as a new revision).
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { restoreRevision } from "@/lib/creation/video/service/restore-revision";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ user, params }) => {
    const n = Number(params.revision);
    if (!/^\d{1,9}$/.test(String(params.revision))) throw new ApiError("not_found", "There is no such revision.");
    return Response.json(
      { data: await restoreRevision(videoRuntime(), user.uid, String(params.id), n) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
