import "server-only";
/**
 * Where the bulk domain meets the configured stores and the process: route
 * handlers call `batchRuntime()`; `startBatchWorker()` runs the bulk worker in
 * the app process beside the video render worker (both start here, on the
 * first batch request; IN_APP_WORKER=0 leaves them to `npm run worker`).
 */
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";
import { videoDeps, videoRuntime } from "@/lib/creation/video/runtime";
import type { BatchDeps } from "./service";
import { batchLinks } from "./links";
import { createBatchWorker, type BatchWorker } from "./worker";

export function batchRuntime(): BatchDeps {
  const deps = videoRuntime();
  startBatchWorker();
  return deps;
}

registerWorker("bulk", (_s, o) => createBatchWorker({ video: videoDeps(), links: batchLinks(), ...o }));

export function startBatchWorker(): BatchWorker | null {
  startWebhookWorker(); // delivers the batch.finished events
  return startInAppWorker<BatchWorker>("bulk");
}
