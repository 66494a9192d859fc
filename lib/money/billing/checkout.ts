import "server-only";
/**
 * Stripe Checkout for the signed-in user: a subscription to a paid plan, or
 * a one-off credit pack. One Stripe customer per user (created once, its id
 * kept in billing_accounts). A double click sends the same request id twice:
 * the first session is reused, and Stripe's own idempotency key covers the
 * two requests racing each other.
 */
import type Stripe from "stripe";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import { billingAccounts, billingCheckouts, billingCustomers, type BillingAccountDoc } from "./collections";
import { priceFor, type BillingConfig } from "./config";
import { billingId } from "./ledger";
import { CREDIT_PACKS, PLANS, type CreditPackId, type PaidPlanId } from "./plans";
import { fromStripeError, notConfigured, stripeClient } from "./stripe-client";
import { emptyAccount, isLive } from "./account";

export type CheckoutItem = PaidPlanId | CreditPackId;
export const CHECKOUT_ITEMS = ["pro", "team", "credits_500"] as const satisfies readonly CheckoutItem[];

export interface CheckoutResult {
  url: string;
  sessionId: string;
  /** True when this request id already had a session: the same one is returned. */
  reused: boolean;
}

/** Reads the item name from a request: a clear 422 for anything that is not for sale. */
export function checkoutItem(value: string): CheckoutItem {
  if ((CHECKOUT_ITEMS as readonly string[]).includes(value)) return value as CheckoutItem;
  const message =
    value === "free"
      ? "The Free plan needs no checkout. To leave a paid plan, cancel it from Manage billing."
      : `There is no plan or credit pack called "${value.slice(0, 40)}". Choose Pro, Team or the 500-credit pack.`;
  throw new ApiError("unprocessable_entity", message, { issues: [{ path: "item", message: "unknown plan or pack" }] });
}

export function itemName(item: CheckoutItem): string {
  return item === "credits_500" ? CREDIT_PACKS.credits_500.name : `the ${PLANS[item].name} plan`;
}

export async function createCheckout(a: {
  db: Db;
  config: BillingConfig;
  user: { uid: string; email: string | null };
  item: CheckoutItem;
  requestId: string;
  origin: string;
  now?: Date;
}): Promise<CheckoutResult> {
  if (!a.config.stripe) throw notConfigured();
  const price = priceFor(a.config, a.item);
  if (!price) {
    throw new ApiError(
      "service_unavailable",
      `${capitalise(itemName(a.item))} is not for sale on this server yet (its Stripe price is not configured).`,
    );
  }
  const now = a.now ?? new Date();
  const account = (await a.db.collection(billingAccounts).doc(a.user.uid).get())?.data ?? null;
  const isPlan = a.item !== "credits_500";
  if (isPlan && account && isLive(account.subscription_status)) {
    const current = PLANS[account.plan].name;
    throw new ApiError(
      "conflict",
      account.plan === a.item
        ? `You are already on the ${current} plan.`
        : `You already have a ${current} subscription. Use “Switch to ${PLANS[a.item as PaidPlanId].name}” to change it: one subscription, prorated.`,
    );
  }

  const checkoutRef = a.db.collection(billingCheckouts).doc(billingId("co", `${a.user.uid}_${a.item}_${a.requestId}`));
  const earlier = await checkoutRef.get();
  if (earlier) return { url: earlier.data.url, sessionId: earlier.data.session_id, reused: true };

  const stripe = stripeClient(a.config);
  const customer = await ensureCustomer({ db: a.db, stripe, uid: a.user.uid, email: a.user.email, account, now });
  const returnTo = `${a.config.appBaseUrl ?? a.origin}/subscription`;
  const metadata = { uid: a.user.uid, item: a.item };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: isPlan ? "subscription" : "payment",
        customer,
        client_reference_id: a.user.uid,
        line_items: [{ price, quantity: 1 }],
        success_url: `${returnTo}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${returnTo}?checkout=cancelled`,
        metadata,
        ...(isPlan ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      },
      { idempotencyKey: `pf-checkout-${a.user.uid}-${a.item}-${a.requestId}` },
    );
  } catch (error) {
    fromStripeError(error, "a Checkout session");
  }
  if (!session.url)
    throw new ApiError("service_unavailable", "Stripe did not return a checkout page. Nothing was charged; try again.");

  const url = session.url;
  await a.db.runTransaction(async (tx) => {
    if (await tx.get(checkoutRef)) return;
    tx.create(checkoutRef, {
      owner_id: a.user.uid,
      item: a.item,
      session_id: session.id,
      url,
      completed_at: null,
      created_at: now.toISOString(),
    });
  });
  return { url, sessionId: session.id, reused: false };
}

/** The user's Stripe customer id, creating the customer once (concurrent callers share it through Stripe's idempotency key). */
export async function ensureCustomer(a: {
  db: Db;
  stripe: Stripe;
  uid: string;
  email: string | null;
  account: BillingAccountDoc | null;
  now: Date;
}): Promise<string> {
  if (a.account?.stripe_customer_id) return a.account.stripe_customer_id;
  let created: Stripe.Customer;
  try {
    created = await a.stripe.customers.create(
      { ...(a.email ? { email: a.email } : {}), metadata: { uid: a.uid } },
      { idempotencyKey: `pf-customer-${a.uid}` },
    );
  } catch (error) {
    fromStripeError(error, "creating the customer");
  }
  const at = a.now.toISOString();
  return a.db.runTransaction(async (tx) => {
    const accountRef = a.db.collection(billingAccounts).doc(a.uid);
    const customerRef = a.db.collection(billingCustomers).doc(created.id);
    const [account, link] = [(await tx.get(accountRef))?.data ?? null, await tx.get(customerRef)];
    if (account?.stripe_customer_id) return account.stripe_customer_id;
    tx.set(accountRef, { ...(account ?? emptyAccount(a.uid, at)), stripe_customer_id: created.id, updated_at: at });
    if (!link) tx.create(customerRef, { owner_id: a.uid, created_at: at });
    return created.id;
  });
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
