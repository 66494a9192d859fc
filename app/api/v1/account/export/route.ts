/**
 * POST /api/v1/account/export — "Download my data": the caller's documents
 * as JSON and their files, as one ZIP streamed with back-pressure
 * (lib/creation/account/export.ts). No body. 409 while an export of theirs is running.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { claimExport, exportPieces } from "@/lib/creation/account/export";
import { zipPieces } from "@/lib/platform/storage/zip-stream";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ request, user }) => {
  await assertNoBody(request);
  const release = claimExport(user.uid);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(zipPieces(exportPieces({ db: getDb(), store: getBlobStore() }, user), release), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="promptframe-data-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
