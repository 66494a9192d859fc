/**
 * GET /api/v1/blobs/{key} — serves the local blob driver's signed, expiring
 * URLs (HMAC over key + expiry), with range requests for video. Anyone with a
 * valid link may read; the signature is the permission.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { getBlobStore, localSigningSecret } from "@/lib/platform/storage";
import { serveSignedBlob } from "@/lib/platform/storage/serve";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withErrors(
  async ({ request, params }) => {
    const key = Array.isArray(params.key) ? params.key.join("/") : String(params.key ?? "");
    return serveSignedBlob({ request, key, store: getBlobStore(), secret: localSigningSecret() });
  },
  { limit: "blob" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
