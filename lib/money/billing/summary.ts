import "server-only";
/** What the subscription screen shows: plan, balance, this period's grant, the next renewal or refresh, what can be bought. */
import { ApiError } from "@/lib/platform/api/errors";
import { creditLedger, users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { isLive } from "./account";
import { billingAccounts, billingCheckouts } from "./collections";
import { priceFor, type BillingConfig } from "./config";
import type { BillingSummary } from "./contract";
import { ensureMonthlyGrant, freePeriod, paidPeriod, readGrantMarker } from "./grants";
import { isPlanId, PLANS } from "./plans";

export async function getBillingSummary(a: {
  db: Db;
  config: BillingConfig;
  uid: string;
  /** A Checkout session the user just came back from. */
  checkoutSession?: string;
  now?: Date;
}): Promise<BillingSummary> {
  const now = a.now ?? new Date();
  const { granted: justGranted } = await ensureMonthlyGrant({ db: a.db, uid: a.uid, now });
  const [userSnap, accountSnap] = await Promise.all([
    a.db.collection(users).doc(a.uid).get(),
    a.db.collection(billingAccounts).doc(a.uid).get(),
  ]);
  if (!userSnap) throw new ApiError("not_found", "There is no account for this user.");
  const user = userSnap.data;
  const account = accountSnap?.data ?? null;
  const plan = isPlanId(user.plan) ? user.plan : "free";

  const live = Boolean(
    account && isLive(account.subscription_status) && account.subscription_id && account.current_period_end,
  );
  let period: BillingSummary["period"];
  if (live && account && plan !== "free") {
    const start = new Date(account.current_period_start ?? account.current_period_end!);
    const end = new Date(account.current_period_end!);
    const marker = await readGrantMarker(a.db, a.uid, paidPeriod(account.subscription_id!, start, end).key);
    period = {
      kind: "paid",
      start: start.toISOString(),
      end: end.toISOString(),
      monthly_credits: PLANS[plan].monthlyCredits,
      granted: marker?.credits ?? null,
      next: { kind: account.cancel_at_period_end ? "ends" : "renews", at: end.toISOString() },
    };
  } else {
    const p = freePeriod(now);
    const marker = await readGrantMarker(a.db, a.uid, p.key);
    // The sign-up month's allowance is the profile's opening balance, not a top-up.
    const signupMonth = new Date(user.created_at) >= p.start && (user.signup_credits ?? "granted") === "granted";
    period = {
      kind: "free",
      start: p.start.toISOString(),
      end: p.end.toISOString(),
      monthly_credits: PLANS.free.monthlyCredits,
      granted: marker ? marker.credits : signupMonth ? PLANS.free.monthlyCredits : null,
      next: { kind: "refreshes", at: p.end.toISOString() },
    };
  }

  let checkout: BillingSummary["checkout"] = null;
  if (a.checkoutSession) {
    const found = (
      await a.db
        .collection(billingCheckouts)
        .where("owner_id", "==", a.uid)
        .where("session_id", "==", a.checkoutSession)
        .limit(1)
        .get()
    )[0];
    // A subscription is in place once its plan is; a pack once its purchase was applied.
    const done = Boolean(found?.data.completed_at) && (found!.data.item === "credits_500" || found!.data.item === plan);
    checkout = { session_id: a.checkoutSession, completed: done };
  }

  return {
    plan,
    balance: user.credits,
    purchasable: {
      available: a.config.stripe,
      reason: a.config.unavailableReason,
      items: {
        pro: Boolean(priceFor(a.config, "pro")),
        team: Boolean(priceFor(a.config, "team")),
        credits_500: Boolean(priceFor(a.config, "credits_500")),
      },
    },
    subscription:
      account?.subscription_id && account.subscription_status
        ? {
            status: account.subscription_status,
            plan: account.plan,
            cancel_at_period_end: account.cancel_at_period_end,
            current_period_end: account.current_period_end,
          }
        : null,
    period,
    has_billing_account: Boolean(account?.stripe_customer_id),
    checkout,
    just_granted: justGranted,
    balance_note: user.credits < 0 ? await belowZeroNote(a.db, a.uid, user.credits) : null,
    signup_credits: user.signup_credits === "pending" || user.signup_credits === "refused" ? user.signup_credits : null,
  };
}

/** Why a balance is below zero: the newest take-back (a refunded or disputed pack) says which payment. */
async function belowZeroNote(db: Db, uid: string, balance: number): Promise<string> {
  const [latest] = await db
    .collection(creditLedger)
    .where("owner_id", "==", uid)
    .where("reason", "==", "adjustment")
    .orderBy("created_at", "desc")
    .limit(1)
    .get();
  const why = latest?.data.note ? ` (${latest.data.note})` : "";
  return (
    `Your balance is ${balance.toLocaleString("en-US")} credits: a credit pack you bought was refunded or disputed, so its credits were taken back after they were spent${why}. ` +
    "Spending is paused until your balance is above zero again: buy credits, or wait for your monthly credits."
  );
}
