/**
 * `npm run worker`: standalone workers against the configured database and
 * blob store (DB_DRIVER / FIRESTORE_EMULATOR_HOST / DATA_DIR / STORAGE_DRIVER):
 * the image worker, the video render worker, the bulk worker (plans batch
 * rows and hands their renders to the video worker) and the design export
 * worker, each claiming only its own job types. Run as many as you like, on
 * any machines sharing Firestore; each claims jobs under a lease.
 * WORKERS=image, video, bulk or design (comma-separated) runs those kinds;
 * "video" also runs the bulk worker and the production worker (prod: scheduler, webhooks);
 * "prompts" runs prompt-testing runs (not on by default here: the app runs them in-process);
 * "eval" runs function-calling evaluations; "video" or "studio" runs /remotion-test renders.
 * SIGINT/SIGTERM: stop claiming, finish the current job, exit.
 * Needs `--conditions=react-server` (see package.json) so "server-only" modules load.
 */
import { createImageWorker } from "../lib/images/worker";
import { imageRuntime } from "../lib/images/runtime";
import "../lib/registry/register";
import { getDb } from "../lib/db";
import { getRenderer } from "../lib/render";
import { getBlobStore } from "../lib/storage";
import { createVideoWorker } from "../lib/video/worker";
import { createBatchWorker } from "../lib/batches/worker";
import { batchLinks } from "../lib/batches/links";
import { videoDeps } from "../lib/video/runtime";
import { createDesignWorker } from "../lib/designs/worker";
import { createPromptWorker } from "../lib/prompts/worker";
import { runnerDeps } from "../lib/prompts/runtime";
import { createProdWorker } from "../lib/prod/worker";
import { createEvalWorker } from "../lib/fc-report/worker";
import { workerPollMs } from "../lib/db/jobs";
import { createTestRenderWorker } from "../lib/studio/templates/remotion-test";

const pollMs = workerPollMs();
const kinds = (process.env.WORKERS ?? "image,video,design,eval").split(",").map((k) => k.trim());
const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());
const log = (msg: string, err?: unknown) => console.error(`[worker] ${msg}`, err ?? "");

const loops: Promise<void>[] = [];
if (kinds.includes("image")) {
  const worker = createImageWorker({ ...imageRuntime(), log });
  console.log(`image worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("video")) {
  const width = Number(process.env.RENDER_WIDTH);
  const worker = createVideoWorker({ db: getDb(), store: getBlobStore(), renderer: getRenderer, log, renderWidth: Number.isInteger(width) && width >= 64 ? width : undefined });
  console.log(`video worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("video") || kinds.includes("bulk")) {
  const worker = createBatchWorker({ video: videoDeps(), links: batchLinks(), log });
  console.log(`bulk worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("video") || kinds.includes("prod")) {
  // Production: the scheduler tick, settling runs and webhook deliveries (their renders are bulk items).
  const worker = createProdWorker({ deps: videoDeps(), log });
  console.log(`prod worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("design")) {
  const width = Number(process.env.RENDER_WIDTH);
  const worker = createDesignWorker({ db: getDb(), store: getBlobStore(), renderer: getRenderer, log, renderWidth: Number.isInteger(width) && width >= 64 ? width : undefined });
  console.log(`design worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("prompts")) {
  const worker = createPromptWorker({ db: getDb(), runner: runnerDeps(), log });
  console.log(`prompt worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("eval")) {
  console.log(`function-calling evaluation worker started (poll ${pollMs} ms)`);
  loops.push(createEvalWorker({ db: getDb() }).runWorkerLoop({ signal: stop.signal, pollMs }));
}
if (kinds.includes("video") || kinds.includes("studio")) {
  // Staff test renders from /remotion-test.
  const worker = createTestRenderWorker({ db: getDb(), store: getBlobStore(), renderer: getRenderer, log });
  console.log(`studio test-render worker ${worker.workerId} started (poll ${pollMs} ms)`);
  loops.push(worker.runWorkerLoop({ signal: stop.signal, pollMs }));
}
// The renderer (one browser) is shared by the video and design workers: closed when both have stopped.
Promise.all(loops)
  .finally(() => (kinds.includes("video") || kinds.includes("design") ? getRenderer().close() : undefined))
  .then(() => console.log("workers stopped"))
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
