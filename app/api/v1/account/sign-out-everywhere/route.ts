/**
 * POST /api/v1/account/sign-out-everywhere — ends every session of the
 * caller's account (all browsers and devices, Firebase revokeRefreshTokens)
 * and clears this browser's cookies. No body. Answers `{ data: { signed_out: true } }`.
 */
import { NextResponse } from "next/server";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { clearSessionCookies } from "@/lib/access/auth/server/session-cookies";
import { signOutEverywhere } from "@/lib/access/auth/server/sessions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    await assertNoBody(request);
    await signOutEverywhere(user);
    const response = NextResponse.json({ data: { signed_out: true } });
    await clearSessionCookies(response);
    return response;
  },
  { checkRevoked: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
