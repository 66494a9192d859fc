/**
 * GET /api/v1/inspirations — the curated prompts with example pictures:
 * `{ inspirations: Inspiration[] }`. The first call anywhere makes the
 * pictures with the local preview model (once, under a lease).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { listInspirations } from "@/lib/media/inspirations/inspirations";
import { localPreviewGenerator } from "@/lib/media/inspirations/local-generator";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () => {
    const inspirations = await listInspirations({
      db: getDb(),
      store: getBlobStore(),
      generate: localPreviewGenerator,
    });
    return Response.json({ data: { inspirations } }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
