/**
 * GET /api/v1/videos/options — templates, voices, music, models, lengths, ratios, pricing, my balance.
 */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { videoRuntime } from "@/lib/video/runtime";
import { videoOptions } from "@/lib/video/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(async ({ user }) => {
  return Response.json({ data: await videoOptions(videoRuntime(), user.uid) }, { headers: NO_STORE });
});

const notAllowed = methodNotAllowed(["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
