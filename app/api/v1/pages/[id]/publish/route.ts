/** PUT /api/v1/pages/{id}/publish { published } — publish or unpublish (409 when the page is empty). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { pageRuntime } from "@/lib/creation/pages/runtime";
import { publishPage } from "@/lib/creation/pages/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const PUT = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 1024);
    return Response.json(
      { data: await publishPage(pageRuntime(), user.uid, String(params.id), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, POST, PATCH, DELETE } = methodsNotAllowed(["PUT"]);
