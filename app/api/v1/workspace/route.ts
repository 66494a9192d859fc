/** GET /api/v1/workspace?kind=&status=&q=&sort=&cursor=&limit= — everything I made (lib/creation/workspace/contract.ts). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { workspaceQuerySchema } from "@/lib/creation/workspace/contract";
import { listWorkspace } from "@/lib/creation/workspace/list";
import { workspaceRuntime } from "@/lib/creation/workspace/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request, user }) => {
    const query = readQuery(request, workspaceQuerySchema);
    const page = await listWorkspace(workspaceRuntime(), user.uid, query);
    return Response.json(
      { data: page.items, next_cursor: page.next_cursor, scan: page.scan },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
