/**
 * POST /api/v1/videos/{id}/duplicate — a private draft copy (201).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { duplicateVideo } from "@/lib/creation/video/service/duplicate-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await duplicateVideo(videoRuntime(), user.uid, String(params.id)) },
      { status: 201, headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
