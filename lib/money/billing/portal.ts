import "server-only";
/**
 * The Stripe Customer Portal for the signed-in user: manage payment methods
 * and invoices, switch between paid plans (deep-linked to the confirmation
 * step) or cancel. The portal applies the change; our state follows its
 * webhooks. A downgrade is refused while the user's jobs are still running,
 * so work accepted under one plan's limits never finishes under another's.
 */
import type Stripe from "stripe";
import { ApiError } from "@/lib/platform/api/errors";
import { jobs } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { isLive } from "./account";
import { billingAccounts } from "./collections";
import { priceFor, type BillingConfig } from "./config";
import { isPlanId, PLANS, planRank, type PaidPlanId } from "./plans";
import { fromStripeError, notConfigured, stripeClient } from "./stripe-client";

export const PORTAL_ACTIONS = ["manage", "switch", "cancel"] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

export async function createPortal(a: {
  db: Db;
  config: BillingConfig;
  uid: string;
  action: PortalAction;
  /** The plan to switch to (action "switch"). */
  plan?: string;
  origin: string;
}): Promise<{ url: string }> {
  if (!a.config.stripe) throw notConfigured();
  const account = (await a.db.collection(billingAccounts).doc(a.uid).get())?.data ?? null;
  if (!account?.stripe_customer_id) {
    throw new ApiError(
      "conflict",
      "You have no billing account yet. Subscribe to a plan or buy credits first; the billing portal then shows your invoices.",
    );
  }
  const live = isLive(account.subscription_status) && account.subscription_id;
  const returnUrl = `${a.config.appBaseUrl ?? a.origin}/subscription?portal=return`;
  let flow: Stripe.BillingPortal.SessionCreateParams.FlowData | undefined;

  if (a.action === "switch") {
    const target = switchTarget(a.plan);
    if (!live) throw new ApiError("conflict", "You have no subscription to change. Choose a plan to subscribe.");
    if (target === account.plan) throw new ApiError("conflict", `You are already on the ${PLANS[target].name} plan.`);
    const price = priceFor(a.config, target);
    if (!price)
      throw new ApiError(
        "service_unavailable",
        `The ${PLANS[target].name} plan is not for sale on this server yet (its Stripe price is not configured).`,
      );
    if (planRank(target) < planRank(account.plan))
      await refuseWhileJobsRun(a.db, a.uid, `downgrading to ${PLANS[target].name}`);
    flow = account.subscription_item_id
      ? {
          type: "subscription_update_confirm",
          subscription_update_confirm: {
            subscription: account.subscription_id!,
            items: [{ id: account.subscription_item_id, price, quantity: 1 }],
          },
          after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
        }
      : { type: "subscription_update", subscription_update: { subscription: account.subscription_id! } };
  } else if (a.action === "cancel") {
    if (!live) throw new ApiError("conflict", "You have no subscription to cancel: you are on the Free plan.");
    if (account.cancel_at_period_end) {
      const end = account.current_period_end ? ` on ${account.current_period_end.slice(0, 10)}` : "";
      throw new ApiError("conflict", `Your subscription is already set to end${end}. Use Manage billing to renew it.`);
    }
    flow = {
      type: "subscription_cancel",
      subscription_cancel: { subscription: account.subscription_id! },
      after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
    };
  }

  try {
    const session = await stripeClient(a.config).billingPortal.sessions.create({
      customer: account.stripe_customer_id,
      return_url: returnUrl,
      ...(flow ? { flow_data: flow } : {}),
    });
    return { url: session.url };
  } catch (error) {
    fromStripeError(error, "a billing portal session");
  }
}

function switchTarget(plan: string | undefined): PaidPlanId {
  if (plan === "pro" || plan === "team") return plan;
  if (plan === "free") {
    throw new ApiError(
      "unprocessable_entity",
      "To move to the Free plan, cancel your subscription; it stays active until the period ends.",
      {
        issues: [{ path: "plan", message: "cancel instead" }],
      },
    );
  }
  throw new ApiError(
    "unprocessable_entity",
    `There is no plan called "${(plan ?? "").slice(0, 40)}". Choose Pro or Team.`,
    {
      issues: [{ path: "plan", message: isPlanId(plan) ? "not switchable" : "unknown plan" }],
    },
  );
}

async function refuseWhileJobsRun(db: Db, uid: string, doing: string): Promise<void> {
  const active = await db
    .collection(jobs)
    .where("owner_id", "==", uid)
    .where("state", "in", ["queued", "running"])
    .count();
  if (active > 0) {
    throw new ApiError(
      "conflict",
      `You have ${active} job${active === 1 ? "" : "s"} in progress. Wait for ${active === 1 ? "it" : "them"} to finish before ${doing}: ` +
        "work keeps the limits of the plan it started on. Nothing was changed.",
    );
  }
}
