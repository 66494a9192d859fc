/** GET /api/v1/images/trending?cursor&limit — public images of all users, ranked (lib/likes/trending.ts): ImagePage. */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/api/errors";
import { readQuery } from "@/lib/api/body";
import { presentImages } from "@/lib/images/present-image";
import { withUser } from "@/lib/auth/server/with-user";
import { getDb } from "@/lib/db";
import { listTrending } from "@/lib/likes/trending";
import { getBlobStore } from "@/lib/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const querySchema = z.object({
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = withUser(async ({ request, user }) => {
  const q = readQuery(request, querySchema);
  const db = getDb();
  const page = await listTrending({ db, cursor: q.cursor, limit: q.limit });
  const items = await presentImages(page.items, { viewerUid: user.uid, store: getBlobStore(), db });
  return Response.json({ data: { items, next_cursor: page.nextCursor } }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
