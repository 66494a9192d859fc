/**
 * Free and monthly credits. A new account's free credits go to one account
 * per verified email (below: `prepareSignupGrant`). A paid plan grants its
 * monthly credits once per Stripe billing period (from `invoice.paid`; an
 * upgrade within a paid period adds the difference). The free plan tops the
 * balance up to its allowance once per calendar month after the sign-up month
 * (the sign-up allowance covers that one), for the account holding its
 * email's allowance. A marker document per (user, period), read and written
 * in the same transaction as the ledger entry, makes each grant happen once
 * however many processes try at the same moment.
 */
import { createHash } from "node:crypto";
import { domainToASCII } from "node:url";
import { billingGrants, signupGrants, type BillingGrantDoc } from "./collections";
import { billingId, prepareCredit, readUser } from "./ledger";
import { PLANS, planRank, type PlanId } from "./plans";
import { users, type UserDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";

export interface Period {
  key: string;
  start: Date;
  end: Date;
}

/** The free plan's period: the calendar month (UTC) holding `now`. */
export function freePeriod(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { key: `free-${start.toISOString().slice(0, 7)}`, start, end };
}

/**
 * A paid period, keyed by its END: a proration line after a mid-period upgrade
 * starts at the upgrade but ends with the period, so both map to one key.
 */
export function paidPeriod(subscriptionId: string, start: Date, end: Date): Period {
  return { key: `${subscriptionId}-${Math.floor(end.getTime() / 1000)}`, start, end };
}

export function grantMarkerId(uid: string, periodKey: string): string {
  return billingId("period", `${uid}_${periodKey}`);
}

export async function readGrantMarker(db: Db, uid: string, periodKey: string): Promise<BillingGrantDoc | null> {
  return (await db.collection(billingGrants).doc(grantMarkerId(uid, periodKey)).get())?.data ?? null;
}

export interface StagedGrant {
  /** Credits this staging adds (0 = nothing to do). */
  amount: number;
  stage(): void;
}

const NOTHING: StagedGrant = { amount: 0, stage: () => undefined };

/**
 * A paid period's grant at `plan`: the plan's monthly credits minus what the
 * period already granted. `requirePaid` (subscription updates) only tops up a
 * period an invoice has already paid, so an upgrade never grants an unpaid period.
 */
export async function preparePeriodGrant(
  tx: Transaction,
  a: { db: Db; uid: string; plan: PlanId; period: Period; now: Date; requirePaid?: boolean },
): Promise<StagedGrant> {
  if (a.plan === "free") return NOTHING;
  const markerRef = a.db.collection(billingGrants).doc(grantMarkerId(a.uid, a.period.key));
  const marker = (await tx.get(markerRef))?.data ?? null;
  if (a.requirePaid && !marker) return NOTHING;
  if (marker && planRank(a.plan) <= planRank(marker.plan)) return NOTHING;
  const already = marker?.credits ?? 0;
  const amount = PLANS[a.plan].monthlyCredits - already;
  if (amount <= 0) return NOTHING;
  const name = PLANS[a.plan].name;
  const note = marker
    ? `${name} plan: upgrade within the period ending ${day(a.period.end)}, ${amount} more credits`
    : `${name} plan: ${amount} monthly credits for the period ending ${day(a.period.end)}`;
  const credit = await prepareCredit(tx, {
    db: a.db,
    uid: a.uid,
    amount,
    reason: "grant",
    entryId: billingId("grant", `${a.uid}_${a.period.key}_${a.plan}`),
    note,
    now: a.now,
  });
  return {
    amount: credit.fresh ? amount : 0,
    stage: () => {
      const at = a.now.toISOString();
      tx.set(markerRef, {
        owner_id: a.uid,
        period_key: a.period.key,
        plan: a.plan,
        credits: already + amount,
        period_start: (marker?.period_start ? new Date(marker.period_start) : a.period.start).toISOString(),
        period_end: a.period.end.toISOString(),
        created_at: marker?.created_at ?? at,
        updated_at: at,
      });
      credit.stage();
    },
  };
}

/**
 * The free plan's monthly top-up, staged in `tx` (nothing on paid plans, in
 * the sign-up month, or for an account whose email has not been verified or
 * already had its free credits on another account: see prepareSignupGrant).
 */
export async function prepareFreeRefresh(tx: Transaction, a: { db: Db; uid: string; now: Date }): Promise<StagedGrant> {
  const user = await readUser(tx, a.db, a.uid);
  if (user.plan !== "free") return NOTHING;
  if (user.signup_credits === "pending" || user.signup_credits === "refused") return NOTHING;
  const period = freePeriod(a.now);
  if (new Date(user.created_at) >= period.start) return NOTHING;
  const markerRef = a.db.collection(billingGrants).doc(grantMarkerId(a.uid, period.key));
  if (await tx.get(markerRef)) return NOTHING;
  const allowance = PLANS.free.monthlyCredits;
  // From zero when below it (a refunded pack's credits were spent): the top-up is the allowance at most, never a debt paid off.
  const amount = Math.max(0, allowance - Math.max(0, user.credits));
  const credit =
    amount > 0
      ? await prepareCredit(tx, {
          db: a.db,
          uid: a.uid,
          amount,
          reason: "grant",
          entryId: billingId("grant", `${a.uid}_${period.key}_free`),
          note: `Free plan: monthly top-up to ${allowance} credits (${period.key.slice(5)})`,
          now: a.now,
        })
      : null;
  return {
    amount,
    stage: () => {
      const at = a.now.toISOString();
      tx.create(markerRef, {
        owner_id: a.uid,
        period_key: period.key,
        plan: "free",
        credits: amount,
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        created_at: at,
        updated_at: at,
      });
      credit?.stage();
    },
  };
}

/**
 * Makes this month's free top-up if it is due; safe to call from anywhere and
 * from many processes at once. Returns the credits added (0 when none were due).
 */
export async function ensureMonthlyGrant(a: { db: Db; uid: string; now?: Date }): Promise<{ granted: number }> {
  const now = a.now ?? new Date();
  return a.db.runTransaction(async (tx) => {
    const staged = await prepareFreeRefresh(tx, { db: a.db, uid: a.uid, now });
    staged.stage();
    return { granted: staged.amount };
  });
}

// ---------------------------------------------------------------- a new account's free credits

/**
 * One mailbox, one spelling: lowercase, the domain in ASCII (IDN), a "+tag"
 * dropped (Gmail, Outlook, iCloud, Fastmail and others deliver a+x@ to a@),
 * and for Gmail the dots of the local part dropped and googlemail.com read
 * as gmail.com (Gmail ignores both).
 */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let end = trimmed.length;
  while (end > at + 1 && trimmed[end - 1] === ".") end--;
  let domain = trimmed.slice(at + 1, end);
  domain = domainToASCII(domain) || domain;
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** The signup_grants id of an address: a hash, so the record holds no email. */
export function signupGrantId(email: string): string {
  return `e-${createHash("sha256")
    .update(`promptframe/signup-grant/${normaliseEmail(email)}`)
    .digest("hex")}`;
}

export const signupLedgerId = (uid: string) => billingId("signup", uid);

export type SignupCreditState = NonNullable<UserDoc["signup_credits"]>;

export interface StagedSignupGrant {
  /** The state to store on the profile (undefined: leave an older account's as it is). */
  state: SignupCreditState | undefined;
  /** Credits a profile created now starts with. */
  startingCredits: number;
  /**
   * Stages the writes; call it after the profile's own write (a grant to an
   * existing account adds to its balance through the ledger). Returns the
   * balance when it changed it.
   */
  stage(): number | undefined;
}

/**
 * A new account's free credits, decided at login inside the login
 * transaction: one grant per verified email, recorded under the hash of the
 * normalised address so a second account with the same mailbox (another
 * spelling, or the same address after deleting the first account) gets none.
 *
 * - Verified and the address never had them: granted (a new profile starts
 *   with `amount`; an account created while unverified gets them through the
 *   ledger at its first sign-in after verifying).
 * - Not verified yet: pending, 0 credits (anyone can sign up with any address
 *   they cannot read, so an unverified address proves nothing).
 * - The address already had them: refused, 0 credits; unless the account
 *   that had them no longer exists, then this one takes over the address's
 *   free allowance (monthly top-ups) without a second sign-up grant.
 * - Accounts made before this rule (no state): nothing changes, but their
 *   verified address is recorded so it cannot be used again.
 */
export async function prepareSignupGrant(
  tx: Transaction,
  a: {
    db: Db;
    uid: string;
    email: string | null;
    emailVerified: boolean;
    existing: UserDoc | null;
    amount: number;
    now: Date;
  },
): Promise<StagedSignupGrant> {
  const keep = (state: SignupCreditState | undefined): StagedSignupGrant => ({
    state,
    startingCredits: 0,
    stage: () => undefined,
  });
  const current = a.existing ? a.existing.signup_credits : undefined;
  if (a.existing && current === "granted") return keep("granted");
  const verified = Boolean(a.email) && a.emailVerified;
  if (!verified) return keep(a.existing ? current : "pending");

  const at = a.now.toISOString();
  const recordRef = a.db.collection(signupGrants).doc(signupGrantId(a.email!));
  const record = (await tx.get(recordRef))?.data ?? null;
  if (a.existing && current === undefined) {
    return {
      state: undefined,
      startingCredits: 0,
      stage: () =>
        record ? undefined : void tx.create(recordRef, { owner_id: a.uid, credits: 0, created_at: at, updated_at: at }),
    };
  }
  if (record && record.owner_id !== a.uid) {
    const holder = await tx.get(a.db.collection(users).doc(record.owner_id));
    if (holder) return keep("refused");
    return {
      state: "granted",
      startingCredits: 0,
      stage: () => void tx.update(recordRef, { owner_id: a.uid, updated_at: at }),
    };
  }
  if (record) return keep("granted");
  if (!a.existing) {
    return {
      state: "granted",
      startingCredits: a.amount,
      stage: () => void tx.create(recordRef, { owner_id: a.uid, credits: a.amount, created_at: at, updated_at: at }),
    };
  }
  // An account made while unverified (or refused before the holder's record went away): credit it through the ledger.
  const credit = await prepareCredit(tx, {
    db: a.db,
    uid: a.uid,
    amount: a.amount,
    reason: "grant",
    entryId: signupLedgerId(a.uid),
    note: `New account: ${a.amount} free credits (email verified)`,
    now: a.now,
  });
  return {
    state: "granted",
    startingCredits: 0,
    stage: () => {
      tx.create(recordRef, { owner_id: a.uid, credits: credit.fresh ? a.amount : 0, created_at: at, updated_at: at });
      return credit.stage();
    },
  };
}

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}
