/**
 * PUT /api/v1/videos/{id}/brand { apply, revision } — "Apply my brand kit": a
 * snapshot of the kit (colours, fonts, logo) on the video, or off -> VideoView.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { applyBrandToVideo } from "@/lib/creation/brand/service";
import { videoRuntime } from "@/lib/creation/video/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const PUT = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 1024);
    return Response.json(
      { data: await applyBrandToVideo(videoRuntime(), user.uid, String(params.id), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, POST, PATCH, DELETE } = methodsNotAllowed(["PUT"]);
