/**
 * Credits added by billing (monthly grants, purchases, staff grants) and
 * taken back by it (a refunded or disputed credit pack) as `credit_ledger`
 * entries, staged inside the caller's transaction like lib/money/credits'
 * `prepareDebit`. Deterministic entry ids make each movement happen once
 * whoever retries: a second write finds the first.
 */
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { creditLedger, users, type UserDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { ledgerIds, openingStamp } from "@/lib/money/credits/ledger-ids";

const MAX_ID = 128;

/** `${prefix}-${key}` when it fits the id rule, else a hash of the key (Stripe ids and uids can be long). */
export function billingId(prefix: string, key: string): string {
  const id = `${prefix}-${key}`;
  return id.length <= MAX_ID && /^[A-Za-z0-9_-]+$/.test(id)
    ? id
    : `${prefix}-h${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
}

export const billingLedgerIds = {
  /** A paid period's grant at a plan (an upgrade within the period adds a second entry at the higher plan). */
  periodGrant: (uid: string, periodKey: string, plan: string) => billingId("grant", `${uid}_${periodKey}_${plan}`),
  /** A credit pack bought in one Checkout session. */
  purchase: (sessionId: string) => billingId("purchase", sessionId),
  /** A staff grant, keyed by the staff member and the form's request id (a double submit grants once). */
  staffGrant: (staffUid: string, requestId: string) => billingId("staffgrant", `${staffUid}_${requestId}`),
  /** Credits a refund of a pack's charge took back, keyed by the charge and its refunded total so far (each partial refund once). */
  refundTakeBack: (chargeId: string, amountRefunded: number) =>
    billingId("chargerefund", `${chargeId}_${amountRefunded}`),
  /** Credits a dispute took back (once per dispute, whichever of its events arrives). */
  disputeTakeBack: (disputeId: string) => billingId("dispute", disputeId),
  /** The same credits given back when we won the dispute. */
  disputeGiveBack: (disputeId: string) => billingId("disputewon", disputeId),
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
  /** The staff member granting (staff grants: their daily cap sums these entries). */
  grantedBy?: string;
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
  if (!Number.isInteger(a.amount) || a.amount < 1)
    throw new Error(`credit amount must be a positive integer, got ${a.amount}`);
  return prepareEntry(tx, a, a.amount);
}

/**
 * Reads what taking `amount` credits back needs inside `tx` (an `adjustment`
 * entry with a negative delta). Unlike a debit it cannot be refused: the
 * money went back to the buyer, so the balance may go below zero, and
 * lib/money/credits then refuses every debit until it is above zero again.
 */
export async function prepareTakeBack(
  tx: Transaction,
  a: Omit<CreditArgs, "reason" | "grantedBy">,
): Promise<StagedCredit> {
  if (!Number.isInteger(a.amount) || a.amount < 1)
    throw new Error(`take-back amount must be a positive integer, got ${a.amount}`);
  return prepareEntry(tx, { ...a, reason: "adjustment" }, -a.amount);
}

async function prepareEntry(tx: Transaction, a: CreditArgs, delta: number): Promise<StagedCredit> {
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
      // Same rule as lib/money/credits: the balance held before the first recorded movement becomes an opening grant.
      if (!opening) {
        tx.create(openingRef, {
          owner_id: a.uid,
          delta: before,
          reason: "grant",
          balance_after: before,
          content_id: null,
          job_id: null,
          note: "opening balance: credits held before the first recorded movement",
          created_at: openingStamp(at),
        });
      }
      const after = before + delta;
      tx.update(a.db.collection(users).doc(a.uid), { credits: after });
      tx.create(ref, {
        owner_id: a.uid,
        delta,
        reason: a.reason,
        balance_after: after,
        content_id: null,
        job_id: null,
        note: a.note.slice(0, 500),
        granted_by: a.grantedBy ?? null,
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
