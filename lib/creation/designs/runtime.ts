import "server-only";
/**
 * Where the design domain meets the configured stores, the renderer and the
 * process: route handlers call `designRuntime()`; `startDesignWorker()` runs
 * the export worker inside the app process (IN_APP_WORKER=0 leaves it to
 * `npm run worker`). The starter library is seeded the way videos seed it.
 */
import { getDb } from "@/lib/platform/db";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { startWebhookWorker } from "@/lib/platform/webhooks/runtime";
import { getRenderer } from "@/lib/engine/render";
import { getBlobStore } from "@/lib/platform/storage";
import { videoRuntime } from "@/lib/creation/video/runtime";
import type { DesignDeps } from "./service/shared";
import { createDesignWorker, type DesignWorker } from "./worker";

export function designRuntime(): DesignDeps {
  startDesignWorker();
  const { ready } = videoRuntime();
  return { db: getDb(), store: getBlobStore(), ready };
}

registerWorker("design", (settings, o) =>
  createDesignWorker({
    db: getDb(),
    store: getBlobStore(),
    renderer: getRenderer,
    renderWidth: settings.renderWidth,
    ...o,
  }),
);

export function startDesignWorker(): DesignWorker | null {
  startWebhookWorker(); // delivers the design.ready events this worker emits
  return startInAppWorker<DesignWorker>("design");
}
