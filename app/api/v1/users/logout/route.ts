/** POST /api/v1/users/logout/ — ends the server session by clearing both cookies. */
import { NextResponse } from "next/server";
import { methodNotAllowed } from "@/lib/api/errors";
import { withErrors } from "@/lib/api/with-user";
import { clearSessionCookies } from "@/lib/auth/server/session-cookies";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withErrors(async () => {
  const response = NextResponse.json({ data: { signed_out: true } });
  await clearSessionCookies(response);
  return response;
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
