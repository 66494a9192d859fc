/** PUT /api/v1/designs/{id}/share { public } — shows the exported design on /content/{id} (409 before the first export). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { shareDesign } from "@/lib/creation/designs/service/share-design";
import { shareInputSchema } from "@/lib/creation/video/contract";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const PUT = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, shareInputSchema, 1024);
    return Response.json(
      { data: await shareDesign(designRuntime(), user.uid, String(params.id), body.public) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, POST, PATCH, DELETE } = methodsNotAllowed(["PUT"]);
