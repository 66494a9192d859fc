/**
 * GET /api/v1/public/content/{id}/{original|thumbnail|poster}: no sign-in.
 * Redirects to a freshly signed URL of a public item's file; 404 when the
 * item is not public (any more) or has no such file.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { signedPublicMedia } from "@/lib/creation/public-views/media";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withErrors(
  async ({ params }) => {
    const url = await signedPublicMedia({
      db: getDb(),
      store: getBlobStore(),
      id: String(params.id),
      variant: String(params.variant),
    });
    if (!url) throw new ApiError("not_found", "There is no such shared file.");
    // Shorter than the signed URL's life, so a cached redirect never points at an expired one.
    return new Response(null, { status: 307, headers: { Location: url, "Cache-Control": "public, max-age=300" } });
  },
  { limit: "public_media" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
