/**
 * GET /api/v1/assets?kind=&cursor=&limit= — my assets newest first: AssetViewPage
 *   (kind: image, logo, video, audio or font, or a comma list of them).
 * POST — one file per request, so the browser can show each file's progress:
 *   the raw bytes as the body (?name= the file's name, ?kind=logo to file a
 *   picture as a logo), or multipart field "file" (up to 25 MB). -> AssetView (201).
 *   Judged by the bytes: 415 for a file that is not what it claims or not one
 *   we take, 413 past the kind's limit (lib/media/assets/contract.ts), nothing written either way.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { createAsset, listAssets } from "@/lib/media/assets/assets";
import { assetListQuerySchema, UPLOAD_MAX_BYTES, uploadQuerySchema } from "@/lib/media/assets/contract";
import { spoolRequest } from "@/lib/media/assets/spool";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ request, user }) => {
    const q = readQuery(request, assetListQuerySchema);
    const page = await listAssets({
      db: getDb(),
      store: getBlobStore(),
      uid: user.uid,
      cursor: q.cursor,
      limit: q.limit,
      kinds: q.kind,
    });
    return Response.json({ data: page }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    const q = readQuery(request, uploadQuerySchema);
    const file = await spoolRequest(request, { name: q.name, maxBytes: UPLOAD_MAX_BYTES });
    try {
      const item = await createAsset({ db: getDb(), store: getBlobStore(), uid: user.uid, file, kind: q.kind });
      return Response.json({ data: item }, { status: 201, headers: NO_STORE });
    } finally {
      await file.cleanup();
    }
  },
  { apiKey: "create" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
