/** POST /api/v1/designs/{id}/scenes/{sceneId}/image — a page's picture: generated, or one of my images or assets (revision-checked). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { limitUser } from "@/lib/platform/rate-limit";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { setDesignImage } from "@/lib/creation/designs/service/set-design-image";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 8 * 1024);
    // Only a generated picture costs a model call; picking one of mine is an ordinary edit.
    const source = (body as { source?: unknown } | null)?.source;
    if (source === "generate") await limitUser("scene_picture", user.uid);
    if (source === "stock") await limitUser("stock_search", user.uid);
    return Response.json(
      { data: await setDesignImage(designRuntime(), user.uid, String(params.id), String(params.sceneId), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "render" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
