/**
 * Remembers tokens that passed verification, until they expire, so a
 * session cookie sent with every request is checked with RS256 once rather
 * than on each request. Only successes are kept; the key is the exact token
 * string, so a changed byte is a new token and is verified again. Bounded:
 * the oldest entry goes first. Edge-safe (no Node APIs).
 */
import type { SessionClaims } from "./verify-session";

export interface VerifiedTokens {
  get(token: string): SessionClaims | null;
  set(token: string, claims: SessionClaims): void;
}

export function createVerifiedTokens({
  max = 2000,
  now = Date.now,
}: {
  max?: number;
  now?: () => number;
} = {}): VerifiedTokens {
  const entries = new Map<string, SessionClaims>();
  return {
    get(token) {
      const claims = entries.get(token);
      if (!claims) return null;
      if (claims.expiresAt * 1000 <= now()) {
        entries.delete(token);
        return null;
      }
      return claims;
    },
    set(token, claims) {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(token, claims);
    },
  };
}
