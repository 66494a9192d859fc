/**
 * What the data dashboard may not change, and why: money and history have
 * their own doors. The credit ledger and the billing records follow their
 * own rules (credits move through the staff grant action with a reason and a
 * daily cap; billing follows Stripe's webhook), and the update log is
 * append-only; a profile's balance and plan are locked fields on an
 * otherwise editable document. The service refuses these writes server-side
 * (403 for a collection, 422 for a field); the screens show the same reasons.
 * Browser-safe.
 */

/** Where credits are changed instead: the staff panel on the subscription screen. */
export const GRANT_ACTION = "grant credits on /subscription (the staff panel)";

const BILLING =
  "Billing records follow Stripe: change a subscription or payment in Stripe (its dashboard, or the customer's billing portal) and the webhook records it here. " +
  `To give someone credits, ${GRANT_ACTION}.`;

/** Collections shown but never written here, with the reason and where to go instead. */
export const READ_ONLY_COLLECTIONS: Readonly<Record<string, string>> = {
  update_log: "The update log is append-only: entries are never edited or deleted.",
  credit_ledger: `The credit ledger records every credit movement and is never edited here: a balance is the sum of its entries. To change one, ${GRANT_ACTION}: it adds an entry with your reason, within your daily cap.`,
  billing_accounts: BILLING,
  billing_customers: BILLING,
  billing_events: `Stripe events are the webhook's record of what it applied (editing one would apply it again or hide it). ${BILLING}`,
  billing_grants: `Grant markers make each billing period's credits happen once (editing one would grant them again). ${BILLING}`,
  billing_checkouts: BILLING,
  billing_purchases: `Credit-pack purchases are what refunds and disputes take credits back from. ${BILLING}`,
  revoked_sessions:
    "Revoked sessions are signed-out session cookies kept until they expire: deleting one would let a stolen copy of that cookie sign in again. They go by themselves at expiry.",
  signup_grants:
    "Sign-up grants record which email addresses already had a new account's free credits: deleting one would let that address collect them again.",
};

export interface LockedField {
  path: string;
  reason: string;
}

interface FieldLock extends LockedField {
  /** The only value a document created here may hold (what a sign-up starts with). */
  initial: unknown;
}

/** Fields of editable collections that keep their stored value whatever the edit says. */
const LOCKED_FIELDS: Readonly<Record<string, readonly FieldLock[]>> = {
  users: [
    {
      path: "credits",
      reason: `Credits change only through the grant action, with a reason and within a daily cap, recorded in the ledger: ${GRANT_ACTION}.`,
      initial: 0,
    },
    {
      path: "plan",
      reason:
        "The plan follows the Stripe subscription: change it in Stripe (its dashboard, or the customer's billing portal) and the webhook updates it here.",
      initial: "free",
    },
  ],
};

export function readOnlyReasonOf(collection: string): string | null {
  return READ_ONLY_COLLECTIONS[collection] ?? null;
}

export function lockedFieldsOf(collection: string): LockedField[] {
  return (LOCKED_FIELDS[collection] ?? []).map(({ path, reason }) => ({ path, reason }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The locked fields `next` would change: against the stored document on an
 * edit, against what a new account starts with on a create.
 */
export function lockedChanges(
  collection: string,
  next: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): LockedField[] {
  return (LOCKED_FIELDS[collection] ?? [])
    .filter((f) => !same(next[f.path], stored ? stored[f.path] : f.initial))
    .map(({ path, reason }) => ({ path, reason }));
}
