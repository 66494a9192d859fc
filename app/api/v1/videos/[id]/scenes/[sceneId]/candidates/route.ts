/**
 * GET /api/v1/videos/{id}/scenes/{sceneId}/candidates?q= — pictures and clips to pick for a scene:
 * my matching assets and images, then stock (when configured). Owner only.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { sceneCandidates } from "@/lib/creation/video/candidates";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ request, user, params }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const data = await sceneCandidates(videoRuntime(), {
      uid: user.uid,
      id: String(params.id),
      sceneId: String(params.sceneId),
      query,
    });
    return Response.json({ data }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
