/**
 * Credit movements. Every change to `users.credits` happens in a transaction
 * that also writes a `credit_ledger` entry, so a balance can always be rebuilt
 * and audited. A debit never takes a balance below zero, and none is made
 * while it is at or below zero (lib/money/billing takes a refunded pack's credits
 * back even when they were spent). The `prepare*` forms let a caller fold a debit or refund into
 * its own transaction (generation: debit + content + job, all or nothing).
 */
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { creditLedger, users, type UserDoc } from "@/lib/platform/db/collections";
import { ledgerIds, openingStamp } from "./ledger-ids";

export interface LedgerRef {
  jobId?: string;
  contentId?: string;
}

interface Common {
  db: Db;
  uid: string;
  now?: Date;
}

export interface DebitArgs extends Common {
  amount: number;
  /** Human note kept on the ledger entry, e.g. "image.generate: 4 × Local preview". */
  reason: string;
  /** With a jobId the debit is idempotent per job. */
  ref?: LedgerRef;
}

export interface RefundArgs extends Common {
  jobId: string;
  /** Defaults to everything the job was charged; never more than that. */
  amount?: number;
  reason: string;
  contentId?: string;
  /** The job whose debit paid for this one, when it is not `jobId` itself (a bulk batch reserves every item in one debit). */
  paidBy?: string;
}

export interface RefundResult {
  refunded: number;
  balance: number;
  /** True when this job had already been refunded (nothing written this time). */
  alreadyRefunded: boolean;
}

/** Reads what a debit needs inside `tx` and checks the balance; returns the writes to stage (after all reads). */
export async function prepareDebit(tx: Transaction, a: DebitArgs): Promise<() => { balance: number }> {
  if (!Number.isInteger(a.amount) || a.amount < 1)
    throw new Error(`debit amount must be a positive integer, got ${a.amount}`);
  const user = await readUser(tx, a.db, a.uid);
  const stageOpening = await prepareOpening(tx, a.db, user);
  const ledger = a.db.collection(creditLedger);
  const ref = a.ref?.jobId ? ledger.doc(ledgerIds.debit(a.ref.jobId)) : ledger.doc();
  if (a.ref?.jobId && (await tx.get(ref))) throw new Error(`job ${a.ref.jobId} is already debited`);
  const balance = user.credits;
  if (balance <= 0) {
    // Below zero only when a refunded or disputed credit pack took back credits already spent: nothing is spent until it is positive.
    throw new ApiError(
      "insufficient_credits",
      balance < 0
        ? `Your balance is ${balance} credits, below zero because a credit pack you bought was refunded or disputed and its credits were taken back. ` +
            "Spending is paused until your balance is above zero again: add credits, or wait for your monthly credits."
        : `Not enough credits: this needs ${a.amount} and your balance is 0. Add credits, or wait for your monthly credits.`,
    );
  }
  if (balance < a.amount) {
    throw new ApiError(
      "insufficient_credits",
      `Not enough credits: this needs ${a.amount} and your balance is ${balance}. ` +
        "Make fewer images, pick a cheaper model (Local preview costs 1 credit per image), or add credits to continue.",
    );
  }
  return () => {
    const at = (a.now ?? new Date()).toISOString();
    stageOpening(at);
    const after = balance - a.amount;
    tx.update(a.db.collection(users).doc(a.uid), { credits: after });
    tx.create(ref, {
      owner_id: a.uid,
      delta: -a.amount,
      reason: "debit",
      balance_after: after,
      content_id: a.ref?.contentId ?? null,
      job_id: a.ref?.jobId ?? null,
      note: a.reason.slice(0, 500),
      created_at: at,
    });
    return { balance: after };
  };
}

/** Takes `amount` credits from `uid`, or fails with 402 and writes nothing. */
export function debit(a: DebitArgs): Promise<{ balance: number }> {
  return a.db.runTransaction(async (tx) => (await prepareDebit(tx, a))());
}

/** Reads what a refund needs inside `tx`; the returned function stages it. At most once per job. */
export async function prepareRefund(tx: Transaction, a: RefundArgs): Promise<() => RefundResult> {
  const user = await readUser(tx, a.db, a.uid);
  const stageOpening = await prepareOpening(tx, a.db, user);
  const ledger = a.db.collection(creditLedger);
  const refundRef = ledger.doc(ledgerIds.refund(a.jobId));
  const [done, charged] = [await tx.get(refundRef), await tx.get(ledger.doc(ledgerIds.debit(a.paidBy ?? a.jobId)))];
  const chargedAmount = charged && charged.data.owner_id === a.uid ? -charged.data.delta : 0;
  const amount = Math.max(0, Math.min(a.amount ?? chargedAmount, chargedAmount));
  if (done || amount === 0) {
    return () => ({ refunded: 0, balance: user.credits, alreadyRefunded: Boolean(done) });
  }
  return () => {
    const at = (a.now ?? new Date()).toISOString();
    stageOpening(at);
    const after = user.credits + amount;
    tx.update(a.db.collection(users).doc(a.uid), { credits: after });
    tx.create(refundRef, {
      owner_id: a.uid,
      delta: amount,
      reason: "refund",
      balance_after: after,
      content_id: a.contentId ?? null,
      job_id: a.jobId,
      note: a.reason.slice(0, 500),
      created_at: at,
    });
    return { refunded: amount, balance: after, alreadyRefunded: false };
  };
}

/** Gives back what job `jobId` was charged (or `amount` of it); a second call refunds nothing. */
export function refund(a: RefundArgs): Promise<RefundResult> {
  return a.db.runTransaction(async (tx) => (await prepareRefund(tx, a))());
}

export interface RebuiltBalance {
  /** The sum of the ledger's deltas (the stored balance when the ledger has no entries yet). */
  balance: number;
  stored: number;
  entries: number;
  matches: boolean;
}

/** Recomputes a balance from the ledger; with `fix`, writes it back when the stored one drifted. */
export async function rebuildBalance(a: { db: Db; uid: string; fix?: boolean }): Promise<RebuiltBalance> {
  const ledger = a.db.collection(creditLedger);
  let sum = 0;
  let entries = 0;
  let page = await ledger.where("owner_id", "==", a.uid).orderBy("created_at", "desc").limit(500).get();
  while (page.length) {
    for (const e of page) sum += e.data.delta;
    entries += page.length;
    if (page.length < 500) break;
    page = await ledger
      .where("owner_id", "==", a.uid)
      .orderBy("created_at", "desc")
      .limit(500)
      .startAfter(page[page.length - 1]!)
      .get();
  }
  const userRef = a.db.collection(users).doc(a.uid);
  const stored = (await userRef.get())?.data.credits;
  if (stored === undefined) throw new ApiError("not_found", "There is no account for this user.");
  const balance = entries ? sum : stored;
  // A balance below zero is real (a refunded pack whose credits were spent): it is written back like any other.
  if (a.fix && balance !== stored) await userRef.update({ credits: balance });
  return { balance, stored, entries, matches: balance === stored };
}

async function readUser(tx: Transaction, db: Db, uid: string): Promise<UserDoc> {
  const snap = await tx.get(db.collection(users).doc(uid));
  if (!snap) throw new ApiError("not_found", "There is no account for this user.");
  return snap.data;
}

/**
 * Profiles are created with a free allowance but no ledger entry; the first
 * movement records that allowance as an opening grant, so from then on the
 * ledger alone adds up to the balance.
 */
async function prepareOpening(tx: Transaction, db: Db, user: UserDoc): Promise<(at: string) => void> {
  const ref = db.collection(creditLedger).doc(ledgerIds.opening(user.user_id));
  const exists = Boolean(await tx.get(ref));
  return (at) => {
    if (exists) return;
    tx.create(ref, {
      owner_id: user.user_id,
      delta: user.credits,
      reason: "grant",
      balance_after: user.credits,
      content_id: null,
      job_id: null,
      note: "opening balance: credits held before the first recorded movement",
      created_at: openingStamp(at),
    });
  };
}
