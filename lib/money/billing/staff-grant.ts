import "server-only";
/**
 * Staff grant credits to a user (by email or uid): a `grant` ledger entry
 * whose note names the staff member (email and uid) and their reason, so the
 * ledger itself is the audit trail, plus an update-log entry on the profile's
 * credits. The form's request id makes a double submit grant once. What one
 * staff member grants in any 24 hours is capped (STAFF_GRANT_DAILY_CAP,
 * summed from the ledger's `granted_by` entries inside the granting
 * transaction, so grants made at once cannot slip past it together).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { creditLedger, users, type UserDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { logChange } from "@/lib/platform/update-log/write";
import { STAFF_GRANT_DAILY_CAP, type StaffGrantResult } from "./contract";
import { billingLedgerIds, prepareCredit } from "./ledger";
import { DOC_ID } from "@/lib/platform/db/ids";

const DAY_MS = 24 * 3600_000;
const fmt = (n: number) => n.toLocaleString("en-US");

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
      grantedBy: a.staff.uid,
    });
    // A repeated request id grants nothing, so it never meets the cap.
    if (credit.fresh) await assertWithinDailyCap(tx, a.db, a.staff.uid, a.credits, now);
    const balance = credit.stage();
    if (credit.fresh) {
      logChange(a.db, tx, {
        entityType: "document",
        entityId: `users/${target.user_id}`,
        entityLabel: target.email ?? target.user_id,
        action: "grant",
        before: { credits: credit.balanceBefore },
        after: { credits: balance },
        at: now,
      });
    }
    return {
      user_id: target.user_id,
      email: target.email,
      credits_granted: credit.fresh ? a.credits : 0,
      balance,
      duplicate: !credit.fresh,
    };
  });
}

/** 429 when `credits` more would take this staff member past the cap for the 24 hours ending `now`. */
async function assertWithinDailyCap(
  tx: Transaction,
  db: Db,
  staffUid: string,
  credits: number,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const recent = await tx.get(
    db
      .collection(creditLedger)
      .where("granted_by", "==", staffUid)
      .where("created_at", ">", since)
      .orderBy("created_at", "desc"),
  );
  const used = recent.reduce((sum, e) => sum + Math.max(0, e.data.delta), 0);
  const left = Math.max(0, STAFF_GRANT_DAILY_CAP - used);
  if (credits <= left) return;
  // When enough of the window's oldest grants have aged out for this one to fit.
  let freed = 0;
  let retryAt = now.getTime() + DAY_MS;
  for (const e of [...recent].reverse()) {
    freed += Math.max(0, e.data.delta);
    if (used - freed + credits <= STAFF_GRANT_DAILY_CAP) {
      retryAt = Date.parse(e.data.created_at) + DAY_MS;
      break;
    }
  }
  const retryAfter = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  throw new ApiError(
    "rate_limited",
    `That is over your grant limit of ${fmt(STAFF_GRANT_DAILY_CAP)} credits in 24 hours: you have ${fmt(left)} credit${left === 1 ? "" : "s"} left to grant now. ` +
      "Grant less, or ask another staff member to approve the rest. Nothing was granted.",
    {
      issues: [{ path: "credits", message: `at most ${fmt(left)} until earlier grants are 24 hours old` }],
      headers: { "Retry-After": String(retryAfter) },
    },
  );
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
  if (!DOC_ID.test(who)) {
    throw new ApiError("unprocessable_entity", "Enter an email address or a uid (letters, digits, _ and -).", {
      issues: [{ path: "user", message: "not an email or uid" }],
    });
  }
  const snap = await col.doc(who).get();
  if (!snap) throw new ApiError("not_found", `No account has the uid ${who}.`);
  return snap.data;
}
