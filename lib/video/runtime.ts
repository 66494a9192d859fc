import "server-only";
/**
 * The one place the video domain meets the configured stores, the renderer
 * and the process: route handlers call `videoRuntime()`; `startVideoWorker()`
 * runs the render worker inside the app process (the default; IN_APP_WORKER=0
 * leaves it to `npm run worker`).
 */
import { workerPollMs } from "@/lib/db/jobs";
import { getDb } from "@/lib/db";
import { starterLibraryReady } from "@/lib/composition/starter-ready";
import { getRenderer } from "@/lib/render";
import { getBlobStore } from "@/lib/storage";
import type { VideoDeps } from "./service";
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

/** RENDER_WIDTH renders every video at that width (tests and CI keep renders small); unset = the plan's 720p/1080p. */
function renderWidthFromEnv(): number | undefined {
  const n = Number(process.env.RENDER_WIDTH);
  return Number.isInteger(n) && n >= 64 && n <= 4096 ? n : undefined;
}

/** RENDER_FPS renders every video at that frame rate (the test suite: fewer frames, same length); unset = 30. */
function renderFpsFromEnv(): number | undefined {
  const n = Number(process.env.RENDER_FPS);
  return Number.isInteger(n) && n >= 1 && n <= 60 ? n : undefined;
}

let inApp: { worker: VideoWorker; stop: AbortController } | null = null;

export function startVideoWorker(pollMs = workerPollMs()): VideoWorker | null {
  if (process.env.IN_APP_WORKER === "0") return null;
  if (!inApp) {
    const stop = new AbortController();
    const worker = createVideoWorker({ db: getDb(), store: getBlobStore(), renderer: getRenderer, renderWidth: renderWidthFromEnv(), renderFps: renderFpsFromEnv() });
    inApp = { worker, stop };
    // The Remotion bundle is made by the start and test scripts (a missing one fails renders with a clear reason).
    void worker.runWorkerLoop({ signal: stop.signal, pollMs });
    // Bulk rows render through this worker; their own worker starts with it (imported lazily: bulk builds on video, not the reverse).
    void import("@/lib/batches/runtime").then((m) => m.startBatchWorker(pollMs)).catch((e) => console.error("[video-runtime] bulk worker did not start", e));
  }
  return inApp.worker;
}
