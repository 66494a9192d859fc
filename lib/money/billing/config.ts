import "server-only";
/**
 * Billing configuration, read from the environment on every call (not cached)
 * so one process answers by what is set now, and tests can switch it. Nothing
 * set is the embedded default: plans and credits work, buying is explained
 * as not set up here.
 */
import { z } from "zod";
import type { CreditPackId, PaidPlanId } from "./plans";

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : null));

const envSchema = z.object({
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_PRO: optional,
  STRIPE_PRICE_TEAM: optional,
  STRIPE_PRICE_CREDITS_500: optional,
  STRIPE_API_BASE: optional,
  APP_BASE_URL: optional,
});

export interface StripeApiBase {
  host: string;
  port: number;
  protocol: "http" | "https";
}

export interface BillingConfig {
  /** A Stripe secret key is set: checkout and the portal can be offered. */
  stripe: boolean;
  secretKey: string | null;
  webhookSecret: string | null;
  prices: { pro: string | null; team: string | null; credits_500: string | null };
  /** A stand-in for api.stripe.com (tests); null = Stripe itself. */
  apiBase: StripeApiBase | null;
  /** Public origin for Stripe's return links; null = the request's own origin. */
  appBaseUrl: string | null;
  /** Why buying is unavailable, in words for the screen; null when it is available. */
  unavailableReason: string | null;
  /** Set when a variable is present but malformed (logged, and treated as not configured). */
  problem: string | null;
}

export const NOT_CONFIGURED_REASON =
  "Online payments are not set up on this server, so plans and credit packs can't be bought or changed here. " +
  "Your plan and credits still work as shown; ask an administrator if you need more credits.";

export function parseBillingConfig(source: Record<string, string | undefined>): BillingConfig {
  const e = envSchema.parse(source);
  let problem: string | null = null;
  let apiBase: StripeApiBase | null = null;
  if (e.STRIPE_API_BASE) {
    try {
      const url = new URL(e.STRIPE_API_BASE);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
      const protocol = url.protocol === "http:" ? "http" : "https";
      apiBase = { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
    } catch {
      problem = `STRIPE_API_BASE must be an http(s) URL such as http://127.0.0.1:12111, not "${e.STRIPE_API_BASE}".`;
    }
  }
  if (e.STRIPE_SECRET_KEY && !/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(e.STRIPE_SECRET_KEY)) {
    problem = "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key).";
  }
  let appBaseUrl: string | null = null;
  if (e.APP_BASE_URL) {
    try {
      appBaseUrl = new URL(e.APP_BASE_URL).origin;
    } catch {
      problem = `APP_BASE_URL must be an absolute URL such as https://app.example.com, not "${e.APP_BASE_URL}".`;
    }
  }
  const stripe = Boolean(e.STRIPE_SECRET_KEY) && !problem;
  return {
    stripe,
    secretKey: stripe ? e.STRIPE_SECRET_KEY : null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: { pro: e.STRIPE_PRICE_PRO, team: e.STRIPE_PRICE_TEAM, credits_500: e.STRIPE_PRICE_CREDITS_500 },
    apiBase,
    appBaseUrl,
    unavailableReason: stripe ? null : NOT_CONFIGURED_REASON,
    problem,
  };
}

export function billingConfig(): BillingConfig {
  const config = parseBillingConfig({
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: process.env.STRIPE_PRICE_PRO,
    STRIPE_PRICE_TEAM: process.env.STRIPE_PRICE_TEAM,
    STRIPE_PRICE_CREDITS_500: process.env.STRIPE_PRICE_CREDITS_500,
    STRIPE_API_BASE: process.env.STRIPE_API_BASE,
    APP_BASE_URL: process.env.APP_BASE_URL,
  });
  if (config.problem) warnOnce(config.problem);
  return config;
}

/** The Stripe price of a plan or credit pack, or null when it is not configured. */
export function priceFor(config: BillingConfig, item: PaidPlanId | CreditPackId): string | null {
  return config.stripe ? config.prices[item] : null;
}

/** Which configured price a Stripe price id stands for. */
export function itemForPrice(config: BillingConfig, priceId: string): PaidPlanId | CreditPackId | null {
  for (const [item, price] of Object.entries(config.prices) as [PaidPlanId | CreditPackId, string | null][]) {
    if (price && price === priceId) return item;
  }
  return null;
}

let warned = "";
function warnOnce(problem: string) {
  if (warned === problem) return;
  warned = problem;
  console.warn(`[billing] configuration problem, payments disabled: ${problem}`);
}
