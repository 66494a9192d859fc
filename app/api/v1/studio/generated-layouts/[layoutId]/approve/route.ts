/** POST /api/v1/studio/generated-layouts/{layoutId}/approve — staff: approves a pending candidate: it enters the layout pipeline as a draft. Body { revision }. 409 when the revision moved or it was already reviewed. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { approveLayoutSchema } from "@/lib/studio/layout-gen/contract";
import { layoutIdParam } from "@/lib/studio/layout-gen/params";
import { layoutGenRuntime } from "@/lib/studio/layout-gen/runtime";
import { reviewGenerated } from "@/lib/studio/layout-gen/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ request, params, user }) => {
    const id = layoutIdParam(params);
    const body = await readJsonBody(request, approveLayoutSchema, 4 * 1024);
    const view = await reviewGenerated(await layoutGenRuntime(), {
      id,
      userId: user.uid,
      revision: body.revision,
      decision: "approve",
    });
    return Response.json({ data: view }, { headers: NO_STORE });
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
