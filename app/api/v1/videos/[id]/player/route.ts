/**
 * GET /api/v1/videos/{id}/player — Player props of the stored composition (signed media URLs).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { playerProps } from "@/lib/creation/video/media";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await playerProps(videoRuntime(), user.uid, String(params.id)) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
