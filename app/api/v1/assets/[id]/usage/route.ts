/** GET /api/v1/assets/{id}/usage -> AssetUsage: videos and designs (with scene numbers), products and the brand kit that use it. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { assetUsage } from "@/lib/creation/workspace/asset-usage";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params, user }) => {
    const data = await assetUsage({
      db: getDb(),
      store: getBlobStore(),
      uid: user.uid,
      id: typeof params.id === "string" ? params.id : "",
    });
    return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
