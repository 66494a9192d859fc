/** POST /api/v1/designs/{id}/duplicate — a copy of the design as a new draft (201). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { duplicateDesign } from "@/lib/creation/designs/service/duplicate-design";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await duplicateDesign(designRuntime(), user.uid, String(params.id)) },
      { status: 201, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
