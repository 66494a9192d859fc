/**
 * Staff only. GET /api/v1/ops/gallery/{id} — an item's gallery state and open reports;
 * PUT { hidden } hides it from the public gallery (or shows it again), whatever its owner chose.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { galleryHideSchema } from "@/lib/creation/gallery/contract";
import { readGalleryStaffState, setGalleryHidden } from "@/lib/creation/gallery/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ params }) =>
    Response.json({ data: await readGalleryStaffState({ db: getDb() }, String(params.id)) }, { headers: NO_STORE }),
  { internal: true },
);

export const PUT = withUser(
  async ({ request, params }) => {
    const { hidden } = await readJsonBody(request, galleryHideSchema, 1024);
    const { state } = await setGalleryHidden({ db: getDb() }, String(params.id), hidden);
    return Response.json({ data: state }, { headers: NO_STORE });
  },
  { internal: true },
);

export const { POST, PATCH, DELETE } = methodsNotAllowed(["GET", "PUT"]);
