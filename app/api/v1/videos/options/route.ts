/**
 * GET /api/v1/videos/options — templates, voices, music, models, lengths, ratios, pricing, my balance.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { videoOptions } from "@/lib/creation/video/service/video-options";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user }) => {
    return Response.json(
      { data: await videoOptions(videoRuntime(), user.uid, { staff: user.isStaff }) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
