/** POST /api/v1/images/{id}/like likes, DELETE unlikes: LikeState. Idempotent; mine or public images only (else 404). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { likeImage, unlikeImage } from "@/lib/media/likes/likes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };
const idOf = (params: Record<string, string | string[]>) => (typeof params.id === "string" ? params.id : "");

export const POST = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    const state = await likeImage({ db: getDb(), uid: user.uid, contentId: idOf(params) });
    return Response.json({ data: state }, { headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    const state = await unlikeImage({ db: getDb(), uid: user.uid, contentId: idOf(params) });
    return Response.json({ data: state }, { headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH } = methodsNotAllowed(["POST", "DELETE"]);
