/**
 * PUT /api/v1/videos/{id}/share { public } — the public watch page and embed on or off.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { shareVideo } from "@/lib/creation/video/service/share-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const anyJson = z.unknown();

export const PUT = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, anyJson, 1024);
    return Response.json(
      { data: await shareVideo(videoRuntime(), user.uid, String(params.id), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const { GET, POST, PATCH, DELETE } = methodsNotAllowed(["PUT"]);
