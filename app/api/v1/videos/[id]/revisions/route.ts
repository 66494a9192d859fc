/**
 * GET /api/v1/videos/{id}/revisions — saved revisions, newest first.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { listRevisions } from "@/lib/creation/video/service/list-revisions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await listRevisions(videoRuntime(), user.uid, String(params.id)) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
