import "server-only";
/**
 * The evaluation worker: claims `fc.eval` jobs and runs the suite for the
 * job's run document, heartbeating with the progress. A run whose worker
 * died is picked up again by the lease and starts over (its records of the
 * lost attempt stay, marked with the same run id).
 */
import { randomBytes } from "node:crypto";
import { claimJob, completeJob, failJob, heartbeatJob, holdJob, isJobInterrupted, runJobLoop } from "@/lib/jobs/queue";
import type { Db } from "@/lib/db/db";
import { fcEvalRuns } from "./collections";
import { EVAL_JOB_TYPE, runEval } from "./eval-run";

const LEASE_MS = 60_000;
/** One attempt at the suite (a model call per case). */
export const EVAL_JOB_DEADLINE_MS = 30 * 60_000;

export interface EvalWorkerDeps {
  db: Db;
  leaseMs?: number;
  /** The longest one attempt may take (EVAL_JOB_DEADLINE_MS); then the queue ends it. */
  deadlineMs?: number;
  /** The suite runner (tests stand in a model that never answers). */
  evaluate?: typeof runEval;
}

export function createEvalWorker(deps: EvalWorkerDeps) {
  const workerId = `eval-${randomBytes(4).toString("hex")}`;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const evaluate = deps.evaluate ?? runEval;
  async function processNext() {
    const job = await claimJob(deps.db, { workerId, leaseMs, types: [EVAL_JOB_TYPE] });
    if (!job) return null;
    const runId = String(job.data.input.run_id ?? "");
    try {
      // The queue's deadline and heartbeat: a model that never answers, or a run taken over, ends this attempt.
      await holdJob({ db: deps.db, jobId: job.id, workerId, leaseMs, deadlineMs: deps.deadlineMs ?? EVAL_JOB_DEADLINE_MS }, (signal) =>
        evaluate({ db: deps.db, runId, abortSignal: signal, onProgress: (progress) => heartbeatJob(deps.db, { jobId: job.id, workerId, leaseMs, progress }).then(() => undefined) }),
      );
      await completeJob(deps.db, { jobId: job.id, workerId });
    } catch (e) {
      if (isJobInterrupted(e, "lease-lost")) return job.id;
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
