import "server-only";
/**
 * The one place the image domain meets lib/ai and the configured stores.
 * Route handlers call `imageRuntime()`; `startInAppWorker()` runs the worker
 * inside the app process (the default), `scripts/worker.ts` runs it alone.
 */
import { workerPollMs } from "@/lib/jobs/queue";
import { generateImages, listImageModels } from "@/lib/ai";
import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import type { ImageWorkerDeps } from "./types";
import { createImageWorker, type ImageWorker } from "./worker";

export function imageRuntime(): ImageWorkerDeps {
  return { db: getDb(), store: getBlobStore(), generate: generateImages, models: listImageModels };
}

let inApp: { worker: ImageWorker; stop: AbortController } | null = null;

/**
 * Idempotent: one in-process worker loop per server process. IN_APP_WORKER=0
 * leaves the work to separate `npm run worker` processes.
 */
export function startInAppWorker(pollMs = workerPollMs()): ImageWorker | null {
  if (process.env.IN_APP_WORKER === "0") return null;
  if (!inApp) {
    const stop = new AbortController();
    const worker = createImageWorker(imageRuntime());
    void worker.runWorkerLoop({ signal: stop.signal, pollMs });
    inApp = { worker, stop };
  }
  return inApp.worker;
}
