/** POST /api/v1/webhooks/{id}/roll-secret — a new signing secret, shown this once; the old one stops at once. */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { rollSecret } from "@/lib/platform/webhooks/endpoints";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    const id = typeof params.id === "string" ? params.id : "";
    return Response.json(
      { data: await rollSecret(getDb(), user.uid, id) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
