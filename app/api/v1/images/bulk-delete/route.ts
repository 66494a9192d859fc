/** POST /api/v1/images/bulk-delete { ids } — deletes those of the ids that are mine; answers how many. */
import { z } from "zod";
import { methodNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { deleteMyImages } from "@/lib/images/manage";
import { imageRuntime } from "@/lib/images/runtime";
import { refreshPublicViews } from "@/lib/public-views/refresh";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const body = z.strictObject({ ids: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,128}$/)).min(1).max(100) });

export const POST = withUser(async ({ request, user }) => {
  const { ids } = await readJsonBody(request, body);
  const { db, store } = imageRuntime();
  const deleted = await deleteMyImages({ db, store, uid: user.uid, ids });
  refreshPublicViews(ids);
  return Response.json({ data: { deleted } });
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
