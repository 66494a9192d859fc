/**
 * The plans as data: price, monthly credits and the limits enforced where
 * work is accepted. Browser-safe (the plans screen renders from it), so it
 * names the plan ids itself instead of importing lib/platform/db.
 */
import type { Profile } from "@/lib/access/auth/types";

export const PLAN_IDS = ["free", "pro", "team"] as const satisfies readonly Profile["plan"][];
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  /** Queued plus running jobs (images and videos) at once. */
  concurrentJobs: number;
  /** Longest video that may be rendered, in seconds. */
  maxVideoSeconds: number;
  /** Largest render, as the short side in pixels (720 = 720p, 1080 = 1080p, 2160 = 4K). */
  maxResolution: number;
  /** Renders carry a "Made with Promptframe" watermark. */
  watermark: boolean;
}

export interface PlanDef {
  id: PlanId;
  name: string;
  /** List price in US cents per month (Stripe's Price holds the billed amount). */
  monthlyPriceCents: number;
  /** Credits granted each billing period (free: the balance is topped up to this each month). */
  monthlyCredits: number;
  tagline: string;
  limits: PlanLimits;
}

export const PLANS: Readonly<Record<PlanId, PlanDef>> = {
  free: {
    id: "free",
    name: "Free",
    monthlyPriceCents: 0,
    monthlyCredits: 100,
    tagline: "Try every tool with the local models.",
    limits: { concurrentJobs: 3, maxVideoSeconds: 30, maxResolution: 720, watermark: true },
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPriceCents: 1900,
    monthlyCredits: 2000,
    tagline: "For creators publishing every week.",
    limits: { concurrentJobs: 6, maxVideoSeconds: 180, maxResolution: 1080, watermark: false },
  },
  team: {
    id: "team",
    name: "Team",
    monthlyPriceCents: 7900,
    monthlyCredits: 10000,
    tagline: "For teams producing at volume.",
    limits: { concurrentJobs: 12, maxVideoSeconds: 600, maxResolution: 2160, watermark: false },
  },
};

export const PAID_PLAN_IDS = ["pro", "team"] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const CREDIT_PACK_IDS = ["credits_500"] as const;
export type CreditPackId = (typeof CREDIT_PACK_IDS)[number];

export interface CreditPackDef {
  id: CreditPackId;
  name: string;
  credits: number;
  priceCents: number;
}

export const CREDIT_PACKS: Readonly<Record<CreditPackId, CreditPackDef>> = {
  credits_500: { id: "credits_500", name: "500 credits", credits: 500, priceCents: 1000 },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function planDef(plan: PlanId): PlanDef {
  return PLANS[plan];
}

/** The limits of a plan; the renderer reads `planLimits(plan).watermark`. */
export function planLimits(plan: PlanId): PlanLimits {
  return PLANS[plan].limits;
}

/** Order of the plans from cheapest to dearest: an upgrade raises it. */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

/** The cheapest plan above `current` whose limits pass `fits`, or null when none does. */
export function cheapestPlanAbove(current: PlanId, fits: (limits: PlanLimits) => boolean): PlanDef | null {
  for (const id of PLAN_IDS.slice(planRank(current) + 1)) {
    if (fits(PLANS[id].limits)) return PLANS[id];
  }
  return null;
}

export function resolutionLabel(shortSide: number): string {
  if (shortSide >= 2160) return "4K";
  return `${shortSide}p`;
}

export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return Number.isInteger(minutes) ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${seconds} seconds`;
}

export function priceLabel(cents: number): string {
  return cents === 0 ? "$0" : `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;
}
