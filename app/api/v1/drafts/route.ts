/** GET /api/v1/drafts — my content not yet rendered (videos, designs, pages), newest first, for /create. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { listRecentDrafts } from "@/lib/creation/designs/drafts";
import { designRuntime } from "@/lib/creation/designs/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user }) => {
    return Response.json(
      { data: await listRecentDrafts(designRuntime(), user.uid) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
