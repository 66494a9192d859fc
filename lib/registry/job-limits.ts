/**
 * The app's per-owner running limit for the job queue (lib/platform/jobs/fair.ts):
 * a user runs at most their plan's "jobs at once" (lib/money/billing/plans.ts).
 * Owners that are not users (system work such as segment helpers or webhook
 * deliveries) get none from here; JOB_OWNER_MAX_RUNNING still applies to them.
 * The platform knows no plans, so this is registered from above the domains.
 */
import { users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";
import { registerOwnerLimit } from "@/lib/platform/jobs/fair";
import { isPlanId, planLimits } from "@/lib/money/billing/plans";

export async function planJobsAtOnce(ownerId: string, db: Db): Promise<number | null> {
  if (!DOC_ID.test(ownerId)) return null;
  const user = await db.collection(users).doc(ownerId).get();
  if (!user) return null;
  return planLimits(isPlanId(user.data.plan) ? user.data.plan : "free").concurrentJobs;
}

export function registerJobLimits(): void {
  registerOwnerLimit(planJobsAtOnce);
}
