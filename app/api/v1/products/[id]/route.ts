/**
 * GET | PATCH | DELETE /api/v1/products/{id} — one of my products. DELETE
 * answers 204 and keeps the content made from the product.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { deleteProduct, getProduct, updateProduct } from "@/lib/creation/products/service";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };
const deps = () => ({ db: getDb(), store: getBlobStore() });

export const GET = withUser(
  async ({ params, user }) =>
    Response.json({ data: await getProduct(deps(), user.uid, String(params.id)) }, { headers: NO_STORE }),
  { apiKey: "read" },
);

export const PATCH = withUser(
  async ({ request, params, user }) => {
    const body = await readJsonBody(request, z.unknown(), 32 * 1024);
    return Response.json(
      { data: await updateProduct(deps(), user.uid, String(params.id), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ params, user }) => {
    await deleteProduct(deps(), user.uid, String(params.id));
    return new Response(null, { status: 204 });
  },
  { apiKey: "delete" },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
