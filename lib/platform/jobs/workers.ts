/**
 * The one place workers are started. Each domain registers how to make its
 * worker once (`registerWorker`, in its runtime module); the app process then
 * starts a kind on first use (`startInAppWorker`: none when IN_APP_WORKER=0,
 * IN_APP_WORKER_CONCURRENCY of them otherwise, once per process), and
 * `npm run worker` starts the kinds it was asked for (`startWorkers`), both
 * with the settings of lib/platform/jobs/settings.ts.
 */
import { workerSettings, type WorkerSettings } from "./settings";
import type { Log } from "./kit";
import { queueDriver } from "./driver";

/** What a worker loop offers (the kit's workers, and the production worker's tick). */
export interface LoopWorker {
  readonly workerId: string;
  runWorkerLoop(o: { signal: AbortSignal; pollMs?: number }): Promise<void>;
}

export type WorkerFactory<W extends LoopWorker = LoopWorker> = (s: WorkerSettings, o: { log?: Log }) => W;

const factories = new Map<string, WorkerFactory>();
const running = new Map<string, { workers: LoopWorker[]; stop: AbortController }>();

/** How to make a worker of `kind` (the first registration stands: modules may load twice in dev). */
export function registerWorker<W extends LoopWorker>(kind: string, make: WorkerFactory<W>): void {
  if (!factories.has(kind)) factories.set(kind, make);
}

export function registeredKinds(): string[] {
  return [...factories.keys()];
}

/**
 * Starts the app process's workers of `kind` once (IN_APP_WORKER_CONCURRENCY
 * of them) and returns the first; null when IN_APP_WORKER=0.
 */
export function startInAppWorker<W extends LoopWorker>(
  kind: string,
  settings: WorkerSettings = workerSettings(),
): W | null {
  if (!settings.inApp) return null;
  const started = running.get(kind);
  if (started) return started.workers[0] as W;
  const make = factories.get(kind);
  if (!make) throw new Error(`no worker registered for "${kind}"`);
  const stop = new AbortController();
  const workers = Array.from({ length: settings.concurrency }, () => make(settings, {}));
  running.set(kind, { workers, stop });
  for (const w of workers) void w.runWorkerLoop({ signal: stop.signal, pollMs: settings.pollMs });
  return workers[0] as W;
}

/** `npm run worker`: one worker of each kind asked for, until `signal` aborts; resolves when all have stopped. */
export function startWorkers(
  kinds: readonly string[],
  o: { signal: AbortSignal; log: Log; settings?: WorkerSettings },
): Promise<void>[] {
  const settings = o.settings ?? workerSettings();
  return kinds.map((kind) => {
    const make = factories.get(kind);
    if (!make) throw new Error(`no worker registered for "${kind}"`);
    const w = make(settings, { log: o.log });
    const waits = queueDriver().kind === "bullmq" ? "waits in Redis for deliveries" : `poll ${settings.pollMs} ms`;
    console.log(`${kind} worker ${w.workerId} started (${waits})`);
    return w.runWorkerLoop({ signal: o.signal, pollMs: settings.pollMs });
  });
}
