import "server-only";
/**
 * User profiles: created on first login, refreshed on every login, read by
 * `GET /api/v1/user-info/`. Staff status is recomputed from the verified
 * email at each login, so it follows the company-domain rule, never a stored flag.
 * A new account's free credits go to one account per verified email
 * (lib/money/billing/grants.ts `prepareSignupGrant`), decided in the same transaction.
 * Access sits below money in the layers, so the caller (the login route) hands
 * the grant in.
 */
import { getDb } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/collections";
import type { Transaction } from "@/lib/platform/db/transaction";
import type { Db } from "@/lib/platform/db/db";
import type { UserDoc } from "@/lib/platform/db/collections";
import type { Identity } from "@/lib/access/auth/server/identity";
import type { Profile } from "@/lib/access/auth/types";

/** Credits a new account starts with (once per verified email). */
export const FREE_CREDITS = 100;

/** The sign-up grant decided in the profile's transaction (lib/money/billing/grants.ts `prepareSignupGrant`). */
export type SignupGrant = (
  tx: Transaction,
  a: {
    db: Db;
    uid: string;
    email: string | null;
    emailVerified: boolean;
    existing: UserDoc | null;
    amount: number;
    now: Date;
  },
) => Promise<{
  state: UserDoc["signup_credits"] | undefined;
  startingCredits: number;
  stage: () => number | undefined;
}>;

export async function upsertProfileOnLogin(
  user: Identity,
  prepareSignupGrant: SignupGrant,
  now = new Date(),
): Promise<Profile> {
  const db = getDb();
  const ref = db.collection(users).doc(user.uid);
  return db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const grant = await prepareSignupGrant(tx, {
      db,
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified,
      existing: existing?.data ?? null,
      amount: FREE_CREDITS,
      now,
    });
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
          ...(grant.state ? { signup_credits: grant.state } : {}),
        }
      : {
          user_id: user.uid,
          email: user.email,
          name: user.name,
          photo_url: user.picture,
          provider: user.signInProvider,
          is_staff: user.isStaff,
          credits: grant.startingCredits,
          plan: "free",
          created_at: at,
          last_login_at: at,
          ...(grant.state ? { signup_credits: grant.state } : {}),
        };
    tx.set(ref, profile);
    // After the profile's write: a grant to an existing account adds to its balance.
    const balance = grant.stage();
    return balance === undefined ? profile : { ...profile, credits: balance };
  });
}

export async function getProfile(uid: string): Promise<Profile | null> {
  const snap = await getDb().collection(users).doc(uid).get();
  return snap ? snap.data : null;
}
