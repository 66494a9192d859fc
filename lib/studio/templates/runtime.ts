import "server-only";
/** The studio's stores and the one-time starter seeding, for route handlers. */
import { getDb } from "@/lib/db";
import { workerPollMs } from "@/lib/jobs/queue";
import { getBlobStore } from "@/lib/storage";
import { seedOnce, type StudioDeps } from "./service";

let ready: (() => Promise<void>) | null = null;

export function studioDeps(): StudioDeps {
  const db = getDb();
  ready ??= seedOnce(db);
  return { db, store: getBlobStore(), ready };
}

let worker: { stop: AbortController } | null = null;

/** Runs the test-render worker inside the app process (IN_APP_WORKER=0 leaves it to `npm run worker`). */
export async function startTestRenderWorker(): Promise<void> {
  if (process.env.IN_APP_WORKER === "0" || worker) return;
  const [{ createTestRenderWorker }, { getRenderer }] = await Promise.all([import("./remotion-test"), import("@/lib/render")]);
  const stop = new AbortController();
  worker = { stop };
  const fps = Number(process.env.RENDER_FPS);
  void createTestRenderWorker({ db: getDb(), store: getBlobStore(), renderer: getRenderer, fps: Number.isInteger(fps) && fps >= 1 && fps <= 60 ? fps : undefined }).runWorkerLoop({ signal: stop.signal, pollMs: workerPollMs() });
}
