import "server-only";
/**
 * Whether an account may still use its tokens: it exists, is not disabled,
 * and its tokens were not revoked after the token's sign-in (auth_time).
 * Asking Firebase costs a network round trip, so the answer is kept per uid
 * for STATUS_TTL_MS: every API call refuses a revoked or disabled account
 * within that time, and sign-in (`fresh: true`) asks Firebase right away.
 * Concurrent calls for one uid share one lookup.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { adminAuth } from "./firebase-admin";

export const STATUS_TTL_MS = 30_000;

export interface UserStatus {
  exists: boolean;
  disabled: boolean;
  /** Tokens whose auth_time is before this (epoch seconds) are revoked; null when never revoked. */
  validSinceS: number | null;
}

export type StatusLookup = (uid: string) => Promise<UserStatus>;

const firebaseLookup: StatusLookup = async (uid) => {
  try {
    const user = await adminAuth().getUser(uid);
    const since = user.tokensValidAfterTime ? Math.floor(Date.parse(user.tokensValidAfterTime) / 1000) : null;
    return { exists: true, disabled: user.disabled, validSinceS: Number.isFinite(since) ? since : null };
  } catch (error) {
    if ((error as { code?: string } | null)?.code === "auth/user-not-found")
      return { exists: false, disabled: false, validSinceS: null };
    throw new ApiError(
      "service_unavailable",
      "We could not check your account just now. Please try again in a moment.",
      { cause: error },
    );
  }
};

interface Entry {
  at: number;
  status: Promise<UserStatus>;
}

export function createUserStatusCache({
  lookup = firebaseLookup,
  ttlMs = STATUS_TTL_MS,
  now = Date.now,
  max = 10_000,
} = {}) {
  const entries = new Map<string, Entry>();
  return {
    get(uid: string, { fresh = false } = {}): Promise<UserStatus> {
      const hit = entries.get(uid);
      if (hit && !fresh && now() - hit.at < ttlMs) return hit.status;
      const status = lookup(uid);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      const entry = { at: now(), status };
      entries.set(uid, entry);
      // A failed lookup is not remembered: the next call asks again.
      status.catch(() => {
        if (entries.get(uid) === entry) entries.delete(uid);
      });
      return status;
    },
    /** Drops what is known of `uid`: its next call asks Firebase. */
    forget(uid: string) {
      entries.delete(uid);
    },
    clear() {
      entries.clear();
    },
  };
}

const shared = createUserStatusCache();

export function userStatus(uid: string, options?: { fresh?: boolean }): Promise<UserStatus> {
  return shared.get(uid, options);
}

/**
 * For a change this process made itself (tokens revoked, account deleted):
 * the next call of that uid asks Firebase instead of trusting the cached answer.
 */
export function forgetUserStatus(uid: string): void {
  shared.forget(uid);
}

/** For tests that revoke or disable accounts between calls. */
export function clearUserStatusCache(): void {
  shared.clear();
}

/** Throws the typed 401/403 a token of this account deserves now; returns when it may be used. */
export function assertUsable(status: UserStatus, token: { authTime: number }): void {
  if (!status.exists) throw new ApiError("unauthorized", "This account no longer exists.");
  if (status.disabled) throw new ApiError("forbidden", "This account has been disabled.");
  if (status.validSinceS !== null && token.authTime < status.validSinceS) {
    throw new ApiError("unauthorized", "Your session was ended. Please sign in again.");
  }
}
