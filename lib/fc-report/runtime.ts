import "server-only";
/** Where the report meets the store and the process: one in-app evaluation worker (IN_APP_WORKER=0 leaves it out). */
import { getDb } from "@/lib/db";
import { workerPollMs } from "@/lib/jobs/queue";
import type { ReportDeps } from "./service";
import { createEvalWorker } from "./worker";

let inApp: AbortController | null = null;

export function startEvalWorker(pollMs = workerPollMs()): void {
  if (process.env.IN_APP_WORKER === "0" || inApp) return;
  inApp = new AbortController();
  void createEvalWorker({ db: getDb() }).runWorkerLoop({ signal: inApp.signal, pollMs });
}

export function reportRuntime(): ReportDeps {
  return { db: getDb(), onQueued: () => startEvalWorker() };
}
