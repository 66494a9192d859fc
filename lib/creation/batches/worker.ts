import "server-only";
/**
 * The bulk worker. Each tick it settles items whose render ended, starts
 * waiting items while their owners have free job slots, then claims one
 * `batch.item` job (and only those) and makes that item's video: the plan
 * (a prompt through `createVideo`, a link or product row through the links
 * domain's `extractPage` + `createProductVideo`), then the render through the
 * one video render path (`requestRender`, prepaid by the batch), which the
 * video worker runs. A failure ends the item with its reason and refunds it.
 */
import { runAs } from "@/lib/platform/update-log/context";
import { WORKER_CONTEXT } from "@/lib/platform/update-log/content";
import { ApiError } from "@/lib/platform/api/errors";
import { createJobWorker, defineJob, failFinally, type JobContext } from "@/lib/platform/jobs/kit";
import { content, type JobDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { ExtractedPage, ProductFacts } from "@/lib/creation/links/contract";
import type { CreateVideoInput, VideoView } from "@/lib/creation/video/contract";
import { cancelRender } from "@/lib/creation/video/service/cancel-render";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { batches, batchItems, type BatchDoc, type BatchItemDoc } from "./collections";
import { BATCH_JOB_TYPES, dispatchWaiting, endItem, settleItems } from "./queue";

/** The links domain's two calls a link row needs (lib/creation/links/extract.ts, lib/creation/links/product-video.ts), injected. */
export interface BatchLinks {
  /** `signal` aborts when the row's attempt is ended (its deadline, or its job taken over). */
  extractPage(url: string, opts?: { signal?: AbortSignal }): Promise<ExtractedPage>;
  /** `video.brief` is extra words after the product's own (lib/creation/links/product-video.ts productBrief). */
  createProductVideo(
    deps: VideoDeps,
    uid: string,
    input: {
      facts: ProductFacts;
      video: Omit<CreateVideoInput, "brief"> & { brief?: string };
      source: "bulk";
      productId?: string;
    },
    opts?: { templateVersion?: number | null; signal?: AbortSignal },
  ): Promise<{ productId: string; video: VideoView }>;
}

export interface BatchWorkerDeps {
  video: VideoDeps;
  /** Null when the links domain is not wired: link and image rows then fail with a clear reason. */
  links: BatchLinks | null;
  now?: () => Date;
  workerId?: string;
  leaseMs?: number;
  /** The longest planning one row may take (BATCH_ITEM_DEADLINE_MS); then the queue ends it and the row fails, refunded. */
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** Planning one row: reading its page and pictures (each fetch has its own shorter limit) and writing its storyboard. */
export const BATCH_ITEM_DEADLINE_MS = 5 * 60_000;

export type BatchOutcome = "rendering" | "failed" | "skipped" | "lease-lost";

/** A failure as the row's owner reads it. */
export function describeItemFailure(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  // The links domain's LinkError carries a sentence for the user (a refused address, a page that would not load).
  if (e instanceof Error && e.name === "LinkError") return e.message;
  if (e && typeof e === "object" && "userMessage" in e) return String((e as { userMessage: unknown }).userMessage);
  return "This row could not be made. Its credits were refunded; retry it.";
}

function videoInput(
  settings: BatchDoc["settings"],
  ratio: BatchItemDoc["aspect_ratio"],
  brief: string,
): CreateVideoInput {
  return {
    brief: brief.slice(0, 2000),
    aspect_ratio: ratio,
    length_s: settings.length_s,
    template_id: settings.template_id,
    voice_id: settings.voice_id,
    captions: settings.captions,
    music: settings.music,
    model_id: settings.model_id,
    render_now: false,
  };
}

/** The bulk row job type: plan the row's video and queue its render; a row past its time fails, refunded once. */
function batchItemJob(d: BatchWorkerDeps) {
  const db: Db = d.video.db;
  const now = d.now ?? (() => new Date());
  const deadlineMs = d.deadlineMs ?? BATCH_ITEM_DEADLINE_MS;

  /** The row → a planned (draft) video; its content id. */
  async function plan(itemId: string, item: BatchItemDoc, batch: BatchDoc, signal: AbortSignal): Promise<string> {
    const { row } = item;
    const uid = item.owner_id;
    if (!row.link && !row.image_url) {
      const video = await createVideo(d.video, uid, videoInput(batch.settings, item.aspect_ratio, row.prompt!), {
        product: row.name ? { name: row.name, price: row.price } : null,
        templateVersion: batch.settings.template_version,
      });
      return video.id;
    }
    if (!d.links)
      throw new ApiError(
        "service_unavailable",
        "Rows with a link or an image URL cannot be made on this server yet (links are not set up). Use a prompt instead.",
      );
    let facts: ProductFacts;
    if (row.link) {
      const page = await d.links.extractPage(row.link, { signal });
      facts = {
        name: (row.name ?? page.name).slice(0, 200) || new URL(page.url).hostname,
        description: page.description.slice(0, 5000),
        price: row.price ?? page.price,
        currency: row.price ? null : page.currency,
        brand: page.brand,
        category: page.category,
        points: page.points.slice(0, 8),
        image_urls: [...(row.image_url ? [row.image_url] : []), ...page.images].slice(0, 12),
        link: page.url,
      };
    } else {
      facts = {
        name: (row.name ?? row.prompt ?? "Product").slice(0, 200),
        description: row.prompt ?? "",
        price: row.price,
        image_urls: [row.image_url!],
        link: null,
      };
    }
    // The same row in another ratio made its product already: reuse it rather than add a twin.
    const siblings = await db.collection(batchItems).where("batch_id", "==", item.batch_id).orderBy("position").get();
    const productId = await siblingProduct(
      siblings.filter((s) => s.data.position === item.position && s.id !== itemId).map((s) => s.data.content_id),
    );
    const { brief: _brief, ...video } = videoInput(batch.settings, item.aspect_ratio, row.prompt ?? "");
    const made = await d.links.createProductVideo(
      d.video,
      uid,
      {
        facts,
        video: row.prompt ? { ...video, brief: row.prompt } : video,
        source: "bulk",
        ...(productId ? { productId } : {}),
      },
      { templateVersion: batch.settings.template_version, signal },
    );
    return made.video.id;
  }

  async function siblingProduct(contentIds: (string | null)[]): Promise<string | null> {
    for (const id of contentIds) {
      if (!id) continue;
      const c = await db.collection(content).doc(id).get();
      const pid = (c?.data.settings as { product_id?: unknown } | undefined)?.product_id;
      if (typeof pid === "string") return pid;
    }
    return null;
  }

  /** Writes `patch` to the item while this job still holds it in `planning` (and this attempt was not ended). */
  async function whilePlanning(
    itemId: string,
    jobId: string,
    patch: Partial<BatchItemDoc>,
    signal: AbortSignal,
  ): Promise<boolean> {
    if (signal.aborted) return false;
    return db.runTransaction(async (tx) => {
      const ref = db.collection(batchItems).doc(itemId);
      const snap = await tx.get(ref);
      if (!snap || snap.data.state !== "planning" || snap.data.job_id !== jobId) return false;
      tx.update(ref, { ...patch, updated_at: now().toISOString() });
      return true;
    });
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<BatchOutcome> {
    const { jobId, signal, log } = ctx;
    const endJob = async (state: "succeeded" | "failed", error: string | null) =>
      void (state === "succeeded" ? await ctx.complete() : await ctx.fail(error ?? "failed"));
    const itemId = String((job.input as { item_id?: unknown }).item_id ?? "");
    const snap = itemId ? await db.collection(batchItems).doc(itemId).get() : null;
    if (!snap || snap.data.state !== "planning" || snap.data.job_id !== jobId) {
      await endJob("succeeded", null);
      return "skipped";
    }
    const item = snap.data;
    const batch = await db.collection(batches).doc(item.batch_id).get();
    if (!batch) {
      await endItem(db, {
        itemId,
        from: ["planning"],
        jobId,
        state: "failed",
        error: "The batch was deleted.",
        now: now(),
      });
      await endJob("failed", "batch deleted");
      return "failed";
    }
    try {
      let contentId = item.content_id;
      if (!contentId) {
        contentId = await plan(itemId, item, batch.data, signal);
        if (!(await whilePlanning(itemId, jobId, { content_id: contentId, progress: 0.08 }, signal))) {
          await endJob("succeeded", null);
          return "skipped";
        }
      }
      let view: VideoView;
      try {
        view = await requestRender(d.video, item.owner_id, contentId, { prepaid: { credits: item.cost } });
      } catch (e) {
        // A crash after the render was queued: carry on with that render.
        const existing =
          e instanceof ApiError && e.code === "conflict" ? await getVideo(d.video, item.owner_id, contentId) : null;
        if (!existing?.render || (existing.render.state !== "queued" && existing.render.state !== "running")) throw e;
        view = existing;
      }
      const renderJob = view.render!.job_id;
      if (
        !(await whilePlanning(itemId, jobId, { state: "rendering", render_job_id: renderJob, progress: 0.1 }, signal))
      ) {
        // Cancelled while the render was being queued: stop it too.
        await cancelRender(d.video, item.owner_id, contentId).catch(() => undefined);
        await endJob("succeeded", null);
        return "skipped";
      }
      await endJob("succeeded", null);
      return "rendering";
    } catch (e) {
      // An attempt the queue ended (deadline, or the job taken over) is settled by processNext, not here.
      if (signal.aborted) throw e;
      const reason = describeItemFailure(e);
      if (!(e instanceof ApiError)) log(`item ${itemId} failed: ${reason}`, e);
      const ended = await endItem(db, {
        itemId,
        from: ["planning"],
        jobId,
        state: "failed",
        error: reason,
        now: now(),
      });
      await endJob("failed", reason);
      return ended ? "failed" : "lease-lost";
    }
  }

  const itemIdOf = (job: JobDoc) => String((job.input as { item_id?: unknown }).item_id ?? "");

  return defineJob({
    kind: "batch",
    types: BATCH_JOB_TYPES,
    deadlineMs,
    tick: async (at) => {
      await settleItems(db, at);
      await dispatchWaiting(db, at);
    },
    // The videos a batch makes are the system's doing (logged as worker:batch), whoever's request started the loop.
    run: (job, ctx) => runAs(WORKER_CONTEXT.batch, () => run(job, ctx)),
    // Only a row past its time is settled here; any other escape goes to the worker loop's log.
    failure: (_e, { deadline }) =>
      deadline
        ? {
            reason: `Making this row took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped. Its credits were refunded; retry it.`,
            retryable: false,
            quiet: true,
          }
        : null,
    // The row ran past its time (a page or a model that never answered): it fails, refunded once, and the worker moves on.
    onFinalFailure: async (s, reason) => {
      if (s.holder === "expired") return false;
      const itemId = itemIdOf(s.job);
      const ended = itemId
        ? await endItem(db, { itemId, from: ["planning"], jobId: s.jobId, state: "failed", error: reason, now: now() })
        : false;
      await failFinally(db, s.jobId, s.holder, reason, now());
      return ended;
    },
  });
}

export function createBatchWorker(d: BatchWorkerDeps) {
  const worker = createJobWorker(batchItemJob(d), {
    db: d.video.db,
    workerId: d.workerId,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });
  return {
    workerId: worker.workerId,
    processNext: () => worker.processNext() as Promise<{ jobId: string; outcome: BatchOutcome } | null>,
    runWorkerLoop: worker.runWorkerLoop,
  };
}

export type BatchWorker = ReturnType<typeof createBatchWorker>;
