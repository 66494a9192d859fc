import "server-only";
/**
 * Where production meets the configured stores and the process: route
 * handlers call `prodRuntime()`, which starts the bulk and video workers
 * (the renders) and the production worker (scheduler tick, run settling,
 * webhooks) in the app process unless IN_APP_WORKER=0 (then `npm run worker`).
 */
import { batchRuntime } from "@/lib/creation/batches/runtime";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { videoDeps } from "@/lib/creation/video/runtime";
import type { ProdDeps } from "./deps";
import { createProdWorker, type ProdWorker } from "./worker";

// Production: the scheduler tick, settling runs and webhook deliveries (their renders are bulk items).
registerWorker("prod", (_s, o) => createProdWorker({ deps: videoDeps(), ...o }));

export function prodRuntime(): ProdDeps {
  const deps = batchRuntime();
  startInAppWorker<ProdWorker>("prod");
  return deps;
}
