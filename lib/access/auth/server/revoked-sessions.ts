import "server-only";
/**
 * The revoked-session list (lib/access/auth/collections.ts): logout records the
 * session cookie it ends, every cookie-authenticated call asks whether its
 * cookie is listed. Entries are looked up by the cookie's SHA-256, one read
 * by id per call (a fraction of a millisecond on the embedded store), and
 * every recording prunes a page of entries whose cookies have expired, so the
 * list holds at most the sessions ended within the last 14 days.
 */
import { createHash } from "node:crypto";
import { revokedSessions } from "@/lib/access/auth/collections";
import type { Db } from "@/lib/platform/db/db";

const PRUNE_PAGE = 200;

export function sessionKey(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function isSessionRevoked(db: Db, token: string): Promise<boolean> {
  return (await db.collection(revokedSessions).doc(sessionKey(token)).get()) !== null;
}

/**
 * Lists the cookie as ended until `expiresAtS` (its `exp`, epoch seconds).
 * Recording the same cookie again changes nothing but the time.
 */
export async function revokeSession(db: Db, input: { token: string; expiresAtS: number; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const expires = new Date(input.expiresAtS * 1000);
  if (expires <= now) return; // already refused for its age
  await db
    .collection(revokedSessions)
    .doc(sessionKey(input.token))
    .set({ expires_at: expires.toISOString(), revoked_at: now.toISOString() });
  await pruneRevokedSessions(db, now);
}

/** Deletes up to `max` entries whose cookies have expired; returns how many went. */
export async function pruneRevokedSessions(db: Db, now = new Date(), max = PRUNE_PAGE): Promise<number> {
  const expired = await db.collection(revokedSessions).where("expires_at", "<=", now.toISOString()).limit(max).get();
  if (expired.length === 0) return 0;
  const batch = db.batch();
  for (const e of expired) batch.delete(db.collection(revokedSessions).doc(e.id));
  await batch.commit();
  return expired.length;
}
