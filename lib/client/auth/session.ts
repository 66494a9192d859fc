/**
 * The server half of signing in and out (spec sections 4 and 7): after
 * Firebase sign-in the backend login call starts the HttpOnly-cookie session;
 * if the user has no email or that call fails, Firebase is signed out again
 * so the browser never holds a half-signed-in user.
 */
import { ApiClientError, CLIENT_ERROR_CODES, apiFetch, type DataSchema } from "@/lib/client/api";
import { APP_AUTH_ERROR_CODES, AuthError, toAuthError } from "./errors";

export const LOGIN_PATH = "/api/v1/users/login/";
export const LOGOUT_PATH = "/api/v1/users/logout/";

/** `{ user_id }`, non-empty. Checked by hand: no schema library on the sign-in screens. */
const loginDataSchema: DataSchema<{ user_id: string }> = {
  safeParse(data) {
    const userId = typeof data === "object" && data !== null ? (data as { user_id?: unknown }).user_id : undefined;
    return typeof userId === "string" && userId.length > 0
      ? { success: true, data: { user_id: userId } }
      : { success: false, error: new Error("login data without a user_id") };
  },
};

/** The slice of Firebase's `User` the login call needs. */
export interface LoginUser {
  email: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** Maps a failed login call to the reason the user sees. */
export function loginFailureToAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof ApiClientError) {
    if (error.code === "email_required") return new AuthError(APP_AUTH_ERROR_CODES.missingEmail, { cause: error });
    if (error.code === CLIENT_ERROR_CODES.network)
      return new AuthError("auth/network-request-failed", { cause: error });
    if (error.code === "rate_limited") return new AuthError("auth/too-many-requests", { cause: error });
    return new AuthError(APP_AUTH_ERROR_CODES.loginFailed, { cause: error });
  }
  // Token errors from Firebase keep their own code.
  if (typeof error === "object" && error !== null && "code" in error) return toAuthError(error);
  return new AuthError(APP_AUTH_ERROR_CODES.loginFailed, { cause: error });
}

async function callLogin(user: LoginUser, forceRefresh: boolean): Promise<string> {
  if (!user.email) throw new AuthError(APP_AUTH_ERROR_CODES.missingEmail);
  const token = await user.getIdToken(forceRefresh);
  const data = await apiFetch(LOGIN_PATH, { method: "POST", token, schema: loginDataSchema });
  return data.user_id;
}

/**
 * Starts the server session for a Firebase user and resolves to its user id.
 * On failure it calls `signOut` (Firebase's) and rejects with an AuthError
 * that says why. `forceRefresh` gets a token carrying a just-changed profile.
 */
export async function startServerSession(input: {
  user: LoginUser;
  signOut: () => Promise<void>;
  forceRefresh?: boolean;
}): Promise<string> {
  try {
    return await callLogin(input.user, input.forceRefresh ?? false);
  } catch (error) {
    const reason = loginFailureToAuthError(error);
    try {
      await input.signOut();
    } catch (signOutError) {
      console.error("[auth] signing out after a failed login also failed", signOutError);
    }
    throw reason;
  }
}

/** Asks the server to clear the session cookies (they are HttpOnly, so only it can). */
export async function endServerSession(): Promise<void> {
  await apiFetch(LOGOUT_PATH, { method: "POST" });
}

/**
 * Set while an explicit sign-out runs, so the AuthGate does not race it with
 * its own "signed out: go sign in again, then come back here" redirect.
 */
let signingOut = false;

export function markSigningOut(value: boolean): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}
