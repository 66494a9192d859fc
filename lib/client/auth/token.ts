/** ID tokens for API calls, refreshed before they expire (spec section 9). */
import { AUTH_TOKEN_REFRESH_WINDOW_MS } from "@/lib/platform/constants";

/** True when a token expiring at `expirationTime` is inside the refresh window (or unreadable). */
export function tokenNeedsRefresh(expirationTime: string, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(expirationTime);
  if (Number.isNaN(expiresAt)) return true;
  return expiresAt - now <= AUTH_TOKEN_REFRESH_WINDOW_MS;
}

/** The slice of Firebase's `User` this module needs. */
export interface TokenSource {
  getIdTokenResult(): Promise<{ token: string; expirationTime: string }>;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

export async function freshIdToken(user: TokenSource, now?: number): Promise<string> {
  const result = await user.getIdTokenResult();
  return tokenNeedsRefresh(result.expirationTime, now) ? user.getIdToken(true) : result.token;
}
