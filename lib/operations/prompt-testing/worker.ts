import "server-only";
/**
 * The prompt-testing worker: claims `prompt.run` jobs (and only those) and
 * fills the run's matrix cell by cell, saving each cell as it finishes — so
 * the screen shows progress, and a run taken over after a restart goes on
 * from the first cell without a result instead of starting again.
 */
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import { failJob } from "@/lib/platform/jobs/queue";
import type { Db } from "@/lib/platform/db/db";
import type { JobDoc } from "@/lib/platform/db/collections";
import { matrixCells } from "./accounting";
import { promptRuns, type PromptRunDoc } from "./collections";
import { cellKey, type CellResult, type PromptKey } from "./contract";
import { runCell, type RunnerDeps } from "./runner";
import { PROMPT_RUN_JOB } from "./seed";

export interface PromptWorkerDeps {
  db: Db;
  runner: RunnerDeps;
  now?: () => Date;
  workerId?: string;
  leaseMs?: number;
  /** The longest one attempt of a run may take (PROMPT_RUN_DEADLINE_MS); then the queue ends it. */
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** One attempt at a run's matrix (cells already saved are not redone on the next attempt). */
export const PROMPT_RUN_DEADLINE_MS = 30 * 60_000;

export type PromptRunOutcome = "finished" | "missing" | "lease-lost" | "failed";

/** The prompt-run job type: any failure is retried while attempts remain; the last one fails the run with a reason. */
function promptRunJob(d: PromptWorkerDeps) {
  const now = d.now ?? (() => new Date());
  const deadlineMs = d.deadlineMs ?? PROMPT_RUN_DEADLINE_MS;

  async function saveCell(runId: string, cell: CellResult): Promise<void> {
    const ref = d.db.collection(promptRuns).doc(runId);
    await d.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap || snap.data.cells.some((c) => cellKey(c) === cellKey(cell))) return;
      tx.update(ref, { cells: [...snap.data.cells, cell], state: "running", updated_at: now().toISOString() });
    });
  }

  async function finish(runId: string, patch: Partial<PromptRunDoc>): Promise<void> {
    const at = now().toISOString();
    await d.db
      .collection(promptRuns)
      .doc(runId)
      .update({ ...patch, updated_at: at, finished_at: at });
  }

  const runIdOf = (job: JobDoc) => String(job.input.run_id ?? "");

  /** Fills the run's matrix cell by cell, from the first cell without a result. */
  async function fill(job: JobDoc, ctx: JobContext): Promise<PromptRunOutcome> {
    const { signal } = ctx;
    const runId = runIdOf(job);
    const snap = runId ? await d.db.collection(promptRuns).doc(runId).get() : null;
    if (!snap) {
      await ctx.complete();
      return "missing";
    }
    const run = snap.data;
    await d.db.collection(promptRuns).doc(runId).update({ state: "running", updated_at: now().toISOString() });
    const done = new Set(run.cells.map(cellKey));
    const cells = matrixCells({ caseIds: run.cases.map((c) => c.id), versions: run.versions, models: run.models });
    let finished = done.size;
    for (const cell of cells) {
      if (done.has(cellKey(cell))) continue;
      if (signal.aborted || !(await ctx.heartbeat(finished / cells.length))) throw ctx.lost();
      const testCase = run.cases.find((c) => c.id === cell.case_id)!;
      const result = await runCell(d.runner, {
        runId,
        promptId: run.prompt_id as PromptKey,
        version: cell.version,
        text: run.texts[String(cell.version)] ?? "",
        testCase,
        modelId: cell.model_id,
        abortSignal: signal,
      });
      await saveCell(runId, result);
      finished++;
    }
    await finish(runId, { state: "succeeded", error: null });
    await ctx.complete();
    return "finished";
  }

  return defineJob({
    kind: "prompts",
    types: [PROMPT_RUN_JOB],
    leaseMs: 120_000,
    deadlineMs,
    // The queue's deadline and heartbeat: a model that never answers, or a run taken over, ends this attempt.
    run: fill,
    failure: (e) => ({ reason: String((e as Error)?.message ?? e), retryable: true }),
    onFinalFailure: async (s, error) => {
      if (s.holder === "expired") return false;
      await failJob(d.db, { jobId: s.jobId, workerId: s.holder, error, now: now() });
      const reason = s.deadline
        ? `The run took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped; start it again.`
        : "The run stopped on an error; start it again.";
      const runId = runIdOf(s.job);
      if (runId) await finish(runId, { state: "failed", error: reason }).catch(() => undefined);
      return true;
    },
  });
}

export function createPromptWorker(d: PromptWorkerDeps) {
  const worker = createJobWorker(promptRunJob(d), {
    db: d.db,
    workerId: d.workerId,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });

  /** Runs one claimed job; null when there was nothing to claim. */
  async function processNext(): Promise<PromptRunOutcome | null> {
    const r = await worker.processNext();
    return r && (r.outcome === "retrying" ? "failed" : r.outcome);
  }

  return { processNext, runWorkerLoop: worker.runWorkerLoop, workerId: worker.workerId };
}

export type PromptWorker = ReturnType<typeof createPromptWorker>;
