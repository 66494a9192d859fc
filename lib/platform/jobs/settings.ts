/**
 * The one reading of the workers' settings from the environment, for the
 * in-app workers (lib/platform/jobs/in-app.ts) and `npm run worker` (scripts/worker.ts)
 * alike, each with its bounds (a value out of bounds counts as unset):
 *   IN_APP_WORKER=0                 the app process runs no workers (leave them to `npm run worker`)
 *   IN_APP_WORKER_CONCURRENCY 1–8   how many of each kind of worker the app runs (default 1)
 *   WORKER_POLL_MS 50–10,000        how long an idle worker waits before looking again (default 1 s)
 *   RENDER_WIDTH 64–4096            renders every video, export and design at that width (tests and CI)
 *   RENDER_FPS 1–60                 renders every video at that frame rate (tests and CI: fewer frames, same length)
 * and of the queue engine (lib/platform/jobs/driver.ts):
 *   QUEUE_DRIVER embedded|bullmq    embedded (default): workers claim from the store; bullmq: BullMQ on REDIS_URL delivers
 *   REDIS_URL                       redis:// or rediss://; required by QUEUE_DRIVER=bullmq
 *   JOB_OWNER_MAX_RUNNING 1–1000    at most this many jobs of one owner running at once (default: no limit beyond the plan's)
 *   JOB_RECONCILE_MS 1,000–3,600,000  how often the reconciler (one instance at a time) re-announces jobs the engine lost (default 60 s)
 *   QUEUE_BLOCK_MS 100–10,000       how long an idle bullmq worker waits in Redis before it looks again (default 5 s)
 */
type Env = Record<string, string | undefined>;

export interface WorkerSettings {
  inApp: boolean;
  concurrency: number;
  pollMs: number;
  /** Undefined: the plan's size. */
  renderWidth: number | undefined;
  /** Undefined: 30 fps. */
  renderFps: number | undefined;
}

function intIn(raw: string | undefined, min: number, max: number): number | undefined {
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** How long an idle worker waits before looking again: `WORKER_POLL_MS` (50–10,000), else `fallback` (1 s). */
export function workerPollMs(env: Env = process.env, fallback = 1000): number {
  return intIn(env.WORKER_POLL_MS, 50, 10_000) ?? fallback;
}

export type QueueDriverKind = "embedded" | "bullmq";

export interface QueueSettings {
  driver: QueueDriverKind;
  /** Set when driver is bullmq. */
  redisUrl: string | null;
  /** Undefined: no per-owner limit here. */
  ownerMaxRunning: number | undefined;
  reconcileMs: number;
  blockMs: number;
}

/** The queue engine's settings; throws (a configuration error, at start) for an unknown driver or bullmq without REDIS_URL. */
export function queueSettings(env: Env = process.env): QueueSettings {
  const raw = (env.QUEUE_DRIVER ?? "").trim() || "embedded";
  if (raw !== "embedded" && raw !== "bullmq") throw new Error(`QUEUE_DRIVER must be embedded or bullmq, not "${raw}"`);
  const url = (env.REDIS_URL ?? "").trim();
  if (url && !/^rediss?:\/\//.test(url)) throw new Error("REDIS_URL must start with redis:// or rediss://");
  if (raw === "bullmq" && !url) throw new Error("QUEUE_DRIVER=bullmq needs REDIS_URL (redis://host:port)");
  return {
    driver: raw,
    redisUrl: url || null,
    ownerMaxRunning: jobOwnerMaxRunning(env),
    reconcileMs: intIn(env.JOB_RECONCILE_MS, 1000, 3_600_000) ?? 60_000,
    blockMs: intIn(env.QUEUE_BLOCK_MS, 100, 10_000) ?? 5000,
  };
}

export function workerSettings(env: Env = process.env): WorkerSettings {
  return {
    inApp: env.IN_APP_WORKER !== "0",
    concurrency: intIn(env.IN_APP_WORKER_CONCURRENCY, 1, 8) ?? 1,
    pollMs: workerPollMs(env),
    renderWidth: intIn(env.RENDER_WIDTH, 64, 4096),
    renderFps: intIn(env.RENDER_FPS, 1, 60),
  };
}

/**
 * How many jobs one owner may run at once, whatever their type: `JOB_OWNER_MAX_RUNNING`
 * (1–1,000); undefined (unset or out of bounds) means no limit beyond the app's own
 * (lib/platform/jobs/fair.ts: the plan's "jobs at once" when the app registers it).
 */
export function jobOwnerMaxRunning(env: Env = process.env): number | undefined {
  return intIn(env.JOB_OWNER_MAX_RUNNING, 1, 1000);
}
