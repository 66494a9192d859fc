/**
 * The one reading of the workers' settings from the environment, for the
 * in-app workers (lib/platform/jobs/in-app.ts) and `npm run worker` (scripts/worker.ts)
 * alike, each with its bounds (a value out of bounds counts as unset):
 *   IN_APP_WORKER=0                 the app process runs no workers (leave them to `npm run worker`)
 *   IN_APP_WORKER_CONCURRENCY 1–8   how many of each kind of worker the app runs (default 1)
 *   WORKER_POLL_MS 50–10,000        how long an idle worker waits before looking again (default 1 s)
 *   RENDER_WIDTH 64–4096            renders every video, export and design at that width (tests and CI)
 *   RENDER_FPS 1–60                 renders every video at that frame rate (tests and CI: fewer frames, same length)
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
