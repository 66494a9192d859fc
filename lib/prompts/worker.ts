import "server-only";
/**
 * The prompt-testing worker: claims `prompt.run` jobs (and only those) and
 * fills the run's matrix cell by cell, saving each cell as it finishes — so
 * the screen shows progress, and a run taken over after a restart goes on
 * from the first cell without a result instead of starting again.
 */
import { randomUUID } from "node:crypto";
import { claimJob, completeJob, failJob, heartbeatJob, holdJob, isJobInterrupted, runJobLoop } from "@/lib/jobs/queue";
import type { Db } from "@/lib/db/db";
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

export function createPromptWorker(d: PromptWorkerDeps) {
  const now = d.now ?? (() => new Date());
  const workerId = d.workerId ?? `prompts-${randomUUID()}`;
  const leaseMs = d.leaseMs ?? 120_000;
  const deadlineMs = d.deadlineMs ?? PROMPT_RUN_DEADLINE_MS;
  const log = d.log ?? ((msg, err) => console.error(`[prompt-worker ${workerId}] ${msg}`, err ?? ""));

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
    await d.db.collection(promptRuns).doc(runId).update({ ...patch, updated_at: at, finished_at: at });
  }

  /** Runs one claimed job; null when there was nothing to claim. */
  async function processNext(): Promise<PromptRunOutcome | null> {
    const job = await claimJob(d.db, { workerId, leaseMs, types: [PROMPT_RUN_JOB], now: now() });
    if (!job) return null;
    const runId = String(job.data.input.run_id ?? "");
    const owned = { jobId: job.id, workerId };
    try {
      // The queue's deadline and heartbeat: a model that never answers, or a run taken over, ends this attempt.
      return await holdJob({ db: d.db, jobId: job.id, workerId, leaseMs, deadlineMs, now }, (signal) => fill(runId, owned, signal));
    } catch (e) {
      if (isJobInterrupted(e, "lease-lost")) return "lease-lost";
      const late = isJobInterrupted(e, "deadline");
      log(`run ${runId} failed`, e);
      const final = job.data.attempts >= job.data.max_attempts;
      await failJob(d.db, { ...owned, error: String((e as Error)?.message ?? e) });
      const reason = late ? `The run took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped; start it again.` : "The run stopped on an error; start it again.";
      if (final && runId) await finish(runId, { state: "failed", error: reason }).catch(() => undefined);
      return "failed";
    }
  }

  /** Fills the run's matrix cell by cell, from the first cell without a result. */
  async function fill(runId: string, owned: { jobId: string; workerId: string }, signal: AbortSignal): Promise<PromptRunOutcome> {
    const snap = runId ? await d.db.collection(promptRuns).doc(runId).get() : null;
    if (!snap) {
      await completeJob(d.db, owned);
      return "missing";
    }
    const run = snap.data;
    await d.db.collection(promptRuns).doc(runId).update({ state: "running", updated_at: now().toISOString() });
    const done = new Set(run.cells.map(cellKey));
    const cells = matrixCells({ caseIds: run.cases.map((c) => c.id), versions: run.versions, models: run.models });
    let finished = done.size;
    for (const cell of cells) {
      if (done.has(cellKey(cell))) continue;
      if (signal.aborted || !(await heartbeatJob(d.db, { ...owned, leaseMs, progress: finished / cells.length, now: now() }))) return "lease-lost";
      const testCase = run.cases.find((c) => c.id === cell.case_id)!;
      const result = await runCell(d.runner, { runId, promptId: run.prompt_id as PromptKey, version: cell.version, text: run.texts[String(cell.version)] ?? "", testCase, modelId: cell.model_id, abortSignal: signal });
      await saveCell(runId, result);
      finished++;
    }
    await finish(runId, { state: "succeeded", error: null });
    await completeJob(d.db, owned);
    return "finished";
  }

  function runWorkerLoop(o: { signal: AbortSignal; pollMs: number }): Promise<void> {
    return runJobLoop(processNext, { ...o, log });
  }

  return { processNext, runWorkerLoop, workerId };
}

export type PromptWorker = ReturnType<typeof createPromptWorker>;
