/**
 * Fair order on the bullmq driver, in the open edition (BullMQ's groups are
 * paid): a delivery's BullMQ priority is its owner's rank among the owner's
 * deliveries waiting in that queue (1 for the first, 2 for the second, …).
 * BullMQ serves lower priorities first and equal priorities in FIFO order, so
 * the queue goes round-robin between owners: every owner's first job, then
 * every owner's second, whatever order they were submitted in. A heavy
 * owner's 500th job waits behind a light owner's first.
 *
 * The ranks are a Redis hash per queue (owner → deliveries waiting): +1 when a
 * delivery is added, −1 when one is taken off the queue for good. The count
 * can drift (a worker killed between the two); that only shifts the order a
 * little, never what runs (the store decides that).
 */
import type { Redis } from "ioredis";

/** BullMQ's largest priority (2^21). */
export const MAX_PRIORITY = 2 ** 21;

export function ranksKey(prefix: string, queue: string): string {
  return `${prefix}:${queue}:owner-ranks`;
}

/** The priority for a new delivery of `owner` in `queue`: its rank among the owner's waiting deliveries. */
export async function nextOwnerRank(redis: Redis, prefix: string, queue: string, owner: string): Promise<number> {
  const n = await redis.hincrby(ranksKey(prefix, queue), owner, 1);
  return Math.min(Math.max(1, n), MAX_PRIORITY);
}

/** One of `owner`'s deliveries left `queue` (claimed, or dropped as stale). */
export async function ownerDeliveryTaken(redis: Redis, prefix: string, queue: string, owner: string): Promise<void> {
  await redis.eval(DECREMENT, 1, ranksKey(prefix, queue), owner);
}

/** −1, and the owner's field gone at 0, atomically (an add between the two must not be lost). */
const DECREMENT = `local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;
