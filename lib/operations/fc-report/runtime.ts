import "server-only";
/** Where the report meets the store and the process: one in-app evaluation worker (IN_APP_WORKER=0 leaves it out). */
import { getDb } from "@/lib/platform/db";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import type { ReportDeps } from "./service";
import { createEvalWorker } from "./worker";

registerWorker("eval", (_s, o) => createEvalWorker({ db: getDb(), ...o }));

export function startEvalWorker(): void {
  startInAppWorker("eval");
}

export function reportRuntime(): ReportDeps {
  return { db: getDb(), onQueued: () => startEvalWorker() };
}
