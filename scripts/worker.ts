/**
 * `npm run worker`: a standalone image worker against the configured database
 * and blob store (DB_DRIVER / FIRESTORE_EMULATOR_HOST / DATA_DIR / STORAGE_DRIVER).
 * Run as many as you like, on any machines sharing Firestore; each claims jobs
 * under a lease. SIGINT/SIGTERM: stop claiming, finish the current job, exit.
 * Needs `--conditions=react-server` (see package.json) so "server-only" modules load.
 */
import { createImageWorker } from "../lib/images/worker";
import { imageRuntime } from "../lib/images/runtime";

const pollMs = Number(process.env.WORKER_POLL_MS ?? 1000);
const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());

const worker = createImageWorker({ ...imageRuntime(), log: (msg, err) => console.error(`[worker] ${msg}`, err ?? "") });
console.log(`image worker ${worker.workerId} started (poll ${pollMs} ms)`);
worker
  .runWorkerLoop({ signal: stop.signal, pollMs })
  .then(() => console.log("image worker stopped"))
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
