/** DELETE /api/v1/assets/{id} -> { deleted: 1 }; another user's asset is a 404. */
import { methodNotAllowed } from "@/lib/api/errors";
import { assertNoBody, withUser } from "@/lib/api/with-user";
import { deleteAsset } from "@/lib/assets/assets";
import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const DELETE = withUser(async ({ request, params, user }) => {
  await assertNoBody(request);
  const id = typeof params.id === "string" ? params.id : "";
  await deleteAsset({ db: getDb(), store: getBlobStore(), uid: user.uid, id });
  return Response.json({ data: { deleted: 1 } }, { headers: { "Cache-Control": "private, no-store" } });
});

export const GET = methodNotAllowed(["DELETE"]);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
