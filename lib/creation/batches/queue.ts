import "server-only";
/**
 * How batch items move and how their credits add up. Every state change is
 * one transaction that re-reads the item, so a second caller (a retried
 * request, a second worker, a reload) finds the change made and does nothing.
 *
 * Credits: a batch is reserved in one debit when it starts (ledger
 * `debit-batch-<id>`); renders of its items are not debited again. An item
 * that fails or is cancelled gets its own refund (`refund-bi-<item>-<attempt>`),
 * at most once per attempt. A retry is charged anew (`debit-bretry-…`) and
 * refunded the same way if it fails again. So the ledger's sum for a batch is
 * always cost × (items done or still under way).
 *
 * Concurrency: waiting items start only while the owner has fewer jobs queued
 * or running than the plan's cap (the same count `assertWithinPlan` makes); the
 * rest wait their turn — nothing is refused.
 */
import { isPlanId, planLimits } from "@/lib/money/billing/plans";
import { prepareRefund } from "@/lib/money/credits/credits";
import { content, jobs, users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { batches, batchItems, type BatchItemDoc } from "./collections";
import { appLink, stageWebhookEvent } from "@/lib/platform/webhooks/events";
import { interleave } from "@/lib/platform/jobs/fair";

export const BATCH_ITEM_JOB = "batch.item";
export const BATCH_JOB_TYPES = [BATCH_ITEM_JOB] as const;
export const BATCH_ITEM_MAX_ATTEMPTS = 2;
const ACTIVE = ["queued", "running"] as const;
const SETTLED = new Set(["done", "failed", "cancelled"]);

export function refundKey(itemId: string, attempt: number): string {
  return `bi-${itemId}-${attempt}`;
}

export function queueKey(at: Date, position: number, ratioIndex: number): string {
  return `${at.toISOString()}-${String(position).padStart(4, "0")}-${ratioIndex}`;
}

/** Reads what settling `item` as failed/cancelled needs; the returned function stages the writes (after all reads). */
export async function prepareItemEnd(
  tx: Transaction,
  o: {
    db: Db;
    itemId: string;
    item: BatchItemDoc;
    state: "failed" | "cancelled" | "done";
    error?: string | null;
    now: Date;
  },
): Promise<() => void> {
  const { db, item, itemId } = o;
  const stageRefund =
    o.state !== "done" && !item.refunded && item.cost > 0
      ? await prepareRefund(tx, {
          db,
          uid: item.owner_id,
          jobId: refundKey(itemId, item.attempts),
          paidBy: item.charge_key,
          amount: item.cost,
          reason: `bulk item ${o.state}: row ${item.position + 1}, ${item.aspect_ratio}`,
          contentId: item.content_id ?? undefined,
          now: o.now,
        })
      : null;
  return () => {
    stageRefund?.();
    const at = o.now.toISOString();
    tx.update(db.collection(batchItems).doc(itemId), {
      state: o.state,
      progress: o.state === "done" ? 1 : item.progress,
      error: o.state === "failed" ? (o.error ?? "This row could not be made.").slice(0, 2000) : null,
      refunded: o.state !== "done" ? true : item.refunded,
      finished_at: at,
      updated_at: at,
    });
  };
}

/** Ends an item that is still in one of `from` (and, when given, still held by `jobId`). False when someone else moved it first. */
export async function endItem(
  db: Db,
  o: {
    itemId: string;
    from: readonly BatchItemDoc["state"][];
    jobId?: string;
    state: "failed" | "cancelled" | "done";
    error?: string | null;
    now: Date;
  },
): Promise<boolean> {
  const changed = await db.runTransaction(async (tx) => {
    const snap = await tx.get(db.collection(batchItems).doc(o.itemId));
    if (!snap || !o.from.includes(snap.data.state)) return false;
    if (o.jobId && snap.data.job_id !== o.jobId) return false;
    const stage = await prepareItemEnd(tx, {
      db,
      itemId: o.itemId,
      item: snap.data,
      state: o.state,
      error: o.error,
      now: o.now,
    });
    stage();
    return true;
  });
  if (changed) {
    const item = await db.collection(batchItems).doc(o.itemId).get();
    if (item) await finishBatchIfSettled(db, item.data.batch_id, o.now);
  }
  return changed;
}

/** Marks the batch finished once no item is waiting, planning or rendering. */
export async function finishBatchIfSettled(db: Db, batchId: string, now: Date): Promise<void> {
  const items = await db.collection(batchItems).where("batch_id", "==", batchId).orderBy("position").get();
  if (items.some((i) => !SETTLED.has(i.data.state))) return;
  await db.runTransaction(async (tx) => {
    const ref = db.collection(batches).doc(batchId);
    const b = await tx.get(ref);
    if (!b || b.data.state !== "running") return;
    tx.update(ref, { state: "finished", finished_at: now.toISOString(), updated_at: now.toISOString() });
    const count = (state: string) => items.filter((i) => i.data.state === state).length;
    // The owner's webhooks hear of it with the state change (a retry that finishes the batch again is a new event).
    stageWebhookEvent(db, tx, {
      ownerId: b.data.owner_id,
      type: "batch.finished",
      key: `${batchId}:${now.toISOString()}`,
      now,
      data: {
        object: "batch",
        id: batchId,
        name: b.data.name,
        status: "finished",
        items: { total: items.length, done: count("done"), failed: count("failed"), cancelled: count("cancelled") },
        finished_at: now.toISOString(),
        links: { api: appLink(`/api/v1/batches/${batchId}`), zip: appLink(`/api/v1/batches/${batchId}/zip`) },
      },
    });
  });
}

/** Where the dispatcher's round-robin stands, per process: the last owner served, and per owner the last lane. */
export interface DispatchCursor {
  owner: string | null;
  lanes: Map<string, string>;
}
const processCursor: DispatchCursor = { owner: null, lanes: new Map() };
const MAX_LANE_CURSORS = 10_000;

/** The first waiting item of the first owner after `after` (null: from the first owner): one document, from the index. */
async function firstOwnerAfter(db: Db, after: string | null): Promise<string | null> {
  let q = db.collection(batchItems).where("state", "==", "waiting");
  if (after !== null) q = q.where("owner_id", ">", after);
  const [first] = await q.orderBy("owner_id").orderBy("queue_key").limit(1).get();
  return first?.data.owner_id ?? null;
}

/**
 * Up to `n` of the owner's waiting items, its lanes in turn starting after the
 * last lane served (a skip-scan over lanes: one document per lane, then at most
 * `n` of that lane's oldest), each lane's own queue order kept. Reads at most
 * n lanes × n items, however long a lane's backlog.
 */
async function pickForOwner(db: Db, owner: string, n: number, cursor: DispatchCursor): Promise<string[]> {
  const waiting = db.collection(batchItems).where("owner_id", "==", owner).where("state", "==", "waiting");
  const start = cursor.lanes.get(owner) ?? null;
  const lanes: { lane: string; ids: string[] }[] = [];
  let after = start;
  let wrapped = start === null;
  while (lanes.length < n) {
    const q = after === null ? waiting : waiting.where("lane", ">", after);
    const [first] = await q.orderBy("lane").orderBy("queue_key").limit(1).get();
    if (!first) {
      if (wrapped) break;
      wrapped = true;
      after = null;
      continue;
    }
    const lane = first.data.lane;
    if (lanes.some((l) => l.lane === lane)) break; // all the owner's lanes are in
    const items = n > 1 ? await waiting.where("lane", "==", lane).orderBy("queue_key").limit(n).get() : [first];
    lanes.push({ lane, ids: items.map((i) => i.id) });
    after = lane;
  }
  if (!lanes.length) {
    // Items queued before lanes existed (no lane field): oldest first.
    const old = await db
      .collection(batchItems)
      .where("state", "==", "waiting")
      .where("owner_id", "==", owner)
      .orderBy("queue_key")
      .limit(n)
      .get();
    return old.map((i) => i.id);
  }
  const picked = interleave(
    lanes.map((l) => l.ids),
    n,
  );
  // The next visit starts after the lane that got the last slot.
  const last = picked[picked.length - 1];
  const lastLane = lanes.find((l) => l.ids.includes(last!))?.lane;
  if (lastLane !== undefined) {
    if (cursor.lanes.size >= MAX_LANE_CURSORS) cursor.lanes.clear();
    cursor.lanes.set(owner, lastLane);
  }
  return picked;
}

/** The owner's plan cap on jobs queued or running at once (the same count `assertWithinPlan` makes). */
function capOf(plan: string): number {
  return planLimits(isPlanId(plan) ? plan : "free").concurrentJobs;
}

/** Starts up to `budget` of one owner's waiting items, within its free slots; how many started. */
async function dispatchOwner(db: Db, owner: string, now: Date, budget: number, cursor: DispatchCursor) {
  const active = (cap: number) =>
    db
      .collection(jobs)
      .where("owner_id", "==", owner)
      .where("state", "in", [...ACTIVE])
      .limit(cap);
  // A first look outside the transaction, so a full owner costs two small reads and no transaction.
  const user = await db.collection(users).doc(owner).get();
  if (!user) return 0;
  const cap = capOf(user.data.plan);
  const free = Math.min(budget, cap - (await active(cap).count()));
  if (free <= 0) return 0;
  const ids = await pickForOwner(db, owner, free, cursor);
  if (!ids.length) return 0;
  return db.runTransaction(async (tx) => {
    const user = await tx.get(db.collection(users).doc(owner));
    if (!user) return 0;
    const cap = capOf(user.data.plan);
    const free = Math.min(budget, cap - (await tx.get(active(cap))).length);
    if (free <= 0) return 0;
    const picked: { id: string; item: BatchItemDoc }[] = [];
    for (const id of ids) {
      if (picked.length >= free) break;
      const snap = await tx.get(db.collection(batchItems).doc(id));
      if (snap && snap.data.state === "waiting") picked.push({ id, item: snap.data });
    }
    const at = now.toISOString();
    for (const [k, p] of picked.entries()) {
      const jobRef = db.collection(jobs).doc();
      // Distinct times keep the claim order the order picked (lanes in turn).
      const queuedAt = new Date(now.getTime() + k).toISOString();
      tx.create(jobRef, {
        type: BATCH_ITEM_JOB,
        owner_id: owner,
        content_id: p.item.content_id,
        state: "queued",
        progress: 0,
        attempts: 0,
        max_attempts: BATCH_ITEM_MAX_ATTEMPTS,
        error: null,
        worker_id: null,
        lease_expires_at: null,
        input: { batch_id: p.item.batch_id, item_id: p.id },
        created_at: queuedAt,
        updated_at: queuedAt,
      });
      tx.update(db.collection(batchItems).doc(p.id), {
        state: "planning",
        progress: 0.02,
        job_id: jobRef.id,
        started_at: p.item.started_at ?? at,
        updated_at: at,
      });
    }
    return picked.length;
  });
}

/**
 * Starts waiting items while their owners have free job slots: each becomes
 * `planning` with a queued `batch.item` job, in the same transaction that
 * counted the owner's active jobs, so parallel dispatchers cannot overfill it.
 *
 * Fair: owners with waiting items take turns (a skip-scan over
 * (state, owner_id, queue_key): one document per owner, never an owner's
 * backlog), starting after the owner this process served last; within an
 * owner, its lanes (a staff member's pipelines: one per client) take turns
 * for its free slots. At most `limit` items start and `maxOwners` owners are
 * visited per pass; the next pass goes on from there.
 */
export async function dispatchWaiting(
  db: Db,
  now: Date,
  limit = 100,
  o: { maxOwners?: number; cursor?: DispatchCursor } = {},
): Promise<number> {
  const cursor = o.cursor ?? processCursor;
  const maxOwners = o.maxOwners ?? 100;
  const seen = new Set<string>();
  let started = 0;
  let after = cursor.owner;
  let wrapped = after === null;
  while (started < limit && seen.size < maxOwners) {
    const owner = await firstOwnerAfter(db, after);
    if (owner === null) {
      if (wrapped) {
        if (!seen.size) cursor.owner = null; // nothing waits: the next pass starts with one query
        break;
      }
      wrapped = true;
      after = null;
      continue;
    }
    if (seen.has(owner)) break; // every owner with waiting items had its turn
    seen.add(owner);
    after = owner;
    cursor.owner = owner;
    started += await dispatchOwner(db, owner, now, limit - started, cursor);
  }
  return started;
}

interface RenderFacts {
  job_id: string;
  state: string;
  progress: number;
  error: string | null;
}

/** What a rendering item's video says now: its render's progress, or how it ended. */
export async function renderOutcome(
  db: Db,
  item: BatchItemDoc,
): Promise<
  { state: "rendering"; progress: number } | { state: "done" | "failed" | "cancelled"; error: string | null }
> {
  const c = item.content_id ? await db.collection(content).doc(item.content_id).get() : null;
  if (!c || c.data.owner_id !== item.owner_id)
    return { state: "failed", error: "The video was deleted before it finished." };
  const s = c.data.settings as { render?: RenderFacts | null; files?: unknown };
  const r = s.render;
  if (r && r.job_id === item.render_job_id) {
    if (r.state === "succeeded") return { state: "done", error: null };
    if (r.state === "failed") return { state: "failed", error: r.error ?? "The render failed." };
    if (r.state === "cancelled") return { state: "cancelled", error: null };
    return { state: "rendering", progress: 0.1 + 0.9 * Math.min(1, Math.max(0, r.progress)) };
  }
  // Re-rendered from the video's own page since: follow that render.
  if (r && (r.state === "queued" || r.state === "running"))
    return { state: "rendering", progress: 0.1 + 0.9 * r.progress };
  return s.files
    ? { state: "done", error: null }
    : { state: "failed", error: r?.error ?? "The render did not finish." };
}

/** Settles rendering items whose render ended, and planning items whose job died; returns how many moved. */
export async function settleItems(db: Db, now: Date, only?: { id: string; data: BatchItemDoc }[]): Promise<number> {
  const rendering =
    only?.filter((i) => i.data.state === "rendering") ??
    (await db.collection(batchItems).where("state", "==", "rendering").orderBy("queue_key").limit(100).get());
  let moved = 0;
  for (const item of rendering) {
    const out = await renderOutcome(db, item.data);
    if (out.state === "rendering") continue;
    if (await endItem(db, { itemId: item.id, from: ["rendering"], state: out.state, error: out.error, now })) moved++;
  }
  const planning =
    only?.filter((i) => i.data.state === "planning") ??
    (await db.collection(batchItems).where("state", "==", "planning").orderBy("queue_key").limit(100).get());
  for (const item of planning) {
    const job = item.data.job_id ? await db.collection(jobs).doc(item.data.job_id).get() : null;
    if (job && (job.data.state === "queued" || job.data.state === "running")) continue;
    const error = "This row stopped responding while it was being made. Its credits were refunded; retry it.";
    if (
      await endItem(db, {
        itemId: item.id,
        from: ["planning"],
        jobId: item.data.job_id ?? undefined,
        state: "failed",
        error,
        now,
      })
    )
      moved++;
  }
  return moved;
}
