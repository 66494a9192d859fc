/** GET /api/v1/assets/{id}/download — the original file as an attachment, under the asset's name. */
import { Readable } from "node:stream";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { openAssetDownload } from "@/lib/media/assets/assets";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params, user }) => {
    const { read, filename } = await openAssetDownload({
      db: getDb(),
      store: getBlobStore(),
      uid: user.uid,
      id: typeof params.id === "string" ? params.id : "",
    });
    const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return new Response(Readable.toWeb(read.body) as ReadableStream<Uint8Array>, {
      headers: {
        "content-type": read.info.contentType,
        "content-length": String(read.info.size),
        "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
