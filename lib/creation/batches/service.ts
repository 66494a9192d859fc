import "server-only";
/**
 * Bulk batches: create (validate every row, price the whole batch, reserve its
 * credits in one debit, write the batch and its items — all or nothing), list,
 * read with live progress, retry failed items, cancel. Route handlers call
 * these with the signed-in uid; every function checks ownership.
 */
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { assertWithinPlan } from "@/lib/money/billing/enforce";
import { prepareDebit } from "@/lib/money/credits/credits";
import { content, jobs, users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { Transaction } from "@/lib/platform/db/transaction";
import { videoCost } from "@/lib/creation/video/pricing";
import { cancelRender } from "@/lib/creation/video/service/cancel-render";
import { assertModel, assertVoice, type VideoDeps } from "@/lib/creation/video/service/shared";
import { loadWriterLibrary, pinnedLibrary } from "@/lib/creation/video/service/writer-library";
import { batches, batchItems, type BatchDoc, type BatchItemDoc } from "./collections";
import {
  BATCH_ITEM_STATES,
  createBatchInputSchema,
  itemFileName,
  retryItemsInputSchema,
  type BatchItemState,
  type BatchItemView,
  type BatchSettings,
  type BatchSummary,
  type BatchView,
} from "./contract";
import { endItem, queueKey, renderOutcome, settleItems } from "./queue";
import type { ZipItem } from "./zip";
import { DOC_ID } from "@/lib/platform/db/ids";
import { signedUrlTtl } from "@/lib/media/images/present-image";

export type BatchDeps = VideoDeps;

const nowOf = (deps: BatchDeps) => (deps.now ?? (() => new Date()))();

/** What one item costs: a render of the asked length with the writer's provider. */
export function itemCost(settings: Pick<BatchSettings, "length_s" | "model_id">): number {
  const model = assertModel(settings.model_id);
  return videoCost({ seconds: settings.length_s, provider: model.provider });
}

async function assertSettings(deps: BatchDeps, settings: BatchSettings, templateVersion: number | null): Promise<void> {
  assertModel(settings.model_id);
  assertVoice(settings.voice_id);
  if (settings.template_id && templateVersion) {
    // A pinned version renders from its immutable snapshot: it must be published, the template need not be live.
    await pinnedLibrary(deps, settings.template_id, templateVersion);
  } else if (settings.template_id) {
    const library = await loadWriterLibrary(deps);
    if (!library.templates.some((t) => t.id === settings.template_id)) {
      throw new ApiError(
        "unprocessable_entity",
        `There is no template called "${settings.template_id}". Pick one from the list.`,
        { issues: [{ path: "settings.template_id", message: "unknown template" }] },
      );
    }
  }
}

function shortfall(total: number, balance: number, items: number, perItem: number): ApiError {
  return new ApiError(
    "insufficient_credits",
    `Not enough credits: this batch is ${items} video${items === 1 ? "" : "s"} × ${perItem} = ${total} credits and your balance is ${balance}, ${total - balance} short. ` +
      "Remove rows or aspect ratios, pick a shorter length or a cheaper model, or add credits. Nothing was started.",
    { issues: [{ path: "credits", message: `short by ${total - balance}` }] },
  );
}

/** Lets a caller that builds on batches (production runs) write its own documents in the batch's transaction, so both land or neither. */
export interface CreateBatchHooks {
  /** Called after every read, with the ids of the batch and of its items (by row position and ratio); stage writes only. */
  stage?: (
    tx: Transaction,
    created: { batchId: string; items: { id: string; position: number; aspect_ratio: string }[] },
  ) => void;
  /** Every video renders with this published version of `settings.template_id` (null: its current version). Not part of the public batch API. */
  templateVersion?: number | null;
  /** The items' lane (batch_items.lane: a production client's id), so the owner's slots go to its lanes in turn. Not part of the public batch API. */
  lane?: string;
}

export async function createBatch(
  deps: BatchDeps,
  uid: string,
  raw: unknown,
  hooks: CreateBatchHooks = {},
): Promise<BatchView> {
  const parsed = createBatchInputSchema.safeParse(raw);
  if (!parsed.success)
    throw ApiError.fromZod(parsed.error, "Some rows or settings are not valid. Nothing was started.");
  const input = parsed.data;
  const templateVersion = input.settings.template_id ? (hooks.templateVersion ?? null) : null;
  await assertSettings(deps, input.settings, templateVersion);
  const perItem = itemCost(input.settings);
  const ratios = input.settings.aspect_ratios;
  const itemCount = input.rows.length * ratios.length;
  const total = perItem * itemCount;
  const now = nowOf(deps);
  const at = now.toISOString();
  const ref = deps.db.collection(batches).doc();
  const reservation = `batch-${ref.id}`;
  const name =
    input.name ||
    `${input.rows.length} row${input.rows.length === 1 ? "" : "s"}, ${now.toISOString().slice(0, 16).replace("T", " ")}`;

  await deps.db.runTransaction(async (tx) => {
    // Length over the plan is a 402 naming the way up; the cap on jobs at once is handled by queueing.
    await assertWithinPlan(tx, {
      db: deps.db,
      uid,
      kind: "video",
      seconds: input.settings.length_s,
      maxActiveJobs: Number.MAX_SAFE_INTEGER,
    });
    const user = await tx.get(deps.db.collection(users).doc(uid));
    if (!user) throw new ApiError("not_found", "There is no account for this user.");
    if (user.data.credits < total) throw shortfall(total, user.data.credits, itemCount, perItem);
    const stage =
      total > 0
        ? await prepareDebit(tx, {
            db: deps.db,
            uid,
            amount: total,
            reason: `bulk batch: ${itemCount} videos × ${perItem}`,
            ref: { jobId: reservation },
            now,
          })
        : null;
    stage?.();
    tx.create(ref, {
      owner_id: uid,
      name,
      source: input.source,
      settings: { ...input.settings, template_version: templateVersion },
      row_count: input.rows.length,
      item_count: itemCount,
      cost_per_item: perItem,
      reservation_key: reservation,
      state: "running",
      created_at: at,
      updated_at: at,
      finished_at: null,
    });
    const created: { id: string; position: number; aspect_ratio: string }[] = [];
    input.rows.forEach((row, position) => {
      ratios.forEach((ratio, r) => {
        const itemRef = deps.db.collection(batchItems).doc();
        created.push({ id: itemRef.id, position, aspect_ratio: ratio });
        tx.create(itemRef, {
          owner_id: uid,
          batch_id: ref.id,
          position,
          row,
          aspect_ratio: ratio,
          state: "waiting",
          progress: 0,
          error: null,
          attempts: 1,
          cost: perItem,
          charge_key: reservation,
          refunded: false,
          content_id: null,
          job_id: null,
          render_job_id: null,
          queue_key: queueKey(now, position, r),
          lane: hooks.lane ?? "",
          started_at: null,
          finished_at: null,
          created_at: at,
          updated_at: at,
        });
      });
    });
    hooks.stage?.(tx, { batchId: ref.id, items: created });
  });
  return getBatch(deps, uid, ref.id);
}

async function ownedBatch(db: Db, uid: string, id: string): Promise<BatchDoc> {
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such batch.");
  const snap = await db.collection(batches).doc(id).get();
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such batch.");
  return snap.data;
}

/** A batch's items by row, then ratio (tall to wide). */
async function itemsOf(db: Db, id: string): Promise<DocSnapshot<BatchItemDoc>[]> {
  const rows = await db.collection(batchItems).where("batch_id", "==", id).orderBy("position").limit(1000).get();
  return rows.sort(
    (a, b) =>
      a.data.position - b.data.position ||
      COMPOSITION_RATIOS.indexOf(a.data.aspect_ratio) - COMPOSITION_RATIOS.indexOf(b.data.aspect_ratio),
  );
}

function emptyCounts(): Record<BatchItemState, number> {
  return Object.fromEntries(BATCH_ITEM_STATES.map((s) => [s, 0])) as Record<BatchItemState, number>;
}

/** How many posters a row of the recent batches shows. */
const LIST_POSTERS = 4;

function summarize(id: string, b: BatchDoc, items: BatchItemView[]): BatchSummary {
  const counts = emptyCounts();
  for (const i of items) counts[i.state]++;
  const progress = items.length
    ? items.reduce((s, i) => s + (i.state === "failed" || i.state === "cancelled" ? 1 : i.progress), 0) / items.length
    : 0;
  const posters = items
    .filter((i) => i.poster_url)
    .slice(0, LIST_POSTERS)
    .map((i) => ({ url: i.poster_url!, aspect_ratio: i.aspect_ratio }));
  return {
    id,
    name: b.name,
    state: b.state,
    item_count: b.item_count,
    counts,
    progress,
    posters,
    created_at: b.created_at,
  };
}

/** A finished item's poster, signed for the browser (null while it has none). */
async function posterOf(deps: BatchDeps, item: BatchItemDoc, now: Date): Promise<string | null> {
  if (item.state !== "done" || !item.content_id) return null;
  const c = await deps.db.collection(content).doc(item.content_id).get();
  if (!c || c.data.owner_id !== item.owner_id) return null;
  const key = (c.data.settings as { files?: { poster_key?: string } | null }).files?.poster_key;
  return key ? deps.store.signedUrl(key, { expiresInSeconds: signedUrlTtl(now) }) : null;
}

async function itemViews(deps: BatchDeps, rows: DocSnapshot<BatchItemDoc>[], now: Date): Promise<BatchItemView[]> {
  return Promise.all(
    rows.map(async ({ id, data: i }) => {
      let progress = i.progress;
      if (i.state === "rendering") {
        const out = await renderOutcome(deps.db, i);
        progress = out.state === "rendering" ? out.progress : 1;
      }
      return {
        id,
        position: i.position,
        row: i.row,
        aspect_ratio: i.aspect_ratio,
        state: i.state,
        progress,
        error: i.error,
        attempts: i.attempts,
        cost: i.cost,
        video_id: i.content_id,
        file_name: i.state === "done" ? itemFileName(i.position, i.aspect_ratio, i.row) : null,
        poster_url: await posterOf(deps, i, now),
      };
    }),
  );
}

/** Seconds left, from how fast the finished part went. */
function eta(b: BatchDoc, rows: DocSnapshot<BatchItemDoc>[], progress: number, now: Date): number | null {
  if (b.state !== "running" || progress <= 0.02 || progress >= 1) return null;
  const started = rows
    .map((r) => r.data.started_at)
    .filter((s): s is string => Boolean(s))
    .sort()[0];
  if (!started) return null;
  const elapsed = (now.getTime() - Date.parse(started)) / 1000;
  return Math.max(1, Math.round((elapsed * (1 - progress)) / progress));
}

/**
 * A batch as it is now: every read settles the items whose render ended
 * meanwhile (the worker does the same on its own tick) and then re-reads the
 * batch, whose state the last settled item moves to "finished". The list and
 * the single batch both read through here, so they can never disagree (the
 * list used to count unsettled "rendering" items and show "0/3 running"
 * beside a batch whose page said 3 of 3 done).
 */
async function readBatch(
  deps: BatchDeps,
  id: string,
  b: BatchDoc,
  now: Date,
): Promise<{ b: BatchDoc; rows: DocSnapshot<BatchItemDoc>[] }> {
  let rows = await itemsOf(deps.db, id);
  if ((await settleItems(deps.db, now, rows)) > 0) {
    rows = await itemsOf(deps.db, id);
    b = (await deps.db.collection(batches).doc(id).get())?.data ?? b;
  }
  return { b, rows };
}

export async function getBatch(deps: BatchDeps, uid: string, id: string): Promise<BatchView> {
  const now = nowOf(deps);
  const { b, rows } = await readBatch(deps, id, await ownedBatch(deps.db, uid, id), now);
  const items = await itemViews(deps, rows, now);
  const summary = summarize(id, b, items);
  const held = rows.reduce((s, r) => s + (r.data.refunded ? 0 : r.data.cost), 0);
  return {
    ...summary,
    settings: b.settings,
    cost_per_item: b.cost_per_item,
    credits_held: held,
    eta_s: eta(b, rows, summary.progress, now),
    items,
  };
}

export async function listBatches(deps: BatchDeps, uid: string, limit = 20): Promise<BatchSummary[]> {
  const rows = await deps.db
    .collection(batches)
    .where("owner_id", "==", uid)
    .orderBy("created_at", "desc")
    .limit(limit)
    .get();
  const now = nowOf(deps);
  return Promise.all(
    rows.map(async (snap) => {
      const { b, rows: itemRows } = await readBatch(deps, snap.id, snap.data, now);
      return summarize(snap.id, b, await itemViews(deps, itemRows, now));
    }),
  );
}

/** Runs failed or cancelled items again, charged anew in one debit (402 with the shortfall, nothing changed). */
export async function retryItems(deps: BatchDeps, uid: string, id: string, raw: unknown): Promise<BatchView> {
  const parsed = retryItemsInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That retry is not valid.");
  const { item_ids, row } = parsed.data;
  const b = await ownedBatch(deps.db, uid, id);
  const now = nowOf(deps);
  const at = now.toISOString();
  const charge = `bretry-${id}-${randomUUID().slice(0, 8)}`;
  const ids = [...new Set(item_ids)];
  await deps.db.runTransaction(async (tx) => {
    const snaps = [];
    for (const itemId of ids) {
      const s = DOC_ID.test(itemId) ? await tx.get(deps.db.collection(batchItems).doc(itemId)) : null;
      if (!s || s.data.batch_id !== id || s.data.owner_id !== uid)
        throw new ApiError("not_found", `There is no item ${itemId} in this batch.`, {
          issues: [{ path: "item_ids", message: "unknown item" }],
        });
      if (s.data.state !== "failed" && s.data.state !== "cancelled") {
        throw new ApiError(
          "conflict",
          `Row ${s.data.position + 1} (${s.data.aspect_ratio}) is ${s.data.state}: only failed or cancelled items can be retried.`,
          { issues: [{ path: "item_ids", message: s.data.state }] },
        );
      }
      snaps.push({ id: itemId, data: s.data });
    }
    if (row && new Set(snaps.map((s) => s.data.position)).size > 1) {
      throw new ApiError(
        "unprocessable_entity",
        "A corrected row applies to the items of one row only: retry the other rows separately.",
        { issues: [{ path: "row", message: "several rows" }] },
      );
    }
    const perItem = b.cost_per_item;
    const total = perItem * snaps.length;
    const user = await tx.get(deps.db.collection(users).doc(uid));
    if (!user) throw new ApiError("not_found", "There is no account for this user.");
    if (user.data.credits < total) throw shortfall(total, user.data.credits, snaps.length, perItem);
    const stage =
      total > 0
        ? await prepareDebit(tx, {
            db: deps.db,
            uid,
            amount: total,
            reason: `bulk retry: ${snaps.length} videos × ${perItem}`,
            ref: { jobId: charge },
            now,
          })
        : null;
    stage?.();
    snaps.forEach((s, n) => {
      const changed = row && JSON.stringify(row) !== JSON.stringify(s.data.row);
      tx.update(deps.db.collection(batchItems).doc(s.id), {
        state: "waiting",
        progress: 0,
        error: null,
        attempts: s.data.attempts + 1,
        cost: perItem,
        charge_key: charge,
        refunded: false,
        ...(changed ? { row, content_id: null } : {}),
        job_id: null,
        render_job_id: null,
        queue_key: queueKey(now, s.data.position, n),
        finished_at: null,
        updated_at: at,
      });
    });
    tx.update(deps.db.collection(batches).doc(id), { state: "running", finished_at: null, updated_at: at });
  });
  return getBatch(deps, uid, id);
}

/** Stops every item not finished and refunds it; finished videos stay. */
export async function cancelBatch(deps: BatchDeps, uid: string, id: string): Promise<BatchView> {
  const b = await ownedBatch(deps.db, uid, id);
  if (b.state === "cancelled") return getBatch(deps, uid, id);
  const now = nowOf(deps);
  // The batch first: items ending below must not mark it "finished".
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(batches).doc(id);
    const snap = await tx.get(ref);
    if (snap && snap.data.state !== "cancelled")
      tx.update(ref, { state: "cancelled", finished_at: now.toISOString(), updated_at: now.toISOString() });
  });
  // Renders that finished meanwhile count as done, not cancelled.
  await settleItems(deps.db, now, await itemsOf(deps.db, id));
  for (const item of await itemsOf(deps.db, id)) {
    const s = item.data.state;
    if (s === "waiting" || s === "planning") {
      if ((await endItem(deps.db, { itemId: item.id, from: [s], state: "cancelled", now })) && item.data.job_id)
        await cancelJob(deps.db, item.data.job_id, now);
    } else if (s === "rendering") {
      if (await endItem(deps.db, { itemId: item.id, from: ["rendering"], state: "cancelled", now })) {
        if (item.data.content_id) await cancelRender(deps, uid, item.data.content_id).catch(() => undefined);
      }
    }
  }
  return getBatch(deps, uid, id);
}

async function cancelJob(db: Db, jobId: string, now: Date): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = db.collection(jobs).doc(jobId);
    const job = await tx.get(ref);
    if (job && (job.data.state === "queued" || job.data.state === "running")) {
      tx.update(ref, {
        state: "cancelled",
        error: "cancelled by the user",
        worker_id: null,
        lease_expires_at: null,
        updated_at: now.toISOString(),
      });
    }
  });
}

/** Every item of a batch, in row order, for the ZIP (its files and its manifest). */
export async function zipItems(deps: BatchDeps, uid: string, id: string): Promise<ZipItem[]> {
  await ownedBatch(deps.db, uid, id);
  const rows = await itemsOf(deps.db, id);
  return rows.map((r) => ({
    position: r.data.position,
    aspect_ratio: r.data.aspect_ratio,
    label: r.data.row.name ?? r.data.row.prompt ?? r.data.row.link ?? "",
    state: r.data.state,
    file_name: r.data.state === "done" ? itemFileName(r.data.position, r.data.aspect_ratio, r.data.row) : null,
    content_id: r.data.content_id,
  }));
}
