/**
 * Sign-in errors as the screens show them: every failure of the sign-in
 * sequence becomes an `AuthError` whose message a person can act on.
 * Firebase codes keep their `auth/…` names; failures of our own backend
 * login use `app/…` codes.
 */

/** Failures of our own sign-in steps, not Firebase's. */
export const APP_AUTH_ERROR_CODES = {
  /** `POST /api/v1/users/login/` failed, so no session could be started. */
  loginFailed: "app/login-failed",
  /** The identity provider returned an account without an email address. */
  missingEmail: "app/missing-email",
} as const;

const MESSAGES = {
  // Popup and environment errors (spec section 8).
  "auth/unauthorized-domain":
    "Sign-in is not enabled for this web address. Open the app from its usual address, or contact support.",
  "auth/popup-blocked": "Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.",
  "auth/popup-closed-by-user": "The sign-in window was closed before sign-in finished. Try again when you are ready.",
  "auth/cancelled-popup-request":
    "A sign-in window is already open. Finish signing in there, or close it and try again.",
  "auth/network-request-failed":
    "We could not reach the sign-in service. Check your internet connection and try again.",
  "auth/web-storage-unsupported":
    "Your browser is blocking the storage sign-in needs. Allow cookies and site data for this site (or leave private browsing), then try again.",
  "auth/internal-error": "Something went wrong while signing you in. Please try again.",

  // Email and password.
  "auth/wrong-password": "That email and password do not match. Check them and try again.",
  "auth/invalid-credential": "That email and password do not match. Check them and try again.",
  "auth/invalid-login-credentials": "That email and password do not match. Check them and try again.",
  "auth/user-not-found": "There is no account with that email address. Check it, or create an account.",
  "auth/email-already-in-use":
    "An account with that email address already exists. Sign in instead, or reset your password.",
  "auth/weak-password": "That password is too weak. Use at least 6 characters.",
  "auth/invalid-email": "Enter a valid email address.",
  "auth/missing-email": "Enter your email address.",
  "auth/missing-password": "Enter your password.",
  "auth/too-many-requests": "Too many attempts. Wait a few minutes, or reset your password, then try again.",
  "auth/user-disabled": "This account has been disabled. Contact support if you think this is a mistake.",
  "auth/operation-not-allowed": "This sign-in method is not enabled. Use another way to sign in.",
  "auth/account-exists-with-different-credential":
    "An account with this email already exists with another sign-in method. Sign in the way you did before.",
  "auth/user-token-expired": "Your sign-in has expired. Please sign in again.",
  "auth/requires-recent-login": "For your security, please sign in again.",
  "auth/timeout": "Sign-in took too long. Check your connection and try again.",

  // Our own backend login.
  [APP_AUTH_ERROR_CODES.loginFailed]: "We could not start your session. Please try again in a moment.",
  [APP_AUTH_ERROR_CODES.missingEmail]:
    "This account has no email address, so it cannot be used here. Sign in with an account that has one.",
} as const satisfies Record<string, string>;

export type KnownAuthErrorCode = keyof typeof MESSAGES;

export const GENERIC_AUTH_ERROR_MESSAGE = "Sign-in failed. Please try again.";

/** The human message for an error code; unknown codes get a generic message. */
export function authErrorMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code as KnownAuthErrorCode] : GENERIC_AUTH_ERROR_MESSAGE;
}

export class AuthError extends Error {
  readonly code: string;

  constructor(code: string, options: { message?: string; cause?: unknown } = {}) {
    super(options.message ?? authErrorMessage(code), { cause: options.cause });
    this.name = "AuthError";
    this.code = code;
  }
}

/** Firebase errors (FirebaseError, or anything shaped like one) carry a string `code`. */
function errorCode(error: unknown): string | null {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === "string" && code.includes("/")) return code;
  }
  return null;
}

/** Turns anything a sign-in step throws into an AuthError with a human message. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const code = errorCode(error) ?? "auth/internal-error";
  return new AuthError(code, { cause: error });
}
