/**
 * The embedded queue driver (QUEUE_DRIVER=embedded, the default): today's
 * queue on the store. `next` is `claimJob` (queue.ts: the fair selection of
 * the oldest queued job, else a running job whose lease ran out); an idle
 * worker polls (WORKER_POLL_MS); the kit reaps abandoned jobs before each claim.
 */
import { claimJob } from "../queue";
import type { Claimed, QueueDriver } from "../driver";

const done = async () => undefined;

export const embeddedDriver: QueueDriver = {
  kind: "embedded",
  reapsOnClaim: true,
  blockMs: 0,
  async next(o): Promise<Claimed | null> {
    const job = await claimJob(o.db, { workerId: o.holder, leaseMs: o.leaseMs, types: o.types, now: o.now() });
    return job && { job, finish: done };
  },
  release: done,
  close: done,
};
