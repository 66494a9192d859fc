/**
 * Credits added by billing (monthly grants, purchases, staff grants) as
 * `credit_ledger` entries, staged inside the caller's transaction like
 * lib/credits' `prepareDebit`. Deterministic entry ids make each addition
 * happen once whoever retries: a second write finds the first.
 */
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { creditLedger, users, type UserDoc } from "@/lib/db/collections";
import type { Db } from "@/lib/db/db";
import type { Transaction } from "@/lib/db/transaction";
import { ledgerIds } from "@/lib/credits/ledger-ids";

const MAX_ID = 128;

/** `${prefix}-${key}` when it fits the id rule, else a hash of the key (Stripe ids and uids can be long). */
export function billingId(prefix: string, key: string): string {
  const id = `${prefix}-${key}`;
  return id.length <= MAX_ID && /^[A-Za-z0-9_-]+$/.test(id) ? id : `${prefix}-h${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
}

export const billingLedgerIds = {
  /** A paid period's grant at a plan (an upgrade within the period adds a second entry at the higher plan). */
  periodGrant: (uid: string, periodKey: string, plan: string) => billingId("grant", `${uid}_${periodKey}_${plan}`),
  /** A credit pack bought in one Checkout session. */
  purchase: (sessionId: string) => billingId("purchase", sessionId),
  /** A staff grant, keyed by the staff member and the form's request id (a double submit grants once). */
  staffGrant: (staffUid: string, requestId: string) => billingId("staffgrant", `${staffUid}_${requestId}`),
};

export interface CreditArgs {
  db: Db;
  uid: string;
  amount: number;
  reason: "grant" | "purchase" | "adjustment";
  /** The ledger entry id (see billingLedgerIds). */
  entryId: string;
  note: string;
  now: Date;
}

export interface StagedCredit {
  /** False when this entry already exists: nothing is written. */
  fresh: boolean;
  balanceBefore: number;
  /** Stages the writes (after all reads); returns the new balance. */
  stage(): number;
}

/** Reads what adding credits needs inside `tx`. */
export async function prepareCredit(tx: Transaction, a: CreditArgs): Promise<StagedCredit> {
  if (!Number.isInteger(a.amount) || a.amount < 1) throw new Error(`credit amount must be a positive integer, got ${a.amount}`);
  const user = await readUser(tx, a.db, a.uid);
  const ledger = a.db.collection(creditLedger);
  const ref = ledger.doc(a.entryId);
  const openingRef = ledger.doc(ledgerIds.opening(a.uid));
  const [existing, opening] = [await tx.get(ref), await tx.get(openingRef)];
  const before = user.credits;
  if (existing) return { fresh: false, balanceBefore: before, stage: () => before };
  return {
    fresh: true,
    balanceBefore: before,
    stage: () => {
      const at = a.now.toISOString();
      // Same rule as lib/credits: the balance held before the first recorded movement becomes an opening grant.
      if (!opening) {
        tx.create(openingRef, {
          owner_id: a.uid,
          delta: before,
          reason: "grant",
          balance_after: before,
          content_id: null,
          job_id: null,
          note: "opening balance: credits held before the first recorded movement",
          created_at: at,
        });
      }
      const after = before + a.amount;
      tx.update(a.db.collection(users).doc(a.uid), { credits: after });
      tx.create(ref, {
        owner_id: a.uid,
        delta: a.amount,
        reason: a.reason,
        balance_after: after,
        content_id: null,
        job_id: null,
        note: a.note.slice(0, 500),
        created_at: at,
      });
      return after;
    },
  };
}

export async function readUser(tx: Transaction, db: Db, uid: string): Promise<UserDoc> {
  const snap = await tx.get(db.collection(users).doc(uid));
  if (!snap) throw new ApiError("not_found", "There is no account for this user.");
  return snap.data;
}
