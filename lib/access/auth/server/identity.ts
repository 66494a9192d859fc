import "server-only";
/**
 * Who is calling: a Bearer Firebase ID token (the spec's calls) or, for the
 * app's own same-origin requests, the `authToken` session cookie with its
 * `userId`. Both are verified in-process with the same rules as the edge
 * (lib/access/auth/edge/verify-session.ts: signature against Google's cached keys,
 * issuer, audience, expiry, issued-at and auth_time in the past, subject) and
 * remembered until they expire, so a cookie sent with every call is checked
 * cryptographically once. Revocation and disabled accounts come from
 * user-status.ts: at once for sign-in (`checkRevoked`), within its TTL for
 * every other call. A session cookie ended by logout is on the revoked-session
 * list (revoked-sessions.ts), which every cookie call reads after the
 * signature check, so the remembered verification never outlives a logout.
 *
 * Signed-in pages: the edge middleware cannot read the store, so it still
 * lets a logged-out cookie through to a page's shell. That is harmless by
 * design: the (app) and (internal) pages render no user data on the server
 * (their layouts are static client shells behind AuthGate); everything they
 * show comes from /api/v1 calls, which refuse the cookie here with a 401.
 */
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/platform/api/errors";
import { AUTH_TOKEN_COOKIE, USER_ID_COOKIE } from "@/lib/platform/constants";
import { serverEnv } from "@/lib/platform/env";
import { isStaff } from "@/lib/access/auth/staff";
import { createX509KeySource, type KeySource } from "@/lib/access/auth/edge/google-keys";
import { createVerifiedTokens } from "@/lib/access/auth/edge/verified-tokens";
import {
  MAX_TOKEN_LENGTH,
  verifyIdToken,
  verifySessionToken,
  type SessionClaims,
  type VerifyResult,
} from "@/lib/access/auth/edge/verify-session";
import { getDb } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/collections";
import { isApiKeyToken, verifyApiKey, type VerifiedApiKey } from "@/lib/access/api-keys/keys";
import { isSessionRevoked, revokeSession } from "./revoked-sessions";
import { assertUsable, userStatus } from "./user-status";

export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  signInProvider: string;
  isStaff: boolean;
  /** How the caller proved who they are: a Firebase ID token, the session cookie, or one of their API keys. */
  via: "bearer" | "session" | "api_key";
  /** The key used, when via = api_key: what `withUser({ apiKey })` checks its scopes against. */
  apiKey?: VerifiedApiKey;
  /** The raw verified token (an ID token when via = bearer; the key when via = api_key). */
  token: string;
  /** When the person signed in (epoch seconds): what Firebase's revocation compares. */
  authTime: number;
  /** When this token stops being accepted (epoch seconds). */
  expiresAt: number;
}

const EXPIRED = new Set(["auth/id-token-expired", "auth/session-cookie-expired"]);
const REVOKED = new Set(["auth/id-token-revoked", "auth/session-cookie-revoked"]);

/** firebase-admin's error codes (e.g. from createSessionCookie) as typed 401/403 answers. */
export function firebaseAuthErrorToApiError(err: unknown): ApiError {
  const code = (err as { code?: string } | null)?.code ?? "";
  if (EXPIRED.has(code))
    return new ApiError("unauthorized", "Your sign-in has expired. Please sign in again.", { cause: err });
  if (REVOKED.has(code))
    return new ApiError("unauthorized", "Your session was ended. Please sign in again.", { cause: err });
  if (code === "auth/user-disabled")
    return new ApiError("forbidden", "This account has been disabled.", { cause: err });
  if (code === "auth/user-not-found")
    return new ApiError("unauthorized", "This account no longer exists.", { cause: err });
  return new ApiError("unauthorized", "The sign-in token is not valid. Please sign in again.", { cause: err });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new ApiError("unauthorized", "The Authorization header must be `Bearer <API key or Firebase ID token>`.");
  return match[1]!;
}

/** Reads one cookie from the Cookie header, without parsing the others. */
function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

interface Verifier {
  keys: KeySource;
  verify: typeof verifySessionToken;
  verified: ReturnType<typeof createVerifiedTokens>;
}

let verifiers: { session: Verifier; id: Verifier } | null = null;

function tokenVerifiers() {
  if (verifiers) return verifiers;
  const env = serverEnv();
  const make = (url: string, verify: Verifier["verify"]): Verifier => {
    const keys = createX509KeySource({ url });
    if (!env.authEmulatorHost) keys.warm();
    return { keys, verify, verified: createVerifiedTokens() };
  };
  verifiers = { session: make(env.authPublicKeysUrl, verifySessionToken), id: make(env.idTokenKeysUrl, verifyIdToken) };
  return verifiers;
}

async function verifyToken(kind: "session" | "id", token: string): Promise<VerifyResult> {
  const v = tokenVerifiers()[kind];
  const known = v.verified.get(token);
  if (known) return { ok: true, claims: known };
  const env = serverEnv();
  const result = await v.verify(token, {
    projectId: env.projectId,
    emulator: env.authEmulatorHost !== null,
    keys: v.keys,
  });
  if (result.ok) v.verified.set(token, result.claims);
  return result;
}

function invalid(kind: "session" | "id", reason: string): ApiError {
  if (/"exp" claim timestamp check failed/.test(reason))
    return new ApiError("unauthorized", "Your sign-in has expired. Please sign in again.");
  return new ApiError(
    "unauthorized",
    kind === "id" ? "The sign-in token is not valid. Please sign in again." : "The session cookie is not valid.",
  );
}

function toIdentity(claims: SessionClaims, via: Identity["via"], token: string): Identity {
  const env = serverEnv();
  return {
    uid: claims.uid,
    email: claims.email,
    emailVerified: claims.emailVerified,
    name: claims.name,
    picture: claims.picture,
    signInProvider: claims.signInProvider ?? "unknown",
    isStaff: isStaff({ email: claims.email, emailVerified: claims.emailVerified }, env.companyDomains),
    via,
    token,
    authTime: claims.authTime,
    expiresAt: claims.expiresAt,
  };
}

const SESSION_ENDED = "Your session was ended. Please sign in again.";

/** Verifies the caller or throws a typed 401/403. `checkRevoked` asks Firebase now instead of trusting a recent answer. */
export async function authenticate(request: NextRequest, { checkRevoked = false } = {}): Promise<Identity> {
  const bearer = bearerToken(request);
  if (bearer && isApiKeyToken(bearer)) return authenticateApiKey(bearer);
  const via: Identity["via"] = bearer ? "bearer" : "session";
  const token = bearer ?? cookieValue(request, AUTH_TOKEN_COOKIE);
  if (!token) throw new ApiError("unauthorized", "Sign in to use this call.");
  const kind = bearer ? "id" : "session";
  if (token.length > MAX_TOKEN_LENGTH) throw invalid(kind, "oversized");
  const result = await verifyToken(kind, token);
  if (!result.ok) throw invalid(kind, result.reason);
  if (!bearer && cookieValue(request, USER_ID_COOKIE) !== result.claims.uid) {
    throw new ApiError("unauthorized", "The session cookie is not valid.");
  }
  if (!bearer && (await isSessionRevoked(getDb(), token))) throw new ApiError("unauthorized", SESSION_ENDED);
  assertUsable(await userStatus(result.claims.uid, { fresh: checkRevoked }), result.claims);
  return toIdentity(result.claims, via, token);
}

/**
 * A `pf_…` key: its owner, as far as the key allows. A key never carries
 * staff rights (staff calls refuse keys outright, in with-user.ts) and is not
 * ended by "sign out everywhere" (that ends browser sessions); it stops
 * when revoked, or when its owner's account is disabled or deleted.
 */
async function authenticateApiKey(key: string): Promise<Identity> {
  const db = getDb();
  const found = await verifyApiKey(db, key);
  assertUsable(await userStatus(found.ownerId), { authTime: Number.MAX_SAFE_INTEGER });
  const profile = (await db.collection(users).doc(found.ownerId).get())?.data;
  return {
    uid: found.ownerId,
    email: profile?.email ?? null,
    emailVerified: false,
    name: profile?.name ?? null,
    picture: profile?.photo_url ?? null,
    signInProvider: "api_key",
    isStaff: false,
    via: "api_key",
    apiKey: found,
    token: key,
    authTime: 0,
    expiresAt: Number.MAX_SAFE_INTEGER,
  };
}

/**
 * Logout's half of ending a session: when the request carries a genuine,
 * unexpired session cookie, that cookie goes on the revoked-session list until
 * its expiry. Anything else (no cookie, a forged or expired one) is left
 * alone: there is nothing to end, and the list only ever holds real sessions.
 */
export async function endSessionOf(request: NextRequest): Promise<boolean> {
  const token = cookieValue(request, AUTH_TOKEN_COOKIE);
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const result = await verifyToken("session", token);
  if (!result.ok) return false;
  await revokeSession(getDb(), { token, expiresAtS: result.claims.expiresAt });
  return true;
}
