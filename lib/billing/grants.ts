/**
 * Monthly credits. A paid plan grants its monthly credits once per Stripe
 * billing period (from `invoice.paid`; an upgrade within a paid period adds
 * the difference). The free plan tops the balance up to its allowance once per
 * calendar month after the sign-up month (the sign-up allowance covers that
 * one). A marker document per (user, period), read and written in the same
 * transaction as the ledger entry, makes each grant happen once however many
 * processes try at the same moment.
 */
import { billingGrants, type BillingGrantDoc } from "./collections";
import { billingId, prepareCredit, readUser } from "./ledger";
import { PLANS, planRank, type PlanId } from "./plans";
import type { Db } from "@/lib/db/db";
import type { Transaction } from "@/lib/db/transaction";

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

/** The free plan's monthly top-up, staged in `tx` (nothing on paid plans or in the sign-up month). */
export async function prepareFreeRefresh(tx: Transaction, a: { db: Db; uid: string; now: Date }): Promise<StagedGrant> {
  const user = await readUser(tx, a.db, a.uid);
  if (user.plan !== "free") return NOTHING;
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

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}
