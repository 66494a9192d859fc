/**
 * GET /api/v1/videos/templates/{id}/preview?ratio= — Player props of a template with sample scenes.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { templatePreview } from "@/lib/creation/video/media";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request, params }) => {
    const preview = await templatePreview(
      videoRuntime(),
      String(params.templateId),
      request.nextUrl.searchParams.get("ratio"),
    );
    return Response.json({ data: preview }, { headers: { "Cache-Control": "private, max-age=300" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
