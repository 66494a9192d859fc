/**
 * The image job's transitions that touch more than the job: each runs in one
 * transaction with a lease check, so a worker that lost its lease (another
 * took the job over) changes nothing, and a final failure marks the job and
 * its images failed and refunds the unmade images together, exactly once.
 */
import { content, jobs, type ContentDoc, type JobDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { Transaction } from "@/lib/platform/db/transaction";
import { prepareRefund } from "@/lib/money/credits/credits";
import { logContentChange, WORKER_CONTEXT } from "@/lib/platform/update-log/content";
import type { ImageJobInput } from "./generation-service";

/** `worker`: the caller must hold a live lease. `expired`: reaping a job whose lease ran out on its last attempt. */
export type Holder = { workerId: string } | "expired";

export function jobInput(job: JobDoc): ImageJobInput {
  return job.input as unknown as ImageJobInput;
}

function holds(job: JobDoc | undefined, holder: Holder, now: string): job is JobDoc {
  if (!job || job.state !== "running" || !job.lease_expires_at) return false;
  if (holder === "expired") return job.lease_expires_at < now && job.attempts >= job.max_attempts;
  return job.worker_id === holder.workerId && job.lease_expires_at >= now;
}

async function readContents(db: Db, tx: Transaction, job: JobDoc): Promise<DocSnapshot<ContentDoc>[]> {
  const out: DocSnapshot<ContentDoc>[] = [];
  for (const id of jobInput(job).content_ids) {
    const snap = await tx.get(db.collection(content).doc(id));
    if (snap) out.push(snap);
  }
  return out;
}

/**
 * Runs `change` while `holder` holds the job: it may update the job and its
 * content docs. False when the lease was lost (nothing written).
 */
export async function whileHeld(
  a: { db: Db; jobId: string; holder: Holder; now: Date },
  change: (ctx: { tx: Transaction; job: JobDoc; contents: DocSnapshot<ContentDoc>[]; at: string }) => void,
): Promise<boolean> {
  const at = a.now.toISOString();
  return a.db.runTransaction(async (tx) => {
    const job = (await tx.get(a.db.collection(jobs).doc(a.jobId)))?.data;
    if (!holds(job, a.holder, at)) return false;
    const contents = await readContents(a.db, tx, job);
    change({ tx, job, contents, at });
    return true;
  });
}

/** Final failure: job and unfinished images failed with `reason`, their credits refunded (once per job). */
export async function settleFailedJob(a: {
  db: Db;
  jobId: string;
  holder: Holder;
  now: Date;
  reason: string;
}): Promise<boolean> {
  const at = a.now.toISOString();
  return a.db.runTransaction(async (tx) => {
    const jobRef = a.db.collection(jobs).doc(a.jobId);
    const job = (await tx.get(jobRef))?.data;
    if (!holds(job, a.holder, at)) return false;
    const contents = await readContents(a.db, tx, job);
    const unmade = contents.filter((c) => c.data.status !== "ready");
    const stageRefund = await prepareRefund(tx, {
      db: a.db,
      uid: job.owner_id,
      jobId: a.jobId,
      amount: unmade.length * jobInput(job).cost_per_image,
      reason: `${job.type} failed: ${unmade.length} image(s) not made`,
      contentId: unmade[0]?.id,
      now: a.now,
    });
    tx.update(jobRef, { state: "failed", error: a.reason, worker_id: null, lease_expires_at: null, updated_at: at });
    for (const c of unmade) {
      const patch = { status: "failed" as const, error: a.reason, updated_at: at };
      tx.update(a.db.collection(content).doc(c.id), patch);
      logContentChange(a.db, tx, {
        id: c.id,
        action: "fail",
        before: c.data,
        after: patch,
        context: WORKER_CONTEXT.image,
      });
    }
    stageRefund();
    return true;
  });
}
