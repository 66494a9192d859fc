/** POST /api/v1/images/{id}/share makes my image public at /content/{id}; DELETE makes it private again. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import type { ShareState } from "@/lib/media/images/contract";
import { withUser } from "@/lib/access/auth/server/with-user";
import { setVisibility } from "@/lib/media/images/manage";
import { imageRuntime } from "@/lib/media/images/runtime";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function share(visibility: ShareState["visibility"]) {
  return withUser(
    async ({ user, params }) => {
      const data: ShareState = await setVisibility({
        db: imageRuntime().db,
        uid: user.uid,
        id: String(params.id),
        visibility,
      });
      refreshPublicViews([String(params.id)]);
      return Response.json({ data });
    },
    { apiKey: "create" },
  );
}

export const POST = share("public");
export const DELETE = share("private");
export const { GET, PUT, PATCH } = methodsNotAllowed(["POST", "DELETE"]);
