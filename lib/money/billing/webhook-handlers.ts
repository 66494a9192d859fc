/**
 * What each Stripe event does, as a read phase that returns a staged write
 * phase (the caller's transaction also records the event id, so an event is
 * applied at most once). Plan state follows subscription events, ordered by
 * the event's `created` so a late, older event changes nothing; credits
 * follow paid invoices (monthly grants) and paid Checkout sessions (packs),
 * and go back with a pack's refunds and disputes (pack-reversals.ts).
 */
import { users } from "@/lib/platform/db/collections";
import type { Transaction } from "@/lib/platform/db/transaction";
import { emptyAccount, isLive } from "./account";
import { billingAccounts, billingCheckouts, billingCustomers, type BillingAccountDoc } from "./collections";
import { itemForPrice } from "./config";
import { paidPeriod, preparePeriodGrant } from "./grants";
import { billingLedgerIds, prepareCredit } from "./ledger";
import { onChargeRefunded, onDisputeClosed, onDisputeCreated, preparePurchaseRecord } from "./pack-reversals";
import {
  CREDIT_PACK_IDS,
  CREDIT_PACKS,
  PLANS,
  planRank,
  type CreditPackId,
  type PaidPlanId,
  type PlanId,
} from "./plans";
import { checkoutSessionSchema, fromUnix, invoiceSchema, subscriptionSchema } from "./stripe-events";
import { ignored, nothing, parse, type EventContext, type Handled, type Handler } from "./webhook-kit";
import { DOC_ID } from "@/lib/platform/db/ids";

export type { EventContext, Handled } from "./webhook-kit";

export const HANDLERS: Readonly<Record<string, Handler>> = {
  "checkout.session.completed": onCheckoutSession,
  "checkout.session.async_payment_succeeded": onCheckoutSession,
  "customer.subscription.created": onSubscription,
  "customer.subscription.updated": onSubscription,
  "customer.subscription.deleted": onSubscription,
  "invoice.paid": onInvoicePaid,
  "charge.refunded": onChargeRefunded,
  "charge.dispute.created": onDisputeCreated,
  "charge.dispute.closed": onDisputeClosed,
};

async function onCheckoutSession(tx: Transaction, c: EventContext): Promise<Handled> {
  const s = parse(checkoutSessionSchema, c);
  const owner = await resolveOwner(tx, c, s.customer ?? null, s.client_reference_id ?? s.metadata.uid ?? null);
  if (!owner) return unknownCustomer(s.customer ?? null);
  // Our record of the session, so the screen the user returns to can tell it went through.
  const ours = (await tx.get(c.db.collection(billingCheckouts).where("session_id", "==", s.id).limit(1)))[0];
  const markDone =
    ours && ours.data.owner_id === owner.uid && !ours.data.completed_at && s.payment_status !== "unpaid"
      ? () => tx.update(c.db.collection(billingCheckouts).doc(ours.id), { completed_at: c.now.toISOString() })
      : nothing;

  if (s.mode === "payment") {
    const item = s.metadata.item;
    const pack =
      item && (CREDIT_PACK_IDS as readonly string[]).includes(item) ? CREDIT_PACKS[item as CreditPackId] : null;
    if (!pack)
      return ignored(
        "ignored_unknown_price",
        owner.uid,
        `checkout ${s.id} bought "${item ?? "?"}", which is no credit pack`,
        owner.stage,
      );
    if (s.payment_status !== "paid") {
      return ignored(
        "ignored_unpaid",
        owner.uid,
        `checkout ${s.id} is ${s.payment_status}; credits follow when the payment succeeds`,
        owner.stage,
      );
    }
    const credit = await prepareCredit(tx, {
      db: c.db,
      uid: owner.uid,
      amount: pack.credits,
      reason: "purchase",
      entryId: billingLedgerIds.purchase(s.id),
      note: `Bought ${pack.name} (Stripe Checkout ${s.id})`,
      now: c.now,
    });
    // What a refund or dispute of this payment takes back from (they name the payment intent, not the session).
    const record = s.payment_intent
      ? await preparePurchaseRecord(tx, c, {
          uid: owner.uid,
          paymentIntent: s.payment_intent,
          sessionId: s.id,
          item: item!,
          credits: pack.credits,
          amount: s.amount_total ?? pack.priceCents,
          currency: s.currency ?? "usd",
        })
      : nothing;
    return {
      outcome: "applied",
      ownerId: owner.uid,
      summary: credit.fresh ? `+${pack.credits} credits (${pack.name})` : `${pack.name} already granted for ${s.id}`,
      stage: () => {
        owner.stage();
        credit.stage();
        record();
        markDone();
      },
    };
  }

  // Subscriptions: the plan and its credits follow the subscription and invoice events; here only the link.
  return {
    outcome: "applied",
    ownerId: owner.uid,
    summary: `checkout ${s.id} completed (${s.mode})`,
    stage: () => {
      owner.stage();
      markDone();
    },
  };
}

async function onSubscription(tx: Transaction, c: EventContext): Promise<Handled> {
  const sub = parse(subscriptionSchema, c);
  const owner = await resolveOwner(tx, c, sub.customer, sub.metadata.uid ?? null);
  if (!owner) return unknownCustomer(sub.customer);
  const accountRef = c.db.collection(billingAccounts).doc(owner.uid);
  const account = (await tx.get(accountRef))?.data ?? null;

  if (account?.state_event_at && c.eventAt < new Date(account.state_event_at)) {
    return ignored(
      "ignored_stale",
      owner.uid,
      `${c.eventType} for ${sub.id} is older than the state already applied`,
      owner.stage,
    );
  }
  if (account?.subscription_id && account.subscription_id !== sub.id && isLive(account.subscription_status)) {
    // A second subscription while one is live (e.g. the end of an old one arriving late): the live one wins.
    return ignored(
      "ignored_stale",
      owner.uid,
      `${c.eventType} for ${sub.id} while ${account.subscription_id} is live`,
      owner.stage,
    );
  }

  const item = sub.items.data[0]!;
  const priced = itemForPrice(c.config, item.price.id);
  const plan: PaidPlanId | null = priced === "pro" || priced === "team" ? priced : null;
  const live = c.eventType !== "customer.subscription.deleted" && isLive(sub.status);
  if (live && !plan) {
    return ignored(
      "ignored_unknown_price",
      owner.uid,
      `${sub.id} is on price ${item.price.id}, which is no plan here`,
      owner.stage,
    );
  }
  const newPlan: PlanId = live && plan ? plan : "free";
  const period = paidPeriod(sub.id, fromUnix(item.current_period_start), fromUnix(item.current_period_end));
  // An upgrade inside a period an invoice already paid tops the grant up to the new plan.
  const grant =
    live && plan
      ? await preparePeriodGrant(tx, { db: c.db, uid: owner.uid, plan, period, now: c.now, requirePaid: true })
      : null;
  const user = (await tx.get(c.db.collection(users).doc(owner.uid)))?.data;
  if (!user) return unknownCustomer(sub.customer);

  const at = c.now.toISOString();
  const next: BillingAccountDoc = {
    ...(account ?? emptyAccount(owner.uid, at)),
    stripe_customer_id: account?.stripe_customer_id ?? sub.customer,
    subscription_id: sub.id,
    subscription_item_id: item.id,
    subscription_status: c.eventType === "customer.subscription.deleted" ? "canceled" : sub.status,
    price_id: item.price.id,
    plan: newPlan,
    current_period_start: period.start.toISOString(),
    current_period_end: period.end.toISOString(),
    cancel_at_period_end: sub.cancel_at_period_end || Boolean(sub.cancel_at),
    state_event_at: c.eventAt.toISOString(),
    updated_at: at,
  };
  const parts = [user.plan === newPlan ? `plan ${newPlan}` : `plan ${user.plan} → ${newPlan}`, `${sub.status}`];
  if (grant?.amount) parts.push(`+${grant.amount} credits`);
  return {
    outcome: "applied",
    ownerId: owner.uid,
    summary: parts.join(", "),
    stage: () => {
      owner.stage();
      tx.set(accountRef, next);
      grant?.stage();
      if (user.plan !== newPlan) tx.update(c.db.collection(users).doc(owner.uid), { plan: newPlan });
    },
  };
}

async function onInvoicePaid(tx: Transaction, c: EventContext): Promise<Handled> {
  const inv = parse(invoiceSchema, c);
  const details = inv.parent?.subscription_details;
  if (!details) return ignored("ignored_type", null, `invoice ${inv.id} is not for a subscription`, nothing);
  const owner = await resolveOwner(tx, c, inv.customer ?? null, details.metadata.uid ?? null);
  if (!owner) return unknownCustomer(inv.customer ?? null);

  // The plan this invoice pays for: the dearest plan price among its charged lines (a proration credit line is negative).
  let best: { plan: PaidPlanId; start: number; end: number } | null = null;
  for (const line of inv.lines.data) {
    const price = line.pricing?.price_details?.price;
    const item = price ? itemForPrice(c.config, price) : null;
    if (line.amount < 0 || (item !== "pro" && item !== "team")) continue;
    if (!best || planRank(item) > planRank(best.plan))
      best = { plan: item, start: line.period.start, end: line.period.end };
  }
  if (!best) return ignored("ignored_unknown_price", owner.uid, `invoice ${inv.id} charges no plan price`, owner.stage);

  const period = paidPeriod(details.subscription, fromUnix(best.start), fromUnix(best.end));
  const grant = await preparePeriodGrant(tx, { db: c.db, uid: owner.uid, plan: best.plan, period, now: c.now });
  const accountRef = c.db.collection(billingAccounts).doc(owner.uid);
  const account = (await tx.get(accountRef))?.data ?? null;
  const user = (await tx.get(c.db.collection(users).doc(owner.uid)))?.data;
  if (!user) return unknownCustomer(inv.customer ?? null);
  // Paid before any subscription event arrived (Stripe does not order deliveries): the invoice is proof enough of the plan.
  const firstState = !account?.state_event_at;
  const at = c.now.toISOString();
  const summary = [`${PLANS[best.plan].name} period ending ${period.end.toISOString().slice(0, 10)} paid`];
  if (grant.amount) summary.push(`+${grant.amount} credits`);
  return {
    outcome: "applied",
    ownerId: owner.uid,
    summary: summary.join(", "),
    stage: () => {
      owner.stage();
      if (firstState) {
        tx.set(accountRef, {
          ...(account ?? emptyAccount(owner.uid, at)),
          stripe_customer_id: account?.stripe_customer_id ?? inv.customer ?? null,
          subscription_id: details.subscription,
          subscription_status: "active",
          plan: best.plan,
          current_period_start: period.start.toISOString(),
          current_period_end: period.end.toISOString(),
          state_event_at: c.eventAt.toISOString(),
          updated_at: at,
        });
        if (user.plan !== best.plan) tx.update(c.db.collection(users).doc(owner.uid), { plan: best.plan });
      }
      grant.stage();
    },
  };
}

/**
 * Whose event this is: the user linked to the Stripe customer; failing that,
 * the uid our own server put on the session or subscription (`client_reference_id`,
 * `metadata.uid`) when that account exists, which also links the customer.
 */
async function resolveOwner(
  tx: Transaction,
  c: EventContext,
  customerId: string | null,
  hintUid: string | null,
): Promise<{ uid: string; stage: () => void } | null> {
  const customerRef =
    customerId && /^cus_[A-Za-z0-9_]{1,124}$/.test(customerId)
      ? c.db.collection(billingCustomers).doc(customerId)
      : null;
  const linked = customerRef ? await tx.get(customerRef) : null;
  if (linked) return { uid: linked.data.owner_id, stage: nothing };
  if (!hintUid || !DOC_ID.test(hintUid)) return null;
  const user = await tx.get(c.db.collection(users).doc(hintUid));
  if (!user) return null;
  const accountRef = c.db.collection(billingAccounts).doc(hintUid);
  const account = (await tx.get(accountRef))?.data ?? null;
  const at = c.now.toISOString();
  return {
    uid: hintUid,
    stage: () => {
      if (!customerRef || !customerId) return;
      tx.set(customerRef, { owner_id: hintUid, created_at: at });
      if (!account?.stripe_customer_id)
        tx.set(accountRef, {
          ...(account ?? emptyAccount(hintUid, at)),
          stripe_customer_id: customerId,
          updated_at: at,
        });
    },
  };
}

function unknownCustomer(customerId: string | null): Handled {
  return {
    outcome: "ignored_unknown_customer",
    ownerId: null,
    summary: `customer ${customerId ?? "(none)"} belongs to no account here`,
    stage: nothing,
  };
}
