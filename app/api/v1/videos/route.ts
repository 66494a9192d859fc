/**
 * GET /api/v1/videos?cursor= — my videos, newest first.
 * POST /api/v1/videos — brief → plan → a draft video (201); render_now also queues the render.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { requireKeyScope, withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { listVideos } from "@/lib/creation/video/service/list-videos";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const anyJson = z.unknown();

export const GET = withUser(
  async ({ request, user }) => {
    const cursor = request.nextUrl.searchParams.get("cursor");
    const page = await listVideos(videoRuntime(), user.uid, cursor);
    return Response.json({ data: page.items, next_cursor: page.nextCursor }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, anyJson, 16 * 1024);
    if ((body as { render_now?: unknown } | null)?.render_now === true) requireKeyScope(user, "render");
    const video = await createVideo(videoRuntime(), user.uid, body);
    return Response.json({ data: video }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create", limit: "storyboard" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
