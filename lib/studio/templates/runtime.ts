import "server-only";
/** The studio's stores and the one-time starter seeding, for route handlers. */
import { getDb } from "@/lib/platform/db";
import { workerSettings } from "@/lib/platform/jobs/settings";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { getBlobStore } from "@/lib/platform/storage";
import { seedOnce, type StudioDeps } from "./service";

let ready: (() => Promise<void>) | null = null;

export function studioDeps(): StudioDeps {
  const db = getDb();
  ready ??= seedOnce(db);
  return { db, store: getBlobStore(), ready };
}

/** Registers the test-render worker ("studio"); the renderer and the worker load only when it is wanted. */
export async function registerTestRenderWorker(): Promise<void> {
  const [{ createTestRenderWorker }, { getRenderer }] = await Promise.all([
    import("./remotion-test"),
    import("@/lib/engine/render"),
  ]);
  registerWorker("studio", (settings, o) =>
    createTestRenderWorker({
      db: getDb(),
      store: getBlobStore(),
      renderer: getRenderer,
      fps: settings.renderFps,
      ...o,
    }),
  );
}

/** Runs the test-render worker inside the app process (IN_APP_WORKER=0 leaves it to `npm run worker`). */
export async function startTestRenderWorker(): Promise<void> {
  if (!workerSettings().inApp) return;
  await registerTestRenderWorker();
  startInAppWorker("studio");
}
