/**
 * `npm run worker`: standalone workers against the configured database and
 * blob store (DB_DRIVER / FIRESTORE_EMULATOR_HOST / DATA_DIR / STORAGE_DRIVER),
 * each claiming only its own job types. Run as many as you like, on any
 * machines sharing Firestore; each claims jobs under a lease. The kinds are
 * registered by their domains' runtime modules (lib/platform/jobs/workers.ts), and read
 * the same settings as the app's in-app workers (lib/platform/jobs/settings.ts).
 * WORKERS=image, video, bulk, design, prod, prompts, eval, studio or webhooks (comma-separated; default image,video,design,eval):
 * "image", "video" and "design" also run the webhooks worker (users' webhook deliveries);
 * "video" also runs the quick preview worker (preview), the bulk worker (plans batch rows and hands their renders to the video worker), the
 * production worker (prod: scheduler, webhooks) and the /remotion-test renders (studio);
 * "prompts" runs prompt-testing runs (not on by default here: the app runs them in-process).
 * QUEUE_DRIVER=bullmq (with REDIS_URL): jobs are delivered by BullMQ; idle workers wait in Redis, not on the
 * store (lib/platform/jobs/driver.ts), and this process announces the jobs it creates.
 * SIGINT/SIGTERM: stop claiming, finish the current job, exit.
 * Needs `--conditions=react-server` (see package.json) so "server-only" modules load.
 */
import "@/lib/media/images/runtime";
import "@/lib/creation/video/runtime";
import "@/lib/creation/video/preview-runtime";
import "@/lib/creation/batches/runtime";
import "@/lib/creation/designs/runtime";
import "@/lib/operations/production/runtime";
import "@/lib/operations/prompt-testing/runtime";
import "@/lib/operations/fc-report/runtime";
import "@/lib/platform/webhooks/runtime";
import { registerTestRenderWorker } from "../lib/studio/templates/runtime";
import { startWorkers } from "@/lib/platform/jobs/workers";
import { queueDriver, startQueueDriver } from "@/lib/platform/jobs/driver";
import "../lib/registry/register";
import { getRenderer } from "@/lib/engine/render";

const asked = (process.env.WORKERS ?? "image,video,design,eval").split(",").map((k) => k.trim());
const has = (...k: string[]) => k.some((x) => asked.includes(x));
const kinds = [
  ...(has("image") ? ["image"] : []),
  ...(has("video") ? ["video"] : []),
  ...(has("video", "preview") ? ["preview"] : []),
  ...(has("video", "bulk") ? ["bulk"] : []),
  ...(has("video", "prod") ? ["prod"] : []),
  ...(has("design") ? ["design"] : []),
  ...(has("prompts") ? ["prompts"] : []),
  ...(has("eval") ? ["eval"] : []),
  ...(has("video", "studio") ? ["studio"] : []),
  // Users' webhooks: the events the image, video, bulk and design workers emit are delivered from here too.
  ...(has("image", "video", "bulk", "design", "webhooks") ? ["webhooks"] : []),
];
const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());
const log = (msg: string, err?: unknown) => console.error(`[worker] ${msg}`, err ?? "");

console.log(`queue driver: ${startQueueDriver()}`);
registerTestRenderWorker()
  .then(() => Promise.all(startWorkers(kinds, { signal: stop.signal, log })))
  .finally(() => queueDriver().close())
  // The renderer (one browser) is shared by the video and design workers: closed when both have stopped.
  .finally(() => (has("video", "design") ? getRenderer().close() : undefined))
  .then(() => console.log("workers stopped"))
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
