/** DELETE /api/v1/keys/{id} — revoke one of my keys: it stops working at once; the record stays, marked revoked. */
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { revokeApiKey } from "@/lib/access/api-keys/keys";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const DELETE = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    const id = typeof params.id === "string" ? params.id : "";
    return Response.json(
      { data: await revokeApiKey(getDb(), user.uid, id) },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
  { apiKey: "delete" },
);

export const { GET, PUT, PATCH, POST } = methodsNotAllowed(["DELETE"]);
