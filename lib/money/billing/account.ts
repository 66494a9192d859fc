/** A user's billing state (billing_accounts, id = uid) and the rules read from it. */
import type { BillingAccountDoc } from "./collections";

/** Stripe still considers these subscriptions paid for (past_due: it is retrying the card). */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

export function isLive(status: string | null | undefined): boolean {
  return Boolean(status && LIVE_STATUSES.has(status));
}

export function emptyAccount(uid: string, at: string): BillingAccountDoc {
  return {
    owner_id: uid,
    stripe_customer_id: null,
    subscription_id: null,
    subscription_item_id: null,
    subscription_status: null,
    price_id: null,
    plan: "free",
    current_period_start: null,
    current_period_end: null,
    cancel_at_period_end: false,
    state_event_at: null,
    created_at: at,
    updated_at: at,
  };
}
