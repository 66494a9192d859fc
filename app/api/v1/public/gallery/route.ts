/**
 * GET /api/v1/public/gallery?limit= — no sign-in: the items whose owners chose to show them, public and
 * finished, not hidden by staff, newest first (lib/creation/gallery). Read by the static public preview page
 * in the browser, so it is never cached: an opt-in, an unshare or a hide shows on the next visit.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { galleryListQuerySchema } from "@/lib/creation/gallery/contract";
import { listGallery } from "@/lib/creation/gallery/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withErrors(
  async ({ request }) => {
    const { limit } = readQuery(request, galleryListQuerySchema);
    return Response.json(
      { data: await listGallery({ db: getDb() }, limit) },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
  { limit: "public_media" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
