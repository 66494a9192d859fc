/**
 * GET /api/v1/batches/{id}/zip — the batch's finished MP4s as one ZIP (streamed), named by row and ratio.
 * 409 while none has finished.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { finishedItems } from "@/lib/creation/batches/service";
import { zipStream } from "@/lib/creation/batches/zip";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user, params }) => {
  const id = String(params.id);
  const deps = batchRuntime();
  const entries = await finishedItems(deps, user.uid, id);
  if (entries.length === 0)
    throw new ApiError("conflict", "No video of this batch has finished yet: there is nothing to download.");
  return new Response(zipStream(deps.db, deps.store, entries), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="batch-${id}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
