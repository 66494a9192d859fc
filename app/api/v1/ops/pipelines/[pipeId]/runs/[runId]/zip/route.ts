/** GET /api/v1/ops/pipelines/{pipeId}/runs/{runId}/zip — the run's finished MP4s (reused ones too) as one streamed ZIP; 409 while none is. */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { zipStream } from "@/lib/creation/batches/zip";
import { runZipEntries } from "@/lib/operations/production/runs";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) => {
    const deps = prodRuntime();
    const runId = String(params.runId);
    const entries = await runZipEntries(deps, String(params.pipeId), runId);
    if (entries.length === 0)
      throw new ApiError("conflict", "No video of this run has finished yet: there is nothing to download.");
    return new Response(zipStream(deps.db, deps.store, entries), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="run-${runId}.zip"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
