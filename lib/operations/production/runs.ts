import "server-only";
/**
 * Pipeline runs on the bulk engine. Starting a run reads the source (a feed
 * now, through the URL guard), keys every row × ratio by its row key and a
 * hash of its inputs, and reuses the finished video of an earlier run item
 * with the same hash (nothing rendered, nothing charged). The rest become ONE
 * bulk batch (lib/creation/batches: credits reserved in one debit, items queued as
 * leased jobs, any number of workers, restart-safe), created in the same
 * transaction as the run, its items and the update-log entry — all or
 * nothing. Retry and cancel are the batch's own, mapped from run items.
 *
 * Ownership: the videos of a run belong to the staff member who started it
 * (scheduled runs: the staff member who last saved the pipeline) and their
 * credits pay for it; the client's "credits used" adds up its runs.
 */
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { BATCH_ITEM_STATES, type BatchItemView, type BatchView } from "@/lib/creation/batches/contract";
import { cancelBatch, createBatch, getBatch, retryItems } from "@/lib/creation/batches/service";
import { itemFileName } from "@/lib/creation/batches/contract";
import { batchItems } from "@/lib/creation/batches/collections";
import { getCurrentTemplateVersion } from "@/lib/engine/composition/library";
import { content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { logChange } from "@/lib/platform/update-log/write";
import { retryRunInputSchema, type KeyedRow, type RunItemState, type RunItemView, type RunView } from "./contract";
import {
  prodPipelines,
  prodRunItems,
  prodRuns,
  prodWebhookDeliveries,
  type ProdPipelineDoc,
  type ProdRunDoc,
  type ProdRunItemDoc,
} from "./collections";
import type { ProdDeps } from "./deps";
import { readPipeline } from "./pipelines";
import { deliveryView, runSummary } from "./present";
import { readClient } from "./reads";
import { sourceRows } from "./source";
import { DOC_ID } from "@/lib/platform/db/ids";

export const WEBHOOK_JOB = "prod.webhook";
const nowOf = (d: ProdDeps) => (d.now ?? (() => new Date()))();

/** Equal hashes mean the same video would be made: the row key, its inputs, the ratio and the settings that shape the render. */
export function inputHash(o: {
  key: string;
  row: KeyedRow["row"];
  ratio: string;
  settings: ProdPipelineDoc["settings"];
  templateVersion: number | null;
}): string {
  const s = o.settings;
  const shaped = {
    key: o.key,
    row: o.row,
    ratio: o.ratio,
    template: s.template_id,
    version: o.templateVersion,
    length: s.length_s,
    voice: s.voice_id,
    captions: s.captions,
    music: s.music,
    model: s.model_id,
  };
  return createHash("sha256").update(JSON.stringify(shaped)).digest("hex");
}

/** A finished video made earlier for the same hash in this pipeline, if its content is still there. */
async function reusable(
  db: Db,
  pipelineId: string,
  hash: string,
): Promise<{ itemId: string; contentId: string } | null> {
  const earlier = await db
    .collection(prodRunItems)
    .where("pipeline_id", "==", pipelineId)
    .where("input_hash", "==", hash)
    .limit(20)
    .get();
  for (const e of earlier) {
    let contentId = e.data.content_id;
    if (!contentId && e.data.batch_item_id) {
      const bi = await db.collection(batchItems).doc(e.data.batch_item_id).get();
      contentId = bi?.data.state === "done" ? bi.data.content_id : null;
    }
    if (!contentId) continue;
    const c = await db.collection(content).doc(contentId).get();
    if (c && c.data.status === "ready") return { itemId: e.data.reused_from ?? e.id, contentId };
  }
  return null;
}

function webhookBody(o: { deliveryId: string; runId: string; run: ProdRunDoc; at: string }): string {
  return JSON.stringify({
    id: o.deliveryId,
    event: `run.${o.run.state}`,
    created_at: o.at,
    data: {
      run_id: o.runId,
      pipeline_id: o.run.pipeline_id,
      client_id: o.run.client_id,
      state: o.run.state,
      item_count: o.run.item_count,
      done_count: o.run.done_count,
      failed_count: o.run.failed_count,
      reused_count: o.run.reused_count,
      credits_used: o.run.credits_used,
      run_path: `/prod/pipelines/${o.run.pipeline_id}?run=${o.runId}`,
      zip_path: `/api/v1/ops/pipelines/${o.run.pipeline_id}/runs/${o.runId}/zip`,
    },
  });
}

/** Stages the delivery of a settled run's webhook (when the pipeline has a URL). */
function stageDelivery(
  db: Db,
  tx: Transaction,
  o: { pipeline: ProdPipelineDoc; runId: string; run: ProdRunDoc; at: string },
): void {
  if (!o.pipeline.webhook_url) return;
  const ref = db.collection(prodWebhookDeliveries).doc();
  tx.create(ref, {
    run_id: o.runId,
    pipeline_id: o.run.pipeline_id,
    client_id: o.run.client_id,
    url: o.pipeline.webhook_url,
    event: `run.${o.run.state}`,
    body: webhookBody({ deliveryId: ref.id, runId: o.runId, run: o.run, at: o.at }),
    state: "waiting",
    attempts: [],
    next_attempt_at: o.at,
    job_id: null,
    created_at: o.at,
    updated_at: o.at,
  });
}

export interface StartRunOptions {
  trigger: ProdRunDoc["trigger"];
  /** The staff member who owns the videos and pays (default: the pipeline's owner). */
  ownerId?: string;
}

export async function startRun(deps: ProdDeps, pipelineId: string, o: StartRunOptions): Promise<RunView> {
  await deps.ready?.();
  const pipeline = await readPipeline(deps.db, pipelineId);
  if (pipeline.archived) throw new ApiError("conflict", "This pipeline is archived: it cannot run.");
  const client = await readClient(deps.db, pipeline.client_id);
  if (client.archived) throw new ApiError("conflict", "This pipeline's client is archived: it cannot run.");
  const owner = o.ownerId ?? pipeline.owner_id;
  // Read everything first: a source that cannot be read (a feed that times out, too many rows) stops here, before any write.
  const rows = await sourceRows(pipeline.source, deps.fetch);
  // The version the videos render with: the pinned one, else the template's current one (recorded on the run, part of every hash).
  const pinned = pipeline.settings.template_id ? pipeline.settings.template_version : null;
  const templateVersion = pipeline.settings.template_id
    ? (pinned ?? (await getCurrentTemplateVersion(deps.db, pipeline.settings.template_id))?.version ?? null)
    : null;
  const planned: {
    position: number;
    key: string;
    row: KeyedRow["row"];
    ratio: string;
    hash: string;
    reuse: { itemId: string; contentId: string } | null;
  }[] = [];
  for (const [position, r] of rows.entries()) {
    for (const ratio of pipeline.settings.aspect_ratios) {
      const hash = inputHash({ key: r.key, row: r.row, ratio, settings: pipeline.settings, templateVersion });
      planned.push({ position, key: r.key, row: r.row, ratio, hash, reuse: await reusable(deps.db, pipelineId, hash) });
    }
  }
  // One batch renders its rows × its ratios: inside a row that has something new, every ratio the batch renders is rendered anew (so each batch item is one run item).
  const batchRatios = new Set(planned.filter((p) => !p.reuse).map((p) => p.ratio));
  const freshRows = new Set(planned.filter((p) => !p.reuse).map((p) => p.position));
  for (const p of planned) if (freshRows.has(p.position) && batchRatios.has(p.ratio)) p.reuse = null;
  const now = nowOf(deps);
  const at = now.toISOString();
  const runRef = deps.db.collection(prodRuns).doc();
  const fresh = planned.filter((p) => !p.reuse);
  const reusedCount = planned.length - fresh.length;
  const run: ProdRunDoc = {
    pipeline_id: pipelineId,
    client_id: pipeline.client_id,
    pipeline_name: pipeline.name,
    owner_id: owner,
    trigger: o.trigger,
    state: fresh.length ? "running" : "finished",
    batch_id: null,
    template_version: templateVersion,
    item_count: planned.length,
    reused_count: reusedCount,
    done_count: fresh.length ? 0 : planned.length,
    failed_count: 0,
    credits_used: 0,
    error: null,
    created_at: at,
    updated_at: at,
    finished_at: fresh.length ? null : at,
  };
  const stage = (
    tx: Transaction,
    batch: { batchId: string; items: { id: string; position: number; aspect_ratio: string }[] } | null,
  ) => {
    const doc = { ...run, batch_id: batch?.batchId ?? null };
    tx.create(runRef, doc);
    // Batch rows are the fresh rows in order: map (row index in the batch, ratio) back to the run item.
    const order = [...freshRows].sort((x, y) => x - y);
    for (const p of planned) {
      const batchItem = batch?.items.find((i) => i.aspect_ratio === p.ratio && order[i.position] === p.position);
      tx.create(deps.db.collection(prodRunItems).doc(), {
        run_id: runRef.id,
        pipeline_id: pipelineId,
        position: p.position,
        row_key: p.key,
        input_hash: p.hash,
        row: p.row,
        aspect_ratio: p.ratio as ProdRunItemDoc["aspect_ratio"],
        batch_item_id: p.reuse ? null : (batchItem?.id ?? null),
        reused_from: p.reuse?.itemId ?? null,
        content_id: p.reuse?.contentId ?? null,
        created_at: at,
      });
    }
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: pipelineId,
      entityLabel: pipeline.name,
      action: "run",
      before: null,
      after: {
        run_id: runRef.id,
        trigger: o.trigger,
        items: planned.length,
        reused: reusedCount,
        to_render: fresh.length,
      },
    });
    if (!fresh.length) stageDelivery(deps.db, tx, { pipeline, runId: runRef.id, run: doc, at });
  };

  if (fresh.length) {
    const freshPositions = [...freshRows].sort((x, y) => x - y);
    const { template_version: _v, ...settings } = pipeline.settings;
    const ratios = settings.aspect_ratios.filter((r) => batchRatios.has(r));
    await createBatch(
      deps,
      owner,
      {
        name: `${client.name} · ${pipeline.name}`.slice(0, 120),
        source: pipeline.source.kind === "links" ? "paste" : "csv",
        settings: { ...settings, aspect_ratios: ratios },
        rows: freshPositions.map((pos) => rows[pos]!.row),
      },
      {
        stage: (tx, created) => stage(tx, { batchId: created.batchId, items: created.items }),
        templateVersion: pinned,
        // The staff member's job slots are shared between clients in turn (lib/creation/batches/queue.ts).
        lane: pipeline.client_id,
      },
    );
  } else {
    await deps.db.runTransaction(async (tx) => stage(tx, null));
  }
  return getRun(deps, pipelineId, runRef.id);
}

async function readRun(db: Db, pipelineId: string, runId: string): Promise<ProdRunDoc> {
  const snap = DOC_ID.test(runId) ? await db.collection(prodRuns).doc(runId).get() : null;
  if (!snap || snap.data.pipeline_id !== pipelineId)
    throw new ApiError("not_found", "There is no such run of this pipeline.");
  return snap.data;
}

function emptyCounts(): Record<RunItemState, number> {
  return Object.fromEntries(BATCH_ITEM_STATES.map((s) => [s, 0])) as Record<RunItemState, number>;
}

async function runItems(db: Db, runId: string) {
  return db.collection(prodRunItems).where("run_id", "==", runId).orderBy("position").limit(1000).get();
}

/**
 * The run as it stands, merging the batch's live items with the reused ones,
 * and settling the run (counts, credits, finished, webhook) once its batch has.
 */
export async function getRun(deps: ProdDeps, pipelineId: string, runId: string): Promise<RunView> {
  let run = await readRun(deps.db, pipelineId, runId);
  const items = await runItems(deps.db, runId);
  const batch: BatchView | null = run.batch_id ? await getBatch(deps, run.owner_id, run.batch_id) : null;
  const byId = new Map<string, BatchItemView>((batch?.items ?? []).map((i) => [i.id, i]));
  const views: RunItemView[] = items.map(({ id, data: i }) => {
    const b = i.batch_item_id ? byId.get(i.batch_item_id) : undefined;
    if (!b)
      return {
        id,
        position: i.position,
        key: i.row_key,
        row: i.row,
        aspect_ratio: i.aspect_ratio,
        state: i.content_id ? "done" : "cancelled",
        progress: 1,
        error: i.content_id ? null : "Not rendered.",
        attempts: 0,
        reused: Boolean(i.reused_from),
        video_id: i.content_id,
      };
    return {
      id,
      position: i.position,
      key: i.row_key,
      row: i.row,
      aspect_ratio: i.aspect_ratio,
      state: b.state,
      progress: b.progress,
      error: b.error,
      attempts: b.attempts,
      reused: false,
      video_id: b.state === "done" ? b.video_id : null,
    };
  });
  const counts = emptyCounts();
  for (const v of views) counts[v.state]++;
  const progress = views.length
    ? views.reduce((s, v) => s + (v.state === "failed" || v.state === "cancelled" ? 1 : v.progress), 0) / views.length
    : 1;
  run = await settleRun(deps, runId, run, { batch, done: counts.done, failed: counts.failed + counts.cancelled });
  const deliveries = await deps.db
    .collection(prodWebhookDeliveries)
    .where("run_id", "==", runId)
    .orderBy("created_at")
    .limit(20)
    .get();
  return {
    ...runSummary(runId, run),
    progress,
    eta_s: run.state === "running" ? (batch?.eta_s ?? null) : null,
    counts,
    template_version: run.template_version,
    items: views,
    deliveries: deliveries.map((d) => deliveryView(d.id, d.data)),
  };
}

/** Writes the run's counts and credits when they moved, and settles it when its batch has (with the webhook delivery, in one transaction). */
async function settleRun(
  deps: ProdDeps,
  runId: string,
  run: ProdRunDoc,
  o: { batch: BatchView | null; done: number; failed: number },
): Promise<ProdRunDoc> {
  if (!o.batch) return run;
  const credits = o.batch.credits_held;
  const settled = o.batch.state !== "running" && run.state === "running";
  const moved = run.done_count !== o.done || run.failed_count !== o.failed || run.credits_used !== credits;
  if (!settled && !moved) return run;
  const at = nowOf(deps).toISOString();
  return deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodRuns).doc(runId);
    const snap = await tx.get(ref);
    if (!snap) return run;
    const pipe = await tx.get(deps.db.collection(prodPipelines).doc(snap.data.pipeline_id));
    const finishing = o.batch!.state !== "running" && snap.data.state === "running";
    const next: ProdRunDoc = {
      ...snap.data,
      done_count: o.done,
      failed_count: o.failed,
      credits_used: credits,
      ...(finishing ? { state: o.batch!.state === "cancelled" ? "cancelled" : "finished", finished_at: at } : {}),
      updated_at: at,
    };
    tx.set(ref, next);
    if (finishing && pipe) stageDelivery(deps.db, tx, { pipeline: pipe.data, runId, run: next, at });
    return next;
  });
}

/** Runs failed or cancelled items again (all of them, or the ones named), through the batch's retry (charged anew; 402 when short). */
export async function retryRun(deps: ProdDeps, pipelineId: string, runId: string, raw: unknown): Promise<RunView> {
  const parsed = retryRunInputSchema.safeParse(raw ?? {});
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That retry is not valid.");
  const run = await readRun(deps.db, pipelineId, runId);
  if (!run.batch_id)
    throw new ApiError("conflict", "Every item of this run was reused or never started: there is nothing to retry.");
  const view = await getRun(deps, pipelineId, runId);
  const wanted = parsed.data.item_ids ? new Set(parsed.data.item_ids) : null;
  const items = await runItems(deps.db, runId);
  const retryable = view.items.filter(
    (i) => (i.state === "failed" || i.state === "cancelled") && (!wanted || wanted.has(i.id)),
  );
  if (wanted && retryable.length !== wanted.size)
    throw new ApiError("conflict", "Only failed or cancelled items of this run can be retried.", {
      issues: [{ path: "item_ids", message: "not retryable" }],
    });
  const batchIds = retryable
    .map((v) => items.find((i) => i.id === v.id)?.data.batch_item_id)
    .filter((x): x is string => Boolean(x));
  if (batchIds.length === 0)
    throw new ApiError("conflict", "No item of this run has failed or been cancelled: there is nothing to retry.");
  await retryItems(deps, run.owner_id, run.batch_id, { item_ids: batchIds });
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodRuns).doc(runId);
    const snap = await tx.get(ref);
    if (!snap) return;
    tx.update(ref, { state: "running", finished_at: null, updated_at: at });
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: pipelineId,
      entityLabel: snap.data.pipeline_name,
      action: "retry_run",
      before: { run_id: runId, state: snap.data.state },
      after: { run_id: runId, state: "running", items: batchIds.length },
    });
  });
  return getRun(deps, pipelineId, runId);
}

/** Stops every unfinished item (refunded by the batch); finished videos stay. */
export async function cancelRun(deps: ProdDeps, pipelineId: string, runId: string): Promise<RunView> {
  const run = await readRun(deps.db, pipelineId, runId);
  if (run.state !== "running") return getRun(deps, pipelineId, runId);
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodRuns).doc(runId);
    const snap = await tx.get(ref);
    if (!snap || snap.data.state !== "running") return;
    tx.update(ref, { state: "cancelled", finished_at: at, updated_at: at });
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: pipelineId,
      entityLabel: snap.data.pipeline_name,
      action: "cancel_run",
      before: { run_id: runId, state: "running" },
      after: { run_id: runId, state: "cancelled" },
    });
  });
  if (run.batch_id) await cancelBatch(deps, run.owner_id, run.batch_id);
  const view = await getRun(deps, pipelineId, runId);
  // The run was settled above (no webhook from settleRun): the cancelled run still notifies once.
  const pipe = await deps.db.collection(prodPipelines).doc(pipelineId).get();
  if (pipe?.data.webhook_url && view.deliveries.length === 0) {
    await deps.db.runTransaction(async (tx) => {
      const snap = await tx.get(deps.db.collection(prodRuns).doc(runId));
      const existing = await tx.get(
        deps.db.collection(prodWebhookDeliveries).where("run_id", "==", runId).orderBy("created_at").limit(1),
      );
      if (snap && existing.length === 0) stageDelivery(deps.db, tx, { pipeline: pipe.data, runId, run: snap.data, at });
    });
    return getRun(deps, pipelineId, runId);
  }
  return view;
}

/** The run's finished videos (reused ones too), named by row key and ratio, for the ZIP. */
export async function runZipEntries(
  deps: ProdDeps,
  pipelineId: string,
  runId: string,
): Promise<{ file_name: string; content_id: string }[]> {
  const view = await getRun(deps, pipelineId, runId);
  return view.items
    .filter((i) => i.state === "done" && i.video_id)
    .map((i) => ({ file_name: itemFileName(i.position, i.aspect_ratio as never, i.row), content_id: i.video_id! }));
}

/** Runs still under way (the worker follows them so they settle without anyone watching). */
export async function runningRuns(db: Db, limit = 20) {
  return db.collection(prodRuns).where("state", "==", "running").orderBy("created_at").limit(limit).get();
}
