/**
 * A credit pack whose payment went back takes its credits back: a refund
 * (`charge.refunded`, the share `amount_refunded` is of the charge) or a
 * dispute (`charge.dispute.created`, the share the disputed amount is of
 * the payment) writes an `adjustment` ledger entry naming the charge, refund
 * or dispute; a dispute we win (`charge.dispute.closed`, won or an inquiry
 * closed) gives its share back. The purchase record (billing_purchases, found
 * by the payment intent the charge and dispute name) keeps what was taken,
 * so refunds and disputes together never take more than the pack gave, and
 * each ledger id (refund state, dispute id) is written once. The balance may
 * go below zero; lib/money/credits then refuses every debit until it is positive.
 */
import { creditLedger, users } from "@/lib/platform/db/collections";
import type { Transaction } from "@/lib/platform/db/transaction";
import { billingPurchases, type BillingPurchaseDoc } from "./collections";
import { billingId, billingLedgerIds, prepareCredit, prepareTakeBack } from "./ledger";
import { chargeSchema, disputeSchema } from "./stripe-events";
import { ignored, nothing, parse, type EventContext, type Handled } from "./webhook-kit";

/** Dispute states in which the money came back to us. */
const WON = new Set(["won", "warning_closed"]);

export const purchaseId = (paymentIntent: string) => billingId("pack", paymentIntent);

/** Stages the purchase record of a paid pack (once per payment intent). */
export async function preparePurchaseRecord(
  tx: Transaction,
  c: EventContext,
  p: {
    uid: string;
    paymentIntent: string;
    sessionId: string;
    item: string;
    credits: number;
    amount: number;
    currency: string;
  },
): Promise<() => void> {
  const ref = c.db.collection(billingPurchases).doc(purchaseId(p.paymentIntent));
  if (await tx.get(ref)) return nothing;
  const at = c.now.toISOString();
  return () =>
    tx.create(ref, {
      owner_id: p.uid,
      payment_intent: p.paymentIntent,
      session_id: p.sessionId,
      item: p.item,
      credits: p.credits,
      amount: p.amount,
      currency: p.currency,
      refunded_credits: 0,
      disputed_credits: 0,
      created_at: at,
      updated_at: at,
    });
}

/** `part` of `whole` (money) as a share of the pack's credits, rounded up, at most all of them. */
function share(credits: number, part: number, whole: number): number {
  if (whole <= 0) return credits;
  return Math.min(credits, Math.ceil((credits * part) / whole));
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

async function purchaseFor(tx: Transaction, c: EventContext, paymentIntent: string | null | undefined) {
  if (!paymentIntent) return null;
  const ref = c.db.collection(billingPurchases).doc(purchaseId(paymentIntent));
  const snap = await tx.get(ref);
  if (!snap) return null;
  // An account deleted since: nothing to take back from (the ledger keeps the purchase).
  if (!(await tx.get(c.db.collection(users).doc(snap.data.owner_id)))) return null;
  return { ref, data: snap.data };
}

function unknownPayment(what: string): Handled {
  return ignored(
    "ignored_unknown_payment",
    null,
    `${what} is for no credit pack bought here (a subscription payment, or one made elsewhere)`,
    nothing,
  );
}

function settled(p: BillingPurchaseDoc, ownerId: string, summary: string): Handled {
  return {
    outcome: "applied",
    ownerId,
    summary: `${summary} (${p.item}: ${p.refunded_credits + p.disputed_credits} of ${p.credits} credits taken back so far)`,
    stage: nothing,
  };
}

export async function onChargeRefunded(tx: Transaction, c: EventContext): Promise<Handled> {
  const ch = parse(chargeSchema, c);
  const found = await purchaseFor(tx, c, ch.payment_intent);
  if (!found) return unknownPayment(`charge ${ch.id}`);
  const p = found.data;
  // amount_refunded is the charge's running total, so the share is too: a late, older state takes nothing.
  const target = share(p.credits, ch.amount_refunded, ch.amount_captured || ch.amount);
  const take = Math.min(Math.max(0, target - p.refunded_credits), p.credits - p.refunded_credits - p.disputed_credits);
  if (take === 0) return settled(p, p.owner_id, `refund of charge ${ch.id} already taken back`);
  const refunds = ch.refunds?.data.map((r) => r.id) ?? [];
  const credit = await prepareTakeBack(tx, {
    db: c.db,
    uid: p.owner_id,
    amount: take,
    entryId: billingLedgerIds.refundTakeBack(ch.id, ch.amount_refunded),
    note: `Credit pack refunded (${money(ch.amount_refunded, ch.currency)} of ${money(ch.amount, ch.currency)}): Stripe charge ${ch.id}${refunds.length ? `, refund ${refunds.join(", ")}` : ""}`,
    now: c.now,
  });
  if (!credit.fresh) return settled(p, p.owner_id, `refund of charge ${ch.id} already taken back`);
  return {
    outcome: "applied",
    ownerId: p.owner_id,
    summary: `−${take} credits: ${p.item} refunded (charge ${ch.id})`,
    stage: () => {
      credit.stage();
      tx.update(found.ref, { refunded_credits: p.refunded_credits + take, updated_at: c.now.toISOString() });
    },
  };
}

export async function onDisputeCreated(tx: Transaction, c: EventContext): Promise<Handled> {
  const d = parse(disputeSchema, c);
  const found = await purchaseFor(tx, c, d.payment_intent);
  if (!found) return unknownPayment(`dispute ${d.id}`);
  const p = found.data;
  const take = Math.min(share(p.credits, d.amount, p.amount), p.credits - p.refunded_credits - p.disputed_credits);
  if (take === 0) return settled(p, p.owner_id, `dispute ${d.id}: nothing left to take back`);
  const credit = await prepareTakeBack(tx, {
    db: c.db,
    uid: p.owner_id,
    amount: take,
    entryId: billingLedgerIds.disputeTakeBack(d.id),
    note: `Credit pack disputed (${d.reason}, ${money(d.amount, d.currency)}): Stripe dispute ${d.id} on charge ${d.charge}`,
    now: c.now,
  });
  if (!credit.fresh) return settled(p, p.owner_id, `dispute ${d.id} already taken back`);
  return {
    outcome: "applied",
    ownerId: p.owner_id,
    summary: `−${take} credits: ${p.item} disputed (${d.id}, ${d.reason})`,
    stage: () => {
      credit.stage();
      tx.update(found.ref, { disputed_credits: p.disputed_credits + take, updated_at: c.now.toISOString() });
    },
  };
}

export async function onDisputeClosed(tx: Transaction, c: EventContext): Promise<Handled> {
  const d = parse(disputeSchema, c);
  const found = await purchaseFor(tx, c, d.payment_intent);
  if (!found) return unknownPayment(`dispute ${d.id}`);
  const p = found.data;
  if (!WON.has(d.status))
    return settled(p, p.owner_id, `dispute ${d.id} closed ${d.status}: its credits stay taken back`);
  const taken = await tx.get(c.db.collection(creditLedger).doc(billingLedgerIds.disputeTakeBack(d.id)));
  const amount = taken ? -taken.data.delta : 0;
  if (amount <= 0) return settled(p, p.owner_id, `dispute ${d.id} closed ${d.status}: nothing had been taken back`);
  const credit = await prepareCredit(tx, {
    db: c.db,
    uid: p.owner_id,
    amount,
    reason: "adjustment",
    entryId: billingLedgerIds.disputeGiveBack(d.id),
    note: `Dispute ${d.id} closed in our favour (${d.status}): the credit pack's credits are back`,
    now: c.now,
  });
  if (!credit.fresh) return settled(p, p.owner_id, `dispute ${d.id} already given back`);
  return {
    outcome: "applied",
    ownerId: p.owner_id,
    summary: `+${amount} credits: dispute ${d.id} ${d.status}`,
    stage: () => {
      credit.stage();
      tx.update(found.ref, {
        disputed_credits: Math.max(0, p.disputed_credits - amount),
        updated_at: c.now.toISOString(),
      });
    },
  };
}
