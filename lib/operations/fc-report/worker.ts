import "server-only";
/**
 * The evaluation worker: claims `fc.eval` jobs and runs the suite for the
 * job's run document, heartbeating with the progress. A run whose worker
 * died is picked up again by the lease and starts over (its records of the
 * lost attempt stay, marked with the same run id).
 */
import { randomBytes } from "node:crypto";
import { createJobWorker, defineJob, type Log } from "@/lib/platform/jobs/kit";
import { failJob } from "@/lib/platform/jobs/queue";
import type { Db } from "@/lib/platform/db/db";
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
  log?: Log;
}

export function createEvalWorker(deps: EvalWorkerDeps) {
  const evaluate = deps.evaluate ?? runEval;
  const runIdOf = (input: Record<string, unknown>) => String(input.run_id ?? "");
  const markRun = (runId: string, state: "queued" | "failed", error: string) =>
    deps.db
      .collection(fcEvalRuns)
      .doc(runId)
      .update({ state, error, updated_at: new Date().toISOString() })
      .catch(() => undefined);
  const worker = createJobWorker(
    defineJob({
      kind: "eval",
      types: [EVAL_JOB_TYPE],
      leaseMs: LEASE_MS,
      deadlineMs: EVAL_JOB_DEADLINE_MS,
      // The queue's deadline and heartbeat: a model that never answers, or a run taken over, ends this attempt.
      run: async (job, ctx) => {
        await evaluate({
          db: deps.db,
          runId: runIdOf(job.input),
          abortSignal: ctx.signal,
          onProgress: (progress) => ctx.heartbeat(progress).then(() => undefined),
        });
      },
      failure: (e) => ({
        reason: (e as Error).message?.slice(0, 500) || "The evaluation failed.",
        retryable: true,
        quiet: true,
      }),
      onRetry: (ctx, message) => markRun(runIdOf(ctx.job.input), "queued", message),
      onFinalFailure: async (s, message) => {
        if (s.holder === "expired") return false;
        await failJob(deps.db, { jobId: s.jobId, workerId: s.holder, error: message });
        await markRun(runIdOf(s.job.input), "failed", message);
        return true;
      },
    }),
    {
      db: deps.db,
      workerId: `eval-${randomBytes(4).toString("hex")}`,
      leaseMs: deps.leaseMs,
      deadlineMs: deps.deadlineMs,
      log: deps.log ?? ((msg, err) => console.error(`[eval-worker] ${msg}`, err)),
    },
  );
  return {
    workerId: worker.workerId,
    /** The job's id when one was claimed, else null. */
    processNext: async () => (await worker.processNext())?.jobId ?? null,
    runWorkerLoop: worker.runWorkerLoop,
  };
}
