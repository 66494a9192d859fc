/**
 * GET /api/v1/videos/templates/{id}/preview?ratio= — Player props of a template with sample scenes.
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { videoRuntime } from "@/lib/video/runtime";
import { templatePreview } from "@/lib/video/media";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request, params }) => {
  const preview = await templatePreview(videoRuntime(), String(params.templateId), request.nextUrl.searchParams.get("ratio"));
  return Response.json({ data: preview }, { headers: { "Cache-Control": "private, max-age=300" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
