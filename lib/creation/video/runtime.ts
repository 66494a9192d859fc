import "server-only";
/**
 * The one place the video domain meets the configured stores, the renderer
 * and the process: route handlers call `videoRuntime()`; `startVideoWorker()`
 * runs the render worker inside the app process (lib/platform/jobs/workers.ts: the
 * default; IN_APP_WORKER=0 leaves it to `npm run worker`).
 */
import { getDb } from "@/lib/platform/db";
import { starterLibraryReady } from "@/lib/engine/composition/starter-ready";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";
import { getRenderer } from "@/lib/engine/render";
import { getBlobStore } from "@/lib/platform/storage";
import type { VideoDeps } from "./service/shared";
import { createVideoWorker, type VideoWorker } from "./worker";

/** Seeds the starter library once per process (shared with the layout studio). */
const ready = starterLibraryReady;

export function videoRuntime(): VideoDeps {
  startVideoWorker();
  return videoDeps();
}

/** The same deps without starting the in-app worker (standalone workers). */
export function videoDeps(): VideoDeps {
  return { db: getDb(), store: getBlobStore(), ready };
}

registerWorker("video", (settings, o) =>
  createVideoWorker({
    db: getDb(),
    store: getBlobStore(),
    renderer: getRenderer,
    renderWidth: settings.renderWidth,
    renderFps: settings.renderFps,
    ...o,
  }),
);

export function startVideoWorker(): VideoWorker | null {
  // The Remotion bundle is made by the start and test scripts (a missing one fails renders with a clear reason).
  // The bulk worker starts from the batch routes (lib/creation/batches/runtime.ts): bulk builds on video, not the reverse.
  startWebhookWorker(); // delivers the video.ready / video.failed events this worker emits
  return startInAppWorker<VideoWorker>("video");
}
