import "server-only";
/**
 * User profiles: created on first login, refreshed on every login, read by
 * `GET /api/v1/user-info/`. Staff status is recomputed from the verified
 * email at each login, so it follows the company-domain rule, never a stored flag.
 */
import { getDb } from "@/lib/db";
import { users } from "@/lib/db/collections";
import type { Identity } from "@/lib/auth/server/identity";
import type { Profile } from "@/lib/auth/client/types";

/** Credits a new account starts with. */
export const FREE_CREDITS = 100;

export async function upsertProfileOnLogin(user: Identity, now = new Date()): Promise<Profile> {
  const db = getDb();
  const ref = db.collection(users).doc(user.uid);
  return db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const at = now.toISOString();
    const profile: Profile = existing
      ? {
          ...existing.data,
          email: user.email,
          name: user.name ?? existing.data.name,
          photo_url: user.picture ?? existing.data.photo_url,
          provider: user.signInProvider,
          is_staff: user.isStaff,
          last_login_at: at,
        }
      : {
          user_id: user.uid,
          email: user.email,
          name: user.name,
          photo_url: user.picture,
          provider: user.signInProvider,
          is_staff: user.isStaff,
          credits: FREE_CREDITS,
          plan: "free",
          created_at: at,
          last_login_at: at,
        };
    tx.set(ref, profile);
    return profile;
  });
}

export async function getProfile(uid: string): Promise<Profile | null> {
  const snap = await getDb().collection(users).doc(uid).get();
  return snap ? snap.data : null;
}
