/**
 * POST /api/v1/users/logout/ — ends the server session: the session cookie
 * goes on the revoked-session list until its expiry (a copy replayed later is
 * refused by every API call), and both cookies are cleared. A missing or
 * invalid cookie is simply cleared: logging out never fails.
 */
import { NextResponse } from "next/server";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withErrors } from "@/lib/access/auth/server/with-user";
import { endSessionOf } from "@/lib/access/auth/server/identity";
import { clearSessionCookies } from "@/lib/access/auth/server/session-cookies";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withErrors(async ({ request }) => {
  await endSessionOf(request);
  const response = NextResponse.json({ data: { signed_out: true } });
  await clearSessionCookies(response);
  return response;
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
