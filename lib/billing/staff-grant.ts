import "server-only";
/**
 * Staff grant credits to a user (by email or uid): a `grant` ledger entry
 * whose note names the staff member (email and uid) and their reason, so the
 * ledger itself is the audit trail. The form's request id makes a double
 * submit grant once.
 */
import { ApiError } from "@/lib/api/errors";
import { users, type UserDoc } from "@/lib/db/collections";
import type { Db } from "@/lib/db/db";
import type { StaffGrantResult } from "./contract";
import { billingLedgerIds, prepareCredit } from "./ledger";

export async function grantCreditsAsStaff(a: {
  db: Db;
  staff: { uid: string; email: string | null };
  user: string;
  credits: number;
  note: string;
  requestId: string;
  now?: Date;
}): Promise<StaffGrantResult> {
  const target = await findUser(a.db, a.user);
  const now = a.now ?? new Date();
  return a.db.runTransaction(async (tx) => {
    const credit = await prepareCredit(tx, {
      db: a.db,
      uid: target.user_id,
      amount: a.credits,
      reason: "grant",
      entryId: billingLedgerIds.staffGrant(a.staff.uid, a.requestId),
      note: `staff grant by ${a.staff.email ?? "(no email)"} (uid ${a.staff.uid}): ${a.note}`,
      now,
    });
    const balance = credit.stage();
    return {
      user_id: target.user_id,
      email: target.email,
      credits_granted: credit.fresh ? a.credits : 0,
      balance,
      duplicate: !credit.fresh,
    };
  });
}

async function findUser(db: Db, who: string): Promise<UserDoc> {
  const col = db.collection(users);
  if (who.includes("@")) {
    const email = who.trim().toLowerCase();
    const found = await col.where("email", "==", email).limit(2).get();
    if (found.length === 1) return found[0]!.data;
    if (found.length > 1) throw new ApiError("conflict", `More than one account uses ${email}; grant by uid instead.`);
    throw new ApiError("not_found", `No account uses the email ${email}. Check the spelling, or grant by uid.`);
  }
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(who)) {
    throw new ApiError("unprocessable_entity", "Enter an email address or a uid (letters, digits, _ and -).", {
      issues: [{ path: "user", message: "not an email or uid" }],
    });
  }
  const snap = await col.doc(who).get();
  if (!snap) throw new ApiError("not_found", `No account has the uid ${who}.`);
  return snap.data;
}
