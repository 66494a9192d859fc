/** GET /api/v1/drafts — my content not yet rendered (videos, designs, pages), newest first, for /create. */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { listRecentDrafts } from "@/lib/designs/drafts";
import { designRuntime } from "@/lib/designs/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => {
  return Response.json({ data: await listRecentDrafts(designRuntime(), user.uid) }, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
