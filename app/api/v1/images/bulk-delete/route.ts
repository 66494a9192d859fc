/** POST /api/v1/images/bulk-delete { ids } — deletes those of the ids that are mine; answers how many. */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { deleteMyImages } from "@/lib/media/images/manage";
import { imageRuntime } from "@/lib/media/images/runtime";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import { DOC_ID } from "@/lib/platform/db/ids";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const body = z.strictObject({ ids: z.array(z.string().regex(DOC_ID)).min(1).max(100) });

export const POST = withUser(
  async ({ request, user }) => {
    const { ids } = await readJsonBody(request, body);
    const { db, store } = imageRuntime();
    const deleted = await deleteMyImages({ db, store, uid: user.uid, ids });
    refreshPublicViews(ids);
    return Response.json({ data: { deleted } });
  },
  { apiKey: "delete" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
