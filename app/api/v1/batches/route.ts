/**
 * GET /api/v1/batches — my recent batches.
 * POST /api/v1/batches — rows + settings → a running batch (201); its credits are reserved in full, or 402 and nothing is made.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { createBatch, listBatches } from "@/lib/creation/batches/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user }) => {
    return Response.json({ data: await listBatches(batchRuntime(), user.uid) }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 512 * 1024);
    return Response.json(
      { data: await createBatch(batchRuntime(), user.uid, body) },
      { status: 201, headers: NO_STORE },
    );
  },
  { apiKey: "render" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
