import "server-only";
/**
 * GET /api/v1/public/pages/{pageId}/media/{blockId}[/{n}][?v=poster]: no sign-in.
 * Redirects to a freshly signed URL of the media a published page's block
 * names; 404 once the page is unpublished or when the block names no such media.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";
import { signedPublicPageMedia } from "./public";

export const pageMediaGet = withErrors(
  async ({ request, params }) => {
    const url = await signedPublicPageMedia({
      db: getDb(),
      store: getBlobStore(),
      pageId: String(params.pageId),
      blockId: String(params.blockId),
      n: typeof params.n === "string" ? params.n : null,
      variant: request.nextUrl.searchParams.get("v"),
    });
    if (!url) throw new ApiError("not_found", "There is no such shared file.");
    // Shorter than the signed URL's life, so a cached redirect never points at an expired one.
    return new Response(null, { status: 307, headers: { Location: url, "Cache-Control": "public, max-age=300" } });
  },
  { limit: "public_media" },
);
