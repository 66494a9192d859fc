/**
 * GET /api/v1/batches/{id} — the batch with every item's state, progress, error and video.
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { batchRuntime } from "@/lib/batches/runtime";
import { getBatch } from "@/lib/batches/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user, params }) => {
  return Response.json({ data: await getBatch(batchRuntime(), user.uid, String(params.id)) }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
