/**
 * Fair shares of the job queue: whose work goes next, so one owner's backlog
 * never holds back everyone else's.
 *
 * - **Round-robin between owners.** A claim does not take the oldest queued
 *   job: it takes the oldest job of the next owner after the last one served
 *   (`owner_id > cursor`, ordered by owner then age, one document), wrapping
 *   to the first owner at the end. That is a skip-scan over the index
 *   (type, state, owner_id, created_at): each step reads one document, however
 *   many jobs an owner has queued. The cursor is in memory, one per process
 *   and set of job types (`claimCursor`): workers of one kind in a process
 *   share it; workers in other processes keep their own, so across processes
 *   the order is round-robin per process, never a scan.
 * - **A running limit per owner.** `JOB_OWNER_MAX_RUNNING` (settings.ts), and
 *   a resolver the app may register (`registerOwnerLimit`, e.g. the plan's
 *   "jobs at once": platform code knows no plans), the smaller one wins. An
 *   owner at its limit is passed over (the cursor moves on); live running jobs
 *   are counted (`running` with a lease not yet ended, of any type: a retry
 *   waiting out its backoff counts too).
 *
 * The store stays the source of truth: these helpers only choose; the claim
 * itself is the store transaction in queue.ts.
 */
import type { Db } from "@/lib/platform/db/db";
import { jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { jobOwnerMaxRunning } from "./settings";

/** Where a round-robin stands: the last owner served (null: start from the first). */
export interface FairCursor {
  last: string | null;
}

const cursors = new Map<string, FairCursor>();

/** This process's cursor for workers claiming `types` (all types when none). */
export function claimCursor(types?: readonly string[]): FairCursor {
  const key = types ? [...types].sort().join(",") : "*";
  let c = cursors.get(key);
  if (!c) cursors.set(key, (c = { last: null }));
  return c;
}

/** How many jobs an owner may run at once (null or undefined: no limit of the resolver's). */
export type OwnerLimitResolver = (ownerId: string, db: Db) => Promise<number | null | undefined>;

let resolver: OwnerLimitResolver | null = null;
let resolverCacheMs = 30_000;
const resolved = new Map<string, { limit: number | null; until: number }>();
const MAX_CACHED = 10_000;

/**
 * The app's own per-owner limit (the registry registers the plan's "jobs at
 * once"). Answers are kept `cacheMs` per owner (default 30 s). Null removes it.
 */
export function registerOwnerLimit(r: OwnerLimitResolver | null, o: { cacheMs?: number } = {}): void {
  resolver = r;
  resolverCacheMs = o.cacheMs ?? 30_000;
  resolved.clear();
}

/**
 * The owner's running limit: the smaller of `fixed` (default JOB_OWNER_MAX_RUNNING)
 * and the registered resolver's answer; null when neither sets one. A resolver
 * that fails sets none (the claim goes on: the limit is a share, not a guard).
 */
export async function ownerRunningLimit(
  db: Db,
  ownerId: string,
  o: { fixed?: number | null; now?: number } = {},
): Promise<number | null> {
  const fixed = o.fixed === undefined ? (jobOwnerMaxRunning() ?? null) : o.fixed;
  let own: number | null = null;
  if (resolver) {
    const now = o.now ?? Date.now();
    const hit = resolved.get(ownerId);
    if (hit && hit.until > now) own = hit.limit;
    else {
      const r = resolver;
      own = await r(ownerId, db).then(
        (n) => (typeof n === "number" && Number.isFinite(n) && n >= 1 ? Math.floor(n) : null),
        () => null,
      );
      if (resolved.size >= MAX_CACHED) resolved.clear();
      resolved.set(ownerId, { limit: own, until: now + resolverCacheMs });
    }
  }
  if (fixed === null) return own;
  return own === null ? fixed : Math.min(fixed, own);
}

/** The owner's live running jobs (a lease not yet ended), read up to `limit` (the store counts no further). */
export function liveRunningQuery(db: Db, ownerId: string, now: Date, limit: number) {
  return db
    .collection(jobs)
    .where("owner_id", "==", ownerId)
    .where("state", "==", "running")
    .where("lease_expires_at", ">", now.toISOString())
    .limit(limit);
}

/** Whether the owner already runs `limit` jobs (outside a transaction: the claim checks again inside its own). */
export async function ownerAtLimit(db: Db, ownerId: string, now: Date, limit: number | null): Promise<boolean> {
  if (limit === null) return false;
  return (await liveRunningQuery(db, ownerId, now, limit).count()) >= limit;
}

function before(a: DocSnapshot<JobDoc>, b: DocSnapshot<JobDoc>): boolean {
  if (a.data.owner_id !== b.data.owner_id) return a.data.owner_id < b.data.owner_id;
  if (a.data.created_at !== b.data.created_at) return a.data.created_at < b.data.created_at;
  return a.id < b.id;
}

/**
 * The oldest queued job of the first owner after `after` (null: from the
 * first owner), of `types` (any when none), or null when no owner after it has
 * one. One query per type, each reading one document from the index
 * (type, state, owner_id, created_at): never an owner's backlog.
 */
export async function firstQueuedAfter(
  db: Db,
  types: readonly string[] | undefined,
  after: string | null,
): Promise<DocSnapshot<JobDoc> | null> {
  const col = db.collection(jobs);
  const one = async (type: string | null) => {
    let q =
      type === null ? col.where("state", "==", "queued") : col.where("type", "==", type).where("state", "==", "queued");
    if (after !== null) q = q.where("owner_id", ">", after);
    const [first] = await q.orderBy("owner_id").orderBy("created_at").limit(1).get();
    return first ?? null;
  };
  const found = await Promise.all(types ? [...new Set(types)].map(one) : [one(null)]);
  let best: DocSnapshot<JobDoc> | null = null;
  for (const f of found) if (f && (!best || before(f, best))) best = f;
  return best;
}

/**
 * The next owner's oldest queued job in round-robin order after `cursor`:
 * the owners after it, then from the first owner again. Null when nothing is
 * queued (the cursor then starts over).
 */
export async function nextQueued(
  db: Db,
  types: readonly string[] | undefined,
  cursor: FairCursor,
): Promise<DocSnapshot<JobDoc> | null> {
  const next = await firstQueuedAfter(db, types, cursor.last);
  if (next || cursor.last === null) return next;
  return firstQueuedAfter(db, types, null);
}

/**
 * Takes items from several lanes in turn (a, b, c, a, b, c, ...), each
 * lane's own order kept, up to `n`: how one owner's free slots are shared
 * between its lanes (e.g. a staff member's pipelines, by client).
 */
export function interleave<T>(lanes: readonly (readonly T[])[], n: number): T[] {
  const out: T[] = [];
  for (let round = 0; out.length < n; round++) {
    let any = false;
    for (const lane of lanes) {
      if (round < lane.length) {
        any = true;
        out.push(lane[round]!);
        if (out.length >= n) break;
      }
    }
    if (!any) break;
  }
  return out;
}
