/** GET /api/v1/drafts — my content not yet rendered (videos, designs, pages), newest first, for /create. */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { listRecentDrafts } from "@/lib/designs/drafts";
import { designRuntime } from "@/lib/designs/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => {
  return Response.json({ data: await listRecentDrafts(designRuntime(), user.uid) }, { headers: { "Cache-Control": "private, no-store" } });
});

const notAllowed = methodNotAllowed(["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
