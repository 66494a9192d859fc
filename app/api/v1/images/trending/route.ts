/** GET /api/v1/images/trending?cursor&limit — public images of all users, ranked (lib/media/likes/trending.ts): ImagePage. */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { presentImages } from "@/lib/media/images/present-image";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { listTrending } from "@/lib/media/likes/trending";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const querySchema = z.object({
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = withUser(
  async ({ request, user }) => {
    const q = readQuery(request, querySchema);
    const db = getDb();
    const page = await listTrending({ db, cursor: q.cursor, limit: q.limit });
    const items = await presentImages(page.items, { viewerUid: user.uid, store: getBlobStore(), db });
    return Response.json(
      { data: { items, next_cursor: page.nextCursor } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
