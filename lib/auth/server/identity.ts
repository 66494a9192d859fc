import "server-only";
/**
 * Who is calling: a Bearer Firebase ID token (the spec's calls) or, for the
 * app's own same-origin requests, the `authToken` session cookie. Both are
 * verified with firebase-admin (signature, issuer, audience, expiry);
 * firebase-admin's error codes become typed 401/403 answers.
 */
import type { DecodedIdToken } from "firebase-admin/auth";
import { getCookie } from "cookies-next/server";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { AUTH_TOKEN_COOKIE, USER_ID_COOKIE } from "@/lib/constants";
import { serverEnv } from "@/lib/env";
import { isStaff } from "@/lib/auth/staff";
import { MAX_TOKEN_LENGTH } from "@/lib/auth/edge/verify-session";
import { adminAuth } from "./firebase-admin";

export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  signInProvider: string;
  isStaff: boolean;
  via: "bearer" | "session";
  /** The raw verified token (an ID token when via = bearer). */
  token: string;
}

const EXPIRED = new Set(["auth/id-token-expired", "auth/session-cookie-expired"]);
const REVOKED = new Set(["auth/id-token-revoked", "auth/session-cookie-revoked"]);

export function firebaseAuthErrorToApiError(err: unknown): ApiError {
  const code = (err as { code?: string } | null)?.code ?? "";
  if (EXPIRED.has(code)) return new ApiError("unauthorized", "Your sign-in has expired. Please sign in again.", { cause: err });
  if (REVOKED.has(code)) return new ApiError("unauthorized", "Your session was ended. Please sign in again.", { cause: err });
  if (code === "auth/user-disabled") return new ApiError("forbidden", "This account has been disabled.", { cause: err });
  if (code === "auth/user-not-found") return new ApiError("unauthorized", "This account no longer exists.", { cause: err });
  return new ApiError("unauthorized", "The sign-in token is not valid. Please sign in again.", { cause: err });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("unauthorized", "The Authorization header must be `Bearer <Firebase ID token>`.");
  return match[1]!;
}

function toIdentity(decoded: DecodedIdToken, via: Identity["via"], token: string): Identity {
  const env = serverEnv();
  const email = decoded.email ?? null;
  const emailVerified = decoded.email_verified === true;
  return {
    uid: decoded.uid,
    email,
    emailVerified,
    name: typeof decoded.name === "string" ? decoded.name : null,
    picture: decoded.picture ?? null,
    signInProvider: decoded.firebase?.sign_in_provider ?? "unknown",
    isStaff: isStaff({ email, emailVerified }, env.companyDomains),
    via,
    token,
  };
}

/** Verifies the caller or throws a typed 401/403. */
export async function authenticate(request: NextRequest, { checkRevoked = false } = {}): Promise<Identity> {
  const bearer = bearerToken(request);
  if (bearer) {
    if (bearer.length > MAX_TOKEN_LENGTH) throw new ApiError("unauthorized", "The sign-in token is not valid.");
    try {
      return toIdentity(await adminAuth().verifyIdToken(bearer, checkRevoked), "bearer", bearer);
    } catch (err) {
      throw firebaseAuthErrorToApiError(err);
    }
  }
  const cookie = await getCookie(AUTH_TOKEN_COOKIE, { req: request });
  if (!cookie) throw new ApiError("unauthorized", "Sign in to use this call.");
  if (cookie.length > MAX_TOKEN_LENGTH) throw new ApiError("unauthorized", "The session cookie is not valid.");
  let decoded: DecodedIdToken;
  try {
    decoded = await adminAuth().verifySessionCookie(cookie, checkRevoked);
  } catch (err) {
    throw firebaseAuthErrorToApiError(err);
  }
  const uidCookie = await getCookie(USER_ID_COOKIE, { req: request });
  if (uidCookie !== decoded.uid) throw new ApiError("unauthorized", "The session cookie is not valid.");
  return toIdentity(decoded, "session", cookie);
}
