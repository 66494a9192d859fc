import "server-only";
/**
 * Where the quick preview meets the configured stores and the process: the
 * preview route calls `previewRuntime()`, which starts the in-app preview
 * worker (kind "preview", beside the render worker so a preview does not wait
 * for a render's worker; both draw frames with the one shared renderer).
 * IN_APP_WORKER=0 leaves it to `npm run worker` (WORKERS=video or preview).
 */
import { getDb } from "@/lib/platform/db";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { getRenderer } from "@/lib/engine/render";
import { getBlobStore } from "@/lib/platform/storage";
import { createPreviewWorker, type PreviewWorker } from "./preview-job";
import { videoRuntime } from "./runtime";
import type { VideoDeps } from "./service/shared";

registerWorker("preview", (settings, o) =>
  createPreviewWorker({
    db: getDb(),
    store: getBlobStore(),
    renderer: getRenderer,
    renderWidth: settings.renderWidth,
    renderFps: settings.renderFps,
    ...o,
  }),
);

export function previewRuntime(): VideoDeps {
  const deps = videoRuntime();
  startInAppWorker<PreviewWorker>("preview");
  return deps;
}
