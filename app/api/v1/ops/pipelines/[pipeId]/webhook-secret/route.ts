/** POST /api/v1/ops/pipelines/{pipeId}/webhook-secret — a new signing secret, returned this once. */
import { assertNoBody } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { rotateWebhookSecret } from "@/lib/operations/production/pipelines";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    await assertNoBody(request);
    return Response.json(
      { data: await rotateWebhookSecret(prodRuntime(), String(params.pipeId)) },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
