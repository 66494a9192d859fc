/**
 * PUT /api/v1/assets/{id}/content?name= — new bytes for the asset (raw body,
 * or multipart "file"), of the same kind (422 otherwise) -> AssetView. The file
 * keeps its key, so videos and designs that use the asset draw the new bytes.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { replaceAssetContent } from "@/lib/media/assets/assets";
import { UPLOAD_MAX_BYTES } from "@/lib/media/assets/contract";
import { spoolRequest } from "@/lib/media/assets/spool";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ name: z.string().max(1000).optional() });

export const PUT = withUser(
  async ({ request, params, user }) => {
    const q = readQuery(request, query);
    const file = await spoolRequest(request, { name: q.name, maxBytes: UPLOAD_MAX_BYTES });
    try {
      const data = await replaceAssetContent({
        db: getDb(),
        store: getBlobStore(),
        uid: user.uid,
        id: typeof params.id === "string" ? params.id : "",
        file,
      });
      return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
    } finally {
      await file.cleanup();
    }
  },
  { apiKey: "create" },
);

export const { GET, POST, PATCH, DELETE } = methodsNotAllowed(["PUT"]);
