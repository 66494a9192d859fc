import "server-only";
/**
 * Where the bulk domain meets the configured stores and the process: route
 * handlers call `batchRuntime()`; `startBatchWorker()` runs the bulk worker in
 * the app process beside the video render worker (both start together, from
 * here or from lib/video/runtime.ts; IN_APP_WORKER=0 leaves them to
 * `npm run worker`).
 */
import { workerPollMs } from "@/lib/jobs/queue";
import { videoDeps, videoRuntime } from "@/lib/video/runtime";
import type { BatchDeps } from "./service";
import { batchLinks } from "./links";
import { createBatchWorker, type BatchWorker } from "./worker";

export function batchRuntime(): BatchDeps {
  const deps = videoRuntime();
  startBatchWorker();
  return deps;
}

let inApp: { worker: BatchWorker; stop: AbortController } | null = null;

export function startBatchWorker(pollMs = workerPollMs()): BatchWorker | null {
  if (process.env.IN_APP_WORKER === "0") return null;
  if (!inApp) {
    const stop = new AbortController();
    const worker = createBatchWorker({ video: videoDeps(), links: batchLinks() });
    inApp = { worker, stop };
    void worker.runWorkerLoop({ signal: stop.signal, pollMs });
  }
  return inApp.worker;
}
