/**
 * POST /api/v1/videos/{id}/scenes/{sceneId}/image — a new picture for the scene: generated, or one of my images or assets.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { limitUser } from "@/lib/platform/rate-limit";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { setSceneImage } from "@/lib/creation/video/media";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const anyJson = z.unknown();

export const POST = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, anyJson, 8 * 1024);
    // Only a generated picture costs a model call; picking one of mine is an ordinary edit.
    if ((body as { source?: unknown } | null)?.source === "generate") await limitUser("scene_picture", user.uid);
    return Response.json(
      { data: await setSceneImage(videoRuntime(), user.uid, String(params.id), String(params.sceneId), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "render" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
