/** POST /api/v1/workspace/delete { items: [{kind, id}] } — each through its own domain; answers what went and what was skipped. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { deleteItems } from "@/lib/creation/workspace/bulk";
import { bulkItemsSchema } from "@/lib/creation/workspace/contract";
import { workspaceRuntime } from "@/lib/creation/workspace/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    const { items } = await readJsonBody(request, bulkItemsSchema);
    return Response.json(
      { data: await deleteItems(workspaceRuntime(), user.uid, items) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "delete" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
