/**
 * GET    /api/v1/ops/clients/{clientId}             — the client with its pipelines, runs, deliveries, credits.
 * PATCH  /api/v1/ops/clients/{clientId} ClientPatch — edit (names the revision; 409 when it moved).
 * DELETE /api/v1/ops/clients/{clientId}?revision=n  — archive (its pipelines stop).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { archiveClient, getClient, updateClient } from "@/lib/operations/production/clients";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await getClient(prodRuntime(), String(params.clientId)) },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
  { internal: true },
);

export const PATCH = withUser(
  async ({ request, params }) =>
    Response.json({
      data: await updateClient(prodRuntime(), String(params.clientId), await readJsonBody(request, z.unknown())),
    }),
  { internal: true },
);

const revisionQuery = z.object({ revision: z.coerce.number().int().min(0) });
export const DELETE = withUser(
  async ({ request, params }) =>
    Response.json({
      data: await archiveClient(prodRuntime(), String(params.clientId), readQuery(request, revisionQuery).revision),
    }),
  { internal: true },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
