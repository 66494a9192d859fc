/**
 * GET  /api/v1/ops/pipelines?client_id=&archived=1 — production pipelines; staff only.
 * POST /api/v1/ops/pipelines PipelineInput         — 201 the pipeline, with its webhook secret this once.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody, readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { ensureProdDemo } from "@/lib/operations/production/demo";
import { createPipeline, listPipelines } from "@/lib/operations/production/pipelines";
import { prodRuntime } from "@/lib/operations/production/runtime";
import { DOC_ID } from "@/lib/platform/db/ids";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ client_id: z.string().regex(DOC_ID).optional(), archived: z.enum(["0", "1"]).optional() });

export const GET = withUser(
  async ({ request, user }) => {
    const { client_id, archived } = readQuery(request, query);
    const deps = prodRuntime();
    await ensureProdDemo(deps, user.uid);
    return Response.json(
      { data: await listPipelines(deps, { clientId: client_id, archived: archived === "1" }) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const POST = withUser(
  async ({ request, user }) => {
    // A CSV source carries its rows (≤ 100): room for long prompts.
    const body = await readJsonBody(request, z.unknown(), 1024 * 1024);
    return Response.json({ data: await createPipeline(prodRuntime(), user.uid, body) }, { status: 201 });
  },
  { internal: true },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
