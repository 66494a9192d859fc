/**
 * POST /api/v1/videos/{id}/translate — a language version of the video: a new private draft (201) with
 * translated texts and narration and a voice of that language, sharing the storyboard's pictures
 * (copied); `render_now` also queues its render. Needs a provider language model (422 without one).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { requireKeyScope, withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { translateVideo } from "@/lib/creation/video/service/translate-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 4 * 1024);
    if ((body as { render_now?: unknown } | null)?.render_now === true) requireKeyScope(user, "render");
    const video = await translateVideo(videoRuntime(), user.uid, String(params.id), body);
    return Response.json({ data: video }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create", limit: "storyboard" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
