/**
 * Plan limits, enforced inside the transaction that accepts work (so parallel
 * requests cannot all slip under a cap). Each refusal says which limit and how
 * to lift it:
 *   - a limit a dearer plan lifts (video length, resolution) -> 402 plan_limit, naming that plan
 *     (never "payment_required": the person may have plenty of credits; the plan is the reason);
 *   - beyond every plan -> 403 forbidden;
 *   - too many jobs at once -> 429 rate_limited with Retry-After (waiting lifts it; the message names the upgrade too).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { jobs } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { readUser } from "./ledger";
import {
  cheapestPlanAbove,
  durationLabel,
  isPlanId,
  PLAN_IDS,
  PLANS,
  planLimits,
  resolutionLabel,
  type PlanId,
  type PlanLimits,
} from "./plans";

export interface WorkRequest {
  db: Db;
  uid: string;
  kind: "image" | "video";
  /** Video length in seconds (kind "video"). */
  seconds?: number;
  /** Output size in pixels (kind "video"); the short side is compared with the plan's maximum. */
  resolution?: { width: number; height: number };
  /** Overrides the plan's concurrent-job cap (tests, benchmarks). */
  maxActiveJobs?: number;
}

export interface PlanCheck {
  plan: PlanId;
  limits: PlanLimits;
}

const ACTIVE_STATES = ["queued", "running"] as const;
const UPGRADE_WHERE = "on the Subscription page";

/** Throws the typed refusal when `a` is outside the user's plan; else returns the plan and its limits (watermark…). */
export async function assertWithinPlan(tx: Transaction, a: WorkRequest): Promise<PlanCheck> {
  const user = await readUser(tx, a.db, a.uid);
  const plan: PlanId = isPlanId(user.plan) ? user.plan : "free";
  const limits = planLimits(plan);
  const name = PLANS[plan].name;

  if (a.kind === "video" && a.seconds !== undefined) {
    if (!Number.isFinite(a.seconds) || a.seconds <= 0) {
      throw new ApiError("unprocessable_entity", "A video's length must be a positive number of seconds.", {
        issues: [{ path: "seconds", message: "must be positive" }],
      });
    }
    if (a.seconds > limits.maxVideoSeconds) {
      const seconds = Math.ceil(a.seconds);
      const better = cheapestPlanAbove(plan, (l) => l.maxVideoSeconds >= a.seconds!);
      throw better
        ? new ApiError(
            "plan_limit",
            `Videos longer than ${durationLabel(limits.maxVideoSeconds)} need the ${better.name} plan: the ${name} plan renders up to ${durationLabel(limits.maxVideoSeconds)} and this one is ${durationLabel(seconds)}. ` +
              `Shorten it, or upgrade to ${better.name} (up to ${durationLabel(better.limits.maxVideoSeconds)}) ${UPGRADE_WHERE}.`,
            { issues: [{ path: "length_s", message: `needs the ${better.name} plan` }] },
          )
        : new ApiError(
            "forbidden",
            `Video length limit: videos can be at most ${durationLabel(maxOverPlans((l) => l.maxVideoSeconds))} on any plan and this one is ${durationLabel(seconds)}. Shorten it or split it into parts.`,
          );
    }
  }

  if (a.kind === "video" && a.resolution) {
    const { width, height } = a.resolution;
    if (!(width > 0 && height > 0)) {
      throw new ApiError("unprocessable_entity", "A video's resolution must be a positive width and height.", {
        issues: [{ path: "resolution", message: "must be positive" }],
      });
    }
    const shortSide = Math.min(width, height);
    if (shortSide > limits.maxResolution) {
      const better = cheapestPlanAbove(plan, (l) => l.maxResolution >= shortSide);
      const asked = `${width}×${height}`;
      throw better
        ? new ApiError(
            "plan_limit",
            `Renders larger than ${resolutionLabel(limits.maxResolution)} need the ${better.name} plan: the ${name} plan renders up to ${resolutionLabel(limits.maxResolution)} and ${asked} is larger. ` +
              `Pick ${resolutionLabel(limits.maxResolution)} or smaller, or upgrade to ${better.name} (up to ${resolutionLabel(better.limits.maxResolution)}) ${UPGRADE_WHERE}.`,
          )
        : new ApiError(
            "forbidden",
            `Resolution limit: renders can be at most ${resolutionLabel(maxOverPlans((l) => l.maxResolution))} on any plan and ${asked} is larger. Pick a smaller size.`,
          );
    }
  }

  const cap = a.maxActiveJobs ?? limits.concurrentJobs;
  const active = await tx.get(
    a.db
      .collection(jobs)
      .where("owner_id", "==", a.uid)
      .where("state", "in", [...ACTIVE_STATES])
      .limit(cap),
  );
  if (active.length >= cap) {
    const better = a.maxActiveJobs === undefined ? cheapestPlanAbove(plan, (l) => l.concurrentJobs > cap) : null;
    throw new ApiError(
      "rate_limited",
      `You already have ${active.length} jobs in progress, the most the ${name} plan runs at once. Wait for one to finish, then try again` +
        (better
          ? `, or upgrade to ${better.name} to run ${better.limits.concurrentJobs} at once ${UPGRADE_WHERE}.`
          : "."),
      { headers: { "Retry-After": "5" } },
    );
  }
  return { plan, limits };
}

function maxOverPlans(pick: (l: PlanLimits) => number): number {
  return Math.max(...PLAN_IDS.map((id) => pick(PLANS[id].limits)));
}
