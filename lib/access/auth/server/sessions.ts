import "server-only";
/**
 * Ending every session of an account ("Sign out everywhere"). Firebase's
 * revokeRefreshTokens sets the account's tokens-valid-after time, which
 * user-status.ts compares with each token's auth_time: every session cookie
 * and ID token signed in before now is refused. This process forgets its
 * cached status at once; other server processes follow within STATUS_TTL_MS.
 * Firebase counts whole seconds, so the caller's own cookie is also put on the
 * revoked-session list (a sign-in in this very second would otherwise pass).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { adminAuth } from "./firebase-admin";
import type { Identity } from "./identity";
import { revokeSession } from "./revoked-sessions";
import { forgetUserStatus } from "./user-status";

export async function signOutEverywhere(user: Identity): Promise<void> {
  try {
    await adminAuth().revokeRefreshTokens(user.uid);
  } catch (error) {
    throw new ApiError(
      "service_unavailable",
      "We could not end your sessions just now. Please try again in a moment.",
      { cause: error },
    );
  }
  forgetUserStatus(user.uid);
  if (user.via === "session") await revokeSession(getDb(), { token: user.token, expiresAtS: user.expiresAt });
}
