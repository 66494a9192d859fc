/**
 * POST /api/v1/batches/{id}/retry — body { item_ids, row? }: failed or cancelled items run again (charged anew; 402 when short).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { retryItems } from "@/lib/creation/batches/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 64 * 1024);
    return Response.json(
      { data: await retryItems(batchRuntime(), user.uid, String(params.id), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "render" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
