/** GET /api/v1/notifications — my long work that finished lately, and how many jobs of mine still run (lib/creation/notifications/contract.ts). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { listNotifications } from "@/lib/creation/notifications/list";
import { workspaceRuntime } from "@/lib/creation/workspace/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user }) => {
    const data = await listNotifications({ db: workspaceRuntime().db, uid: user.uid });
    return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
