import "server-only";
/**
 * The one place the image domain meets lib/platform/ai and the configured stores.
 * Route handlers call `imageRuntime()`; `startInAppWorker()` runs the worker
 * inside the app process (lib/platform/jobs/workers.ts: IN_APP_WORKER, its
 * concurrency), `scripts/worker.ts` runs it alone.
 */
import { generateImages, listImageModels } from "@/lib/platform/ai";
import { getDb } from "@/lib/platform/db";
import { registerWorker, startInAppWorker as startWorker } from "@/lib/platform/jobs/workers";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";
import { getBlobStore } from "@/lib/platform/storage";
import type { ImageWorkerDeps } from "./types";
import { createImageWorker, type ImageWorker } from "./worker";

export function imageRuntime(): ImageWorkerDeps {
  return { db: getDb(), store: getBlobStore(), generate: generateImages, models: listImageModels };
}

registerWorker("image", (_s, o) => createImageWorker({ ...imageRuntime(), ...o }));

/** Idempotent: the in-process image workers, started once per server process (none when IN_APP_WORKER=0). */
export function startInAppWorker(): ImageWorker | null {
  startWebhookWorker(); // delivers the image.ready events this worker emits
  return startWorker<ImageWorker>("image");
}
