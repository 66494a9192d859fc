/**
 * GET  /api/v1/videos/{id}/preview — the quick preview's state and file (null: never previewed).
 * POST /api/v1/videos/{id}/preview — queues a quick preview: free, at most `video_preview` an hour (202; 409 while
 * one is being made or the video renders; 429 past the limit).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { previewRuntime } from "@/lib/creation/video/preview-runtime";
import { getPreview, requestPreview } from "@/lib/creation/video/service/request-preview";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user, params }) =>
    Response.json({ data: await getPreview(previewRuntime(), user.uid, String(params.id)) }, { headers: NO_STORE }),
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ user, params }) =>
    Response.json(
      { data: await requestPreview(previewRuntime(), user.uid, String(params.id)) },
      { status: 202, headers: NO_STORE },
    ),
  { apiKey: "create" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
