/**
 * GET  /api/v1/ops/clients?q=&archived=1 — production clients (search by name or contact); staff only.
 * POST /api/v1/ops/clients ClientInput   — 201 the new client.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { createClient, listClients } from "@/lib/operations/production/clients";
import { ensureProdDemo } from "@/lib/operations/production/demo";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ q: z.string().max(120).optional(), archived: z.enum(["0", "1"]).optional() });

export const GET = withUser(
  async ({ request, user }) => {
    const { q, archived } = readQuery(request, query);
    const deps = prodRuntime();
    await ensureProdDemo(deps, user.uid);
    return Response.json(
      { data: await listClients(deps, { q, archived: archived === "1" }) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown());
    return Response.json({ data: await createClient(prodRuntime(), user.uid, body) }, { status: 201 });
  },
  { internal: true },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
