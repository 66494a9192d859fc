/**
 * Owner limits on the bullmq driver, kept outside BullMQ (its groups, which
 * do this, are in the paid edition). At most `limit` of an owner's deliveries
 * are in BullMQ at once, across job types: waiting, delayed (a retry's
 * backoff holds its slot, as in the store's count) or running. The rest wait
 * in the owner's parked set in Redis, oldest first, and move into BullMQ one
 * by one as the owner's deliveries leave it (claimed jobs finishing, stale
 * deliveries dropped).
 *
 * So a worker never takes a delivery only to find its owner at the limit and
 * put it back: the free workers wait in Redis, and a light owner's first job
 * is taken the moment it is announced, however many the heavy owner queued.
 * The store still has the last word (claimJobById counts the owner's running
 * jobs); the gate only keeps the engine from offering what the store would
 * refuse.
 *
 * Keys (per owner): `<prefix>:owner:<owner>:inflight`, a set of members
 * `<type>|<delivery id>` in BullMQ; `<prefix>:owner:<owner>:parked`, a sorted
 * set of members by when they become claimable (ms); and
 * `<prefix>:gated-owners`, the owners with either, for the reconciler. Each
 * step is one Lua script, so two processes admitting or releasing for one
 * owner cannot both take the last slot. A process that dies between a script
 * and the BullMQ call it decided leaves the in-flight set one off; the
 * reconciler (`inflight` + `release`) repairs it from BullMQ's own states.
 */
import type { Redis } from "ioredis";

/** An owner without a limit: the gate still tracks its deliveries, so a limit set later applies at once. */
export const NO_LIMIT = 1_000_000_000;

export interface GateMember {
  type: string;
  deliveryId: string;
  jobId: string;
}

export function gateMember(type: string, deliveryId: string): string {
  return `${type}|${deliveryId}`;
}

/** `<type>|<job id>.<attempts>`; null for anything else (a key someone else wrote). */
export function parseGateMember(member: string): GateMember | null {
  const bar = member.indexOf("|");
  const deliveryId = member.slice(bar + 1);
  const dot = deliveryId.lastIndexOf(".");
  if (bar <= 0 || dot <= 0) return null;
  return { type: member.slice(0, bar), deliveryId, jobId: deliveryId.slice(0, dot) };
}

function keys(prefix: string, owner: string): [string, string, string] {
  return [`${prefix}:owner:${owner}:inflight`, `${prefix}:owner:${owner}:parked`, `${prefix}:gated-owners`];
}

/**
 * A new delivery of `owner`: "add" when it may go into BullMQ now (or is
 * already in flight: adding again is a no-op there), "parked" when it waits
 * its turn (or already does). Once anything is parked, newcomers park behind
 * it, so an owner's jobs keep their order.
 */
export async function admit(
  redis: Redis,
  prefix: string,
  owner: string,
  member: string,
  limit: number,
  atMs: number,
): Promise<"add" | "parked"> {
  const r = await redis.eval(ADMIT, 3, ...keys(prefix, owner), member, String(limit), String(atMs), owner);
  return r === 1 ? "add" : "parked";
}

/**
 * One of `owner`'s deliveries left BullMQ (`member`; "" for none, the
 * reconciler's top-up): frees its slot and moves parked members into the free
 * slots, oldest first. Returns those, with when each becomes claimable; the
 * caller adds them to BullMQ.
 */
export async function release(
  redis: Redis,
  prefix: string,
  owner: string,
  member: string,
  limit: number,
): Promise<{ member: string; atMs: number }[]> {
  const r = (await redis.eval(RELEASE, 3, ...keys(prefix, owner), member, String(limit), owner)) as string[];
  const out: { member: string; atMs: number }[] = [];
  for (let i = 0; i + 1 < r.length; i += 2) out.push({ member: r[i]!, atMs: Number(r[i + 1]) });
  return out;
}

/** The owners the gate holds anything for (the reconciler's list). */
export function gatedOwners(redis: Redis, prefix: string): Promise<string[]> {
  return redis.smembers(`${prefix}:gated-owners`);
}

/** The owner's in-flight members. */
export function inflight(redis: Redis, prefix: string, owner: string): Promise<string[]> {
  return redis.smembers(keys(prefix, owner)[0]);
}

/** The owner's parked members, oldest first. */
export function parked(redis: Redis, prefix: string, owner: string): Promise<string[]> {
  return redis.zrange(keys(prefix, owner)[1], "0", "-1");
}

/** Whether `member` waits in the owner's parked set. */
export async function isParked(redis: Redis, prefix: string, owner: string, member: string): Promise<boolean> {
  return (await redis.zscore(keys(prefix, owner)[1], member)) !== null;
}

/** Drops in-flight members BullMQ no longer has (the reconciler's repair); then `release(…, "")` refills. */
export async function forget(redis: Redis, prefix: string, owner: string, members: readonly string[]): Promise<void> {
  if (members.length) await redis.srem(keys(prefix, owner)[0], ...members);
}

const ADMIT = `if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 0 end
redis.call('SADD', KEYS[3], ARGV[4])
if redis.call('ZCARD', KEYS[2]) > 0 or redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
  return 0
end
redis.call('SADD', KEYS[1], ARGV[1])
return 1`;

const RELEASE = `if ARGV[1] ~= '' then redis.call('SREM', KEYS[1], ARGV[1]) end
local out = {}
while redis.call('SCARD', KEYS[1]) < tonumber(ARGV[2]) do
  local p = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  if #p == 0 then break end
  redis.call('ZREM', KEYS[2], p[1])
  redis.call('SADD', KEYS[1], p[1])
  out[#out + 1] = p[1]
  out[#out + 1] = p[2]
end
if redis.call('SCARD', KEYS[1]) == 0 and redis.call('ZCARD', KEYS[2]) == 0 then redis.call('SREM', KEYS[3], ARGV[3]) end
return out`;
