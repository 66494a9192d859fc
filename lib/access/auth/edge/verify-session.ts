/**
 * Verifies Firebase tokens with jose, the same way at the edge and in the API:
 * signature (RS256 against Google's keys), issuer, audience = project, expiry,
 * issued-at and auth_time in the past, subject. `verifySessionToken` checks
 * the `authToken` cookie (a Firebase session cookie), `verifyIdToken` a
 * Firebase ID token (the API's Bearer calls). Unsigned (`alg: none`) tokens
 * are accepted only when the app is configured for the Auth emulator. Any
 * failure is a result, never a throw.
 */
import { UnsecuredJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { KeySource } from "./google-keys";

/** Firebase session cookies are ~1 KB; anything far larger is not one. */
export const MAX_TOKEN_LENGTH = 4096;
const CLOCK_TOLERANCE_S = 5;

export interface SessionClaims {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  signInProvider: string | null;
  expiresAt: number;
  issuedAt: number;
  authTime: number;
  name: string | null;
  picture: string | null;
}

export interface VerifyOptions {
  projectId: string;
  emulator: boolean;
  keys: KeySource;
  /** The `userId` cookie, which must name the token's subject. */
  expectedUid?: string | null;
  currentDate?: Date;
}

export type VerifyResult = { ok: true; claims: SessionClaims } | { ok: false; reason: string };

export function sessionIssuer(projectId: string): string {
  return `https://session.firebase.google.com/${projectId}`;
}

export function idTokenIssuer(projectId: string): string {
  return `https://securetoken.google.com/${projectId}`;
}

/** The session-cookie check of the middleware and the API's cookie calls. */
export function verifySessionToken(token: string | null | undefined, opts: VerifyOptions): Promise<VerifyResult> {
  return verifyFirebaseToken(token, { ...opts, issuer: sessionIssuer(opts.projectId) });
}

/** A Firebase ID token (Bearer); `keys` must serve the securetoken x509 certificates. */
export function verifyIdToken(
  token: string | null | undefined,
  opts: Omit<VerifyOptions, "expectedUid">,
): Promise<VerifyResult> {
  return verifyFirebaseToken(token, { ...opts, issuer: idTokenIssuer(opts.projectId) });
}

async function verifyFirebaseToken(
  token: string | null | undefined,
  opts: VerifyOptions & { issuer: string },
): Promise<VerifyResult> {
  if (!token) return { ok: false, reason: "missing" };
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "oversized" };
  let payload: JWTPayload;
  try {
    const header = decodeProtectedHeader(token);
    const claimOptions = {
      issuer: opts.issuer,
      audience: opts.projectId,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: opts.currentDate,
      requiredClaims: ["exp", "iat", "sub"],
    };
    if (header.alg === "none") {
      if (!opts.emulator) return { ok: false, reason: "unsigned token outside emulator mode" };
      payload = UnsecuredJWT.decode(token, claimOptions).payload;
    } else if (header.alg === "RS256" && typeof header.kid === "string") {
      const kid = header.kid;
      const key = await opts.keys.getKey(kid);
      if (!key) return { ok: false, reason: `unknown key id ${kid.slice(0, 64)}` };
      payload = (await jwtVerify(token, key, { ...claimOptions, algorithms: ["RS256"] })).payload;
    } else {
      return { ok: false, reason: `unsupported algorithm ${String(header.alg).slice(0, 16)}` };
    }
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : "malformed" };
  }

  const sub = payload.sub;
  if (typeof sub !== "string" || sub.length === 0 || sub.length > 128) return { ok: false, reason: "bad subject" };
  if (opts.expectedUid !== undefined && opts.expectedUid !== sub)
    return { ok: false, reason: "userId cookie mismatch" };
  // Firebase's documented rules: issued-at and auth_time must lie in the past
  // (jose checks iat only when a maximum age is set, so both are checked here).
  const nowS = Math.floor((opts.currentDate ?? new Date()).getTime() / 1000);
  if (typeof payload.iat !== "number" || payload.iat > nowS + CLOCK_TOLERANCE_S) {
    return { ok: false, reason: "iat in the future" };
  }
  if (typeof payload.auth_time !== "number" || payload.auth_time > nowS + CLOCK_TOLERANCE_S) {
    return { ok: false, reason: "auth_time missing or in the future" };
  }
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  return {
    ok: true,
    claims: {
      uid: sub,
      email: typeof payload.email === "string" ? payload.email : null,
      emailVerified: payload.email_verified === true,
      signInProvider: typeof firebase?.sign_in_provider === "string" ? firebase.sign_in_provider : null,
      expiresAt: payload.exp!,
      issuedAt: payload.iat,
      authTime: payload.auth_time,
      name: typeof payload.name === "string" ? payload.name : null,
      picture: typeof payload.picture === "string" ? payload.picture : null,
    },
  };
}
