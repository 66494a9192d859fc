import "server-only";
/**
 * Where production meets the configured stores and the process: route
 * handlers call `prodRuntime()`, which starts the bulk and video workers
 * (the renders) and the production worker (scheduler tick, run settling,
 * webhooks) in the app process unless IN_APP_WORKER=0 (then `npm run worker`).
 */
import { batchRuntime } from "@/lib/batches/runtime";
import { workerPollMs } from "@/lib/jobs/queue";
import type { ProdDeps } from "./deps";
import { createProdWorker, type ProdWorker } from "./worker";

let inApp: { worker: ProdWorker; stop: AbortController } | null = null;

export function prodRuntime(): ProdDeps {
  const deps = batchRuntime();
  if (process.env.IN_APP_WORKER !== "0" && !inApp) {
    const stop = new AbortController();
    const worker = createProdWorker({ deps });
    inApp = { worker, stop };
    void worker.runWorkerLoop({ signal: stop.signal, pollMs: workerPollMs() });
  }
  return deps;
}
