/**
 * GET /api/v1/public/videos/{id}/{video|poster|captions}: no sign-in.
 * Redirects to a freshly signed URL of a public, rendered video's file
 * (range requests then go to the blob URL, so seeking works); 404 when the
 * video is not public (any more) or has no such file.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";
import { signedPublicVideoMedia } from "@/lib/creation/video/media";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withErrors(
  async ({ params }) => {
    const url = await signedPublicVideoMedia(
      { db: getDb(), store: getBlobStore() },
      String(params.id),
      String(params.variant),
    );
    if (!url) throw new ApiError("not_found", "There is no such shared file.");
    return new Response(null, { status: 307, headers: { Location: url, "Cache-Control": "public, max-age=300" } });
  },
  { limit: "public_media" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
