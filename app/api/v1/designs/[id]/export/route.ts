/** POST /api/v1/designs/{id}/export { format: "png"|"jpeg", quality? } — debits 1 credit and queues a `design.render` job (202; 402 short of credits; 409 already exporting). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { requestExport } from "@/lib/creation/designs/export";
import { designRuntime } from "@/lib/creation/designs/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 4 * 1024);
    return Response.json(
      { data: await requestExport(designRuntime(), user.uid, String(params.id), body) },
      { status: 202, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "render" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
