/**
 * PUT /api/v1/videos/{id}/share { public } — the public watch page and embed on or off.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { videoRuntime } from "@/lib/video/runtime";
import { shareVideo } from "@/lib/video/service/share-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const anyJson = z.unknown();

export const PUT = withUser(async ({ request, user, params }) => {
  const body = await readJsonBody(request, anyJson, 1024);
  return Response.json({ data: await shareVideo(videoRuntime(), user.uid, String(params.id), body) }, { headers: NO_STORE });
});

export const { GET, POST, PATCH, DELETE } = methodsNotAllowed(["PUT"]);
