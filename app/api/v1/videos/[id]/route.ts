/**
 * GET /api/v1/videos/{id} — the video with its composition, render state and files.
 * PATCH — an edit (revision-checked; 409 while rendering or on a stale revision).
 * DELETE — the video, its revisions and files (204).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { deleteVideo } from "@/lib/creation/video/service/delete-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { getVideo } from "@/lib/creation/video/service/get-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const anyJson = z.unknown();

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json({ data: await getVideo(videoRuntime(), user.uid, String(params.id)) }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const PATCH = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, anyJson, 512 * 1024);
    return Response.json(
      { data: await editVideo(videoRuntime(), user.uid, String(params.id), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ user, params }) => {
    await deleteVideo(videoRuntime(), user.uid, String(params.id));
    return new Response(null, { status: 204 });
  },
  { apiKey: "delete" },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
