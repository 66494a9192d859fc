import "server-only";
/**
 * The evaluation worker: claims `fc.eval` jobs and runs the suite for the
 * job's run document, heartbeating with the progress. A run whose worker
 * died is picked up again by the lease and starts over (its records of the
 * lost attempt stay, marked with the same run id).
 */
import { randomBytes } from "node:crypto";
import { claimJob, completeJob, failJob, heartbeatJob, runJobLoop } from "@/lib/db/jobs";
import type { Db } from "@/lib/db/db";
import { fcEvalRuns } from "./collections";
import { EVAL_JOB_TYPE, runEval } from "./eval-run";

const LEASE_MS = 60_000;

export function createEvalWorker(deps: { db: Db }) {
  const workerId = `eval-${randomBytes(4).toString("hex")}`;
  async function processNext() {
    const job = await claimJob(deps.db, { workerId, leaseMs: LEASE_MS, types: [EVAL_JOB_TYPE] });
    if (!job) return null;
    const runId = String(job.data.input.run_id ?? "");
    try {
      await runEval({ db: deps.db, runId, onProgress: (progress) => heartbeatJob(deps.db, { jobId: job.id, workerId, leaseMs: LEASE_MS, progress }).then(() => undefined) });
      await completeJob(deps.db, { jobId: job.id, workerId });
    } catch (e) {
      const message = (e as Error).message?.slice(0, 500) || "The evaluation failed.";
      await failJob(deps.db, { jobId: job.id, workerId, error: message });
      const last = job.data.attempts >= job.data.max_attempts;
      await deps.db
        .collection(fcEvalRuns)
        .doc(runId)
        .update(last ? { state: "failed", error: message, updated_at: new Date().toISOString() } : { state: "queued", error: message, updated_at: new Date().toISOString() })
        .catch(() => undefined);
    }
    return job.id;
  }
  return {
    processNext,
    runWorkerLoop: (o: { signal: AbortSignal; pollMs: number }) => runJobLoop(processNext, { ...o, log: (msg, err) => console.error(`[eval-worker] ${msg}`, err) }),
  };
}
