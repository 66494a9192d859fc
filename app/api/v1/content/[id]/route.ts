/** GET /api/v1/content/{id} — { id, kind, title, status, visibility } of one of my items (404 otherwise): the editors dispatch on `kind`. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { readOwnedContentRef } from "@/lib/creation/content/owned";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await readOwnedContentRef(getDb(), user.uid, String(params.id)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
