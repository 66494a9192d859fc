/**
 * Billing's own collections, registered in lib/platform/db/collections.ts through
 * `billingCollections`. Stripe state lives here, keyed by uid, so the `users`
 * profile keeps only what every screen needs (`plan`, `credits`).
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);
const stripeId = z.string().regex(/^[A-Za-z0-9_]{3,255}$/);
const planId = z.enum(["free", "pro", "team"]);

/** Where staff change credits instead of editing documents: the staff panel on the subscription screen. */
export const GRANT_ACTION = "grant credits on /subscription (the staff panel)";
const BILLING_READ_ONLY =
  "Billing records follow Stripe: change a subscription or payment in Stripe (its dashboard, or the customer's billing portal) and the webhook records it here. " +
  `To give someone credits, ${GRANT_ACTION}.`;

/** One per user who ever touched billing; id = uid. */
export const billingAccounts = defineCollection({
  name: "billing_accounts",
  schema: z.object({
    owner_id: uid,
    /** One Stripe customer per user, created on the first checkout or portal visit. */
    stripe_customer_id: stripeId.nullable(),
    subscription_id: stripeId.nullable(),
    subscription_item_id: stripeId.nullable(),
    /** Stripe's subscription status (active, past_due, canceled, ...), null without a subscription. */
    subscription_status: z.string().max(40).nullable(),
    price_id: z.string().max(255).nullable(),
    /** The plan the subscription pays for; users.plan follows it while the subscription is live. */
    plan: planId,
    current_period_start: isoTimestamp().nullable(),
    current_period_end: isoTimestamp().nullable(),
    cancel_at_period_end: z.boolean(),
    /** `created` of the newest Stripe event applied to this state: older events arriving late change nothing. */
    state_event_at: isoTimestamp().nullable(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  id: { pattern: DOC_ID, auto: false, description: "a Firebase uid" },
  timestamps: ["current_period_start", "current_period_end", "state_event_at", "created_at", "updated_at"],
  edit: { readOnly: BILLING_READ_ONLY },
});

/** Reverse lookup for webhooks: id = Stripe customer id, read inside the event's transaction. */
export const billingCustomers = defineCollection({
  name: "billing_customers",
  schema: z.object({
    owner_id: uid,
    created_at: isoTimestamp(),
  }),
  id: { pattern: /^cus_[A-Za-z0-9_]{1,124}$/, auto: false, description: "a Stripe customer id" },
  timestamps: ["created_at"],
  edit: { readOnly: BILLING_READ_ONLY },
});

export const BILLING_EVENT_OUTCOMES = [
  "applied",
  "ignored_unknown_customer",
  "ignored_unknown_price",
  "ignored_stale",
  "ignored_type",
  "ignored_unpaid",
  /** A refund or dispute of a payment that bought no credit pack here (a subscription invoice, say). */
  "ignored_unknown_payment",
] as const;

/** Every Stripe event processed, id = event id: the webhook's idempotency record and audit trail. */
export const billingEvents = defineCollection({
  name: "billing_events",
  schema: z.object({
    type: z.string().max(100),
    owner_id: uid.nullable(),
    outcome: z.enum(BILLING_EVENT_OUTCOMES),
    /** What changed, for people reading the trail ("plan pro → team, +8000 credits"). */
    summary: z.string().max(500),
    livemode: z.boolean(),
    event_created_at: isoTimestamp(),
    processed_at: isoTimestamp(),
  }),
  id: { pattern: DOC_ID, auto: false, description: "a Stripe event id" },
  timestamps: ["event_created_at", "processed_at"],
  edit: {
    readOnly: `Stripe events are the webhook's record of what it applied (editing one would apply it again or hide it). ${BILLING_READ_ONLY}`,
  },
});

/**
 * One per (user, billing period): the marker that makes a period's grant
 * happen once whoever processes it, and remembers how much was granted so
 * an upgrade within the period adds only the difference.
 */
export const billingGrants = defineCollection({
  name: "billing_grants",
  schema: z.object({
    owner_id: uid,
    /** `free-2026-11` for the free plan's calendar month, `<subscription>-<period end>` for a paid period. */
    period_key: z.string().min(1).max(300),
    plan: planId,
    /** Credits this period has granted so far. */
    credits: z.number().int().min(0),
    period_start: isoTimestamp(),
    period_end: isoTimestamp(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["period_start", "period_end", "created_at", "updated_at"],
  edit: {
    readOnly: `Grant markers make each billing period's credits happen once (editing one would grant them again). ${BILLING_READ_ONLY}`,
  },
});

/** Checkout sessions we created, id = derived from (uid, the browser's request id): a double click reuses the first. */
export const billingCheckouts = defineCollection({
  name: "billing_checkouts",
  schema: z.object({
    owner_id: uid,
    item: z.enum(["pro", "team", "credits_500"]),
    session_id: z.string().min(1).max(255),
    url: z.string().url().max(4096),
    /** When Stripe's checkout.session.completed (paid) was applied; the screen waits for it after the redirect. */
    completed_at: isoTimestamp().nullable().default(null),
    created_at: isoTimestamp(),
  }),
  timestamps: ["completed_at", "created_at"],
  edit: { readOnly: BILLING_READ_ONLY },
});

/**
 * A credit pack paid through Checkout, id = `billingId("pack", payment intent)`:
 * what a refund or dispute of that payment (which names only the charge's
 * payment intent) takes credits back from, and how many it already took.
 */
export const billingPurchases = defineCollection({
  name: "billing_purchases",
  schema: z.object({
    owner_id: uid,
    payment_intent: z.string().min(1).max(255),
    session_id: z.string().min(1).max(255),
    item: z.string().max(40),
    /** Credits the pack added. */
    credits: z.number().int().min(1),
    /** What was paid, in the currency's smallest unit (refunds and disputes are a share of it). */
    amount: z.number().int().min(0),
    currency: z.string().max(10),
    /** Credits taken back for refunds so far (follows the charge's `amount_refunded`). */
    refunded_credits: z.number().int().min(0),
    /** Credits taken back for disputes still open or lost (a dispute won gives its share back). */
    disputed_credits: z.number().int().min(0),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  edit: {
    readOnly: `Credit-pack purchases are what refunds and disputes take credits back from. ${BILLING_READ_ONLY}`,
  },
});

/**
 * One per verified email that has received a new account's free credits,
 * id = a hash of the normalised address (lib/money/billing/grants.ts
 * `signupGrantId`), never the address itself. Kept when the account is
 * deleted: that is what stops a deleted-and-recreated or second account with
 * the same address from getting the credits again.
 */
export const signupGrants = defineCollection({
  name: "signup_grants",
  schema: z.object({
    /** The account that holds the address's free allowance (a later account takes it over once this one is deleted). */
    owner_id: uid,
    /** Credits the sign-up grant gave (0 for an account that predates the rule and was recorded later). */
    credits: z.number().int().min(0),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  id: { pattern: /^e-[0-9a-f]{64}$/, auto: false, description: "e- and the SHA-256 of a normalised email" },
  timestamps: ["created_at", "updated_at"],
  edit: {
    readOnly:
      "Sign-up grants record which email addresses already had a new account's free credits: deleting one would let that address collect them again.",
  },
});

export const billingCollections: readonly AnyCollectionDef[] = [
  billingAccounts,
  billingCustomers,
  billingEvents,
  billingGrants,
  billingCheckouts,
  billingPurchases,
  signupGrants,
];

export type BillingAccountDoc = DocOf<typeof billingAccounts>;
export type BillingEventDoc = DocOf<typeof billingEvents>;
export type BillingGrantDoc = DocOf<typeof billingGrants>;
export type BillingCheckoutDoc = DocOf<typeof billingCheckouts>;
export type BillingPurchaseDoc = DocOf<typeof billingPurchases>;
export type SignupGrantDoc = DocOf<typeof signupGrants>;
