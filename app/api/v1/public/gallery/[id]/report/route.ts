/**
 * POST /api/v1/public/gallery/{id}/report { reason, note? } — anyone, signed out too, reports an item the
 * gallery shows; staff see it in the data dashboard (gallery_reports). Per-IP limit `gallery_report`.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { galleryReportSchema } from "@/lib/creation/gallery/contract";
import { reportGalleryItem } from "@/lib/creation/gallery/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withErrors(
  async ({ request, params }) => {
    const input = await readJsonBody(request, galleryReportSchema, 4096);
    await reportGalleryItem({ db: getDb() }, String(params.id), input);
    return Response.json({ data: { received: true } }, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { limit: "gallery_report" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
