/**
 * GET /api/v1/keys — my API keys (never the keys themselves), newest first.
 * POST /api/v1/keys — a new key { name, scopes }: 201 with the whole key, shown this once.
 * A key may list keys (read) and make keys with no more permissions than its own (create).
 */
import { withUser } from "@/lib/access/auth/server/with-user";
import { createApiKey, listApiKeys, newApiKeyInput } from "@/lib/access/api-keys/keys";
import { readJsonBody } from "@/lib/platform/api/body";
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user }) => Response.json({ data: await listApiKeys(getDb(), user.uid) }, { headers: NO_STORE }),
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    const input = await readJsonBody(request, newApiKeyInput, 4 * 1024);
    const wider = user.apiKey ? input.scopes.filter((s) => !user.apiKey!.scopes.includes(s)) : [];
    if (wider.length > 0) {
      throw new ApiError(
        "forbidden",
        `An API key cannot make a key with more permissions than its own (${wider.join(", ")}).`,
      );
    }
    const made = await createApiKey(getDb(), user.uid, input);
    return Response.json({ data: made }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
