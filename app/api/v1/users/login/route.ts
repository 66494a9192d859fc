/**
 * POST /api/v1/users/login/ — bearer ID token, no body (spec section 7).
 * Verifies the token, creates or refreshes the profile and starts a
 * server-owned session: `authToken` is a Firebase session cookie (HttpOnly,
 * 14 days), `userId` the uid. Answers `{ data: { user_id } }`.
 * The first login of an account (a new profile, free credits at stake) spends
 * the caller's address's sign-up limit (lib/platform/rate-limit, `signup`).
 */
import { NextResponse } from "next/server";
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { adminAuth } from "@/lib/access/auth/server/firebase-admin";
import { firebaseAuthErrorToApiError } from "@/lib/access/auth/server/identity";
import { setSessionCookies } from "@/lib/access/auth/server/session-cookies";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/platform/constants";
import { limitIp } from "@/lib/platform/rate-limit";
import { getProfile, upsertProfileOnLogin } from "@/lib/access/users/profiles";
import { prepareSignupGrant } from "@/lib/money/billing/grants";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    await assertNoBody(request);
    if (user.via !== "bearer") {
      throw new ApiError("unauthorized", "Login needs a Firebase ID token in the Authorization header.");
    }
    if (!user.email) {
      throw new ApiError("email_required", "This account has no email address. Sign in with an account that has one.");
    }
    if (!(await getProfile(user.uid))) await limitIp("signup", request);
    const profile = await upsertProfileOnLogin(user, prepareSignupGrant);
    let sessionCookie: string;
    try {
      sessionCookie = await adminAuth().createSessionCookie(user.token, { expiresIn: SESSION_MAX_AGE_SECONDS * 1000 });
    } catch (err) {
      throw firebaseAuthErrorToApiError(err);
    }
    const response = NextResponse.json({ data: { user_id: profile.user_id } });
    await setSessionCookies(response, request, { sessionCookie, uid: profile.user_id });
    return response;
  },
  { checkRevoked: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
