/**
 * GET /api/v1/batches/{id} — the batch with every item's state, progress, error and video.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { getBatch } from "@/lib/creation/batches/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await getBatch(batchRuntime(), user.uid, String(params.id)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
