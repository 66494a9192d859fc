/** GET /api/v1/user-info/ — bearer token; answers `{ data: { user_id, ...profile } }` (spec section 7). */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getProfile } from "@/lib/access/users/profiles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user }) => {
    const profile = await getProfile(user.uid);
    if (!profile) throw new ApiError("not_found", "No profile yet: sign in first so one is created.");
    return Response.json({ data: profile }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
