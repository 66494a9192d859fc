/**
 * GET /api/v1/videos/{id}/captions?format=vtt|srt — the rendered video's captions as a download.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { captionFile, captionFileQuerySchema } from "@/lib/creation/video/caption-files";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request, user, params }) => {
    const query = captionFileQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw ApiError.fromZod(query.error, "Ask for format=vtt or format=srt.");
    const file = await captionFile(videoRuntime(), user.uid, String(params.id), query.data.format);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
