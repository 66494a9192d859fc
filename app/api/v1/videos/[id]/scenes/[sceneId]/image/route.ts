/**
 * POST /api/v1/videos/{id}/scenes/{sceneId}/image — a new picture for the scene: generated, one of my images or assets,
 * or a stock photo or clip (copied into my assets with its credit).
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
    const source = (body as { source?: unknown } | null)?.source;
    if (source === "generate") await limitUser("scene_picture", user.uid);
    // A stock pick may ask the provider again and downloads the file.
    if (source === "stock") await limitUser("stock_search", user.uid);
    return Response.json(
      { data: await setSceneImage(videoRuntime(), user.uid, String(params.id), String(params.sceneId), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "render" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
