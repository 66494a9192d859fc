import "server-only";
/**
 * Where the design domain meets the configured stores, the renderer and the
 * process: route handlers call `designRuntime()`; `startDesignWorker()` runs
 * the export worker inside the app process (IN_APP_WORKER=0 leaves it to
 * `npm run worker`). The starter library is seeded the way videos seed it.
 */
import { workerPollMs } from "@/lib/db/jobs";
import { getDb } from "@/lib/db";
import { getRenderer } from "@/lib/render";
import { getBlobStore } from "@/lib/storage";
import { videoRuntime } from "@/lib/video/runtime";
import type { DesignDeps } from "./service/shared";
import { createDesignWorker, type DesignWorker } from "./worker";

export function designRuntime(): DesignDeps {
  startDesignWorker();
  const { ready } = videoRuntime();
  return { db: getDb(), store: getBlobStore(), ready };
}

/** RENDER_WIDTH renders every export at that width (tests and CI keep renders small). */
export function renderWidthFromEnv(): number | undefined {
  const n = Number(process.env.RENDER_WIDTH);
  return Number.isInteger(n) && n >= 64 && n <= 4096 ? n : undefined;
}

let inApp: { worker: DesignWorker; stop: AbortController } | null = null;

export function startDesignWorker(pollMs = workerPollMs()): DesignWorker | null {
  if (process.env.IN_APP_WORKER === "0") return null;
  if (!inApp) {
    const stop = new AbortController();
    const worker = createDesignWorker({ db: getDb(), store: getBlobStore(), renderer: getRenderer, renderWidth: renderWidthFromEnv() });
    inApp = { worker, stop };
    void worker.runWorkerLoop({ signal: stop.signal, pollMs });
  }
  return inApp.worker;
}
