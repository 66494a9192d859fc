/** GET /api/v1/images/{id} (mine, or public) and DELETE (mine: files, likes and the document). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { presentImages } from "@/lib/media/images/present-image";
import { withUser } from "@/lib/access/auth/server/with-user";
import { deleteMyImages, readMyImage } from "@/lib/media/images/manage";
import { imageRuntime } from "@/lib/media/images/runtime";
import { readVisibleImage } from "@/lib/media/likes/visible-image";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user, params }) => {
    const { db, store } = imageRuntime();
    const snap = await readVisibleImage({ db, uid: user.uid, id: String(params.id) });
    const [item] = await presentImages([snap], { viewerUid: user.uid, store, db });
    return Response.json({ data: item }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const DELETE = withUser(
  async ({ user, params }) => {
    const { db, store } = imageRuntime();
    await readMyImage({ db, uid: user.uid, id: String(params.id) }); // 404 unless mine
    const deleted = await deleteMyImages({ db, store, uid: user.uid, ids: [String(params.id)] });
    refreshPublicViews([String(params.id)]);
    return Response.json({ data: { deleted } });
  },
  { apiKey: "delete" },
);

export const { POST, PUT, PATCH } = methodsNotAllowed(["GET", "DELETE"]);
