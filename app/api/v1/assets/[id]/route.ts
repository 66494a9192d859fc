/**
 * GET /api/v1/assets/{id} -> AssetView
 * PATCH { name?, kind? } -> AssetView (rename; kind only between image and logo)
 * DELETE [?force=true] -> { deleted: 1, kept_for: AssetUsage }; a used asset is a 409
 *   naming its uses unless forced (videos keep its file and render unchanged).
 * Another user's asset is a 404.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { getAsset, patchAsset } from "@/lib/media/assets/assets";
import { assetPatchSchema } from "@/lib/media/assets/contract";
import { deleteAsset } from "@/lib/creation/workspace/asset-usage";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };
const deleteQuery = z.object({ force: z.enum(["true", "false"]).optional() });
const idOf = (params: Record<string, string | string[] | undefined>) =>
  typeof params.id === "string" ? params.id : "";

export const GET = withUser(
  async ({ params, user }) => {
    const data = await getAsset({ db: getDb(), store: getBlobStore(), uid: user.uid, id: idOf(params) });
    return Response.json({ data }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const PATCH = withUser(
  async ({ request, params, user }) => {
    const patch = await readJsonBody(request, assetPatchSchema, 4096);
    const data = await patchAsset({ db: getDb(), store: getBlobStore(), uid: user.uid, id: idOf(params), patch });
    return Response.json({ data }, { headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    const q = readQuery(request, deleteQuery);
    const data = await deleteAsset({
      db: getDb(),
      store: getBlobStore(),
      uid: user.uid,
      id: idOf(params),
      force: q.force === "true",
    });
    return Response.json({ data }, { headers: NO_STORE });
  },
  { apiKey: "delete" },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
