/** GET /api/v1/images — my images, newest first, cursor-paginated, filtered by model / vibe / prompt text. */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import type { ImagePage } from "@/lib/media/images/contract";
import { presentImages } from "@/lib/media/images/present-image";
import { withUser } from "@/lib/access/auth/server/with-user";
import { GALLERY_PAGE_SIZE, listMyImages } from "@/lib/media/images/gallery";
import { searchMyImages } from "@/lib/media/images/manage";
import { imageRuntime } from "@/lib/media/images/runtime";
import { DOC_ID } from "@/lib/platform/db/ids";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const id = z.string().regex(DOC_ID);
const query = z.object({
  cursor: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
  model: z.string().min(1).max(128).optional(),
  vibe: id.optional(),
  q: z.string().trim().max(200).optional(),
});

export const GET = withUser(
  async ({ request, user }) => {
    const p = readQuery(request, query);
    const { db, store } = imageRuntime();
    const filters = { db, uid: user.uid, cursor: p.cursor, limit: p.limit, modelId: p.model, vibeId: p.vibe };
    const page = p.q ? await searchMyImages({ ...filters, q: p.q }) : await listMyImages(filters);
    const data: ImagePage = {
      items: await presentImages(page.items, { viewerUid: user.uid, store, db }),
      next_cursor: page.nextCursor,
    };
    return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
