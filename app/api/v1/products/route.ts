/**
 * GET  /api/v1/products?q=&cursor= — my products (newest first; q: name prefix, A→Z).
 * POST /api/v1/products — a product made by hand (201).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { createProduct, listProducts } from "@/lib/creation/products/service";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

const querySchema = z.object({
  q: z.string().max(200).optional(),
  cursor: z.string().max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = withUser(
  async ({ request, user }) => {
    const q = readQuery(request, querySchema);
    const page = await listProducts({ db: getDb(), store: getBlobStore() }, user.uid, q);
    return Response.json({ data: page.items, next_cursor: page.nextCursor }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 32 * 1024);
    const product = await createProduct({ db: getDb(), store: getBlobStore() }, user.uid, body);
    return Response.json({ data: product }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
