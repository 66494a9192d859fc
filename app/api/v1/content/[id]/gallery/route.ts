/**
 * GET /api/v1/content/{id}/gallery — my item's "Show in the public gallery" choice and whether it is listed;
 * PUT { show } changes it (lib/creation/gallery/contract.ts). Someone else's item: 404.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { galleryChoiceSchema } from "@/lib/creation/gallery/contract";
import { readGalleryChoice, setGalleryChoice } from "@/lib/creation/gallery/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await readGalleryChoice({ db: getDb() }, user.uid, String(params.id)) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "read" },
);

export const PUT = withUser(
  async ({ request, user, params }) => {
    const { show } = await readJsonBody(request, galleryChoiceSchema, 1024);
    const { choice } = await setGalleryChoice({ db: getDb() }, user.uid, String(params.id), show);
    return Response.json({ data: choice }, { headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { POST, PATCH, DELETE } = methodsNotAllowed(["GET", "PUT"]);
