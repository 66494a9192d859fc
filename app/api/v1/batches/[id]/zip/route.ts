/**
 * GET /api/v1/batches/{id}/zip — the batch's finished MP4s as one ZIP (streamed), named by row and ratio,
 * with manifest.csv first (row, title, aspect ratio, file, status of every item). 409 while none has finished.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { zipItems } from "@/lib/creation/batches/service";
import { batchZip } from "@/lib/creation/batches/zip";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user, params }) => {
    const id = String(params.id);
    const deps = batchRuntime();
    const items = await zipItems(deps, user.uid, id);
    if (!items.some((i) => i.state === "done"))
      throw new ApiError("conflict", "No video of this batch has finished yet: there is nothing to download.");
    return new Response(await batchZip(deps.db, deps.store, items), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="batch-${id}.zip"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
