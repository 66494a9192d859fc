/** GET /api/v1/products/{id}/content — the videos, images and designs made from one of my products, newest first. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { productContent } from "@/lib/creation/products/service";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params, user }) =>
    Response.json(
      { data: await productContent({ db: getDb(), store: getBlobStore() }, user.uid, String(params.id)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
