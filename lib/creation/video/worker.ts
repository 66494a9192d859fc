import "server-only";
/**
 * The render worker: claims `video.render` jobs (and only those), then
 * images → voice → music → frames → encoding → saving, writing progress
 * to the job and to the video as it goes. A lost lease (cancelled, or
 * taken over after this worker stalled) aborts the render. Retryable
 * failures (a crashed browser, a provider timeout) requeue the job; a final
 * failure records a human reason and refunds the credits, and the video's
 * last good file stays as it was.
 */
import { logContentChange, WORKER_CONTEXT } from "@/lib/platform/update-log/content";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AiError } from "@/lib/platform/ai/errors";
import { SpeechError } from "@/lib/engine/audio/speech";
import { toWebVtt } from "@/lib/engine/audio";
import { sizeForWidth } from "@/lib/engine/composition/ratios";
import { prepareRefund } from "@/lib/money/credits/credits";
import { content, jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import { runJobLoop } from "@/lib/platform/jobs/queue";
import { isRenderError } from "@/lib/engine/render/errors";
import { canRenderSegments, renderSegmented } from "@/lib/engine/render/segments/render";
import type { SegmentedRenderResult, SegmentProgress } from "@/lib/engine/render/segments/types";
import { blobSegmentStore, pruneSegments } from "./segment-store";
import { openSegmentRun } from "./segment-claims";
import { createSegmentHelperWorker } from "./segment-job";
import { prepareRender } from "@/lib/engine/render/prepare";
import { withCurrentClipFacts } from "./clips";
import type { RenderDriver, RenderProgress, RenderVideoResult } from "@/lib/engine/render/types";
import type { BlobStore } from "@/lib/platform/storage/types";
import { appLink, stageWebhookEvent } from "@/lib/platform/webhooks/events";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import type { RenderStageName } from "./contract";
import { generateScenePicture } from "./media";
import { loadRenderSource, prepareRenderInputs, saveRenderComposition } from "./render-inputs";
import type { StockProvider } from "@/lib/media/stock/provider";
import { VIDEO_JOB_TYPES, type FilesState, type RenderState } from "./service/shared";

export interface VideoWorkerDeps {
  db: Db;
  store: BlobStore;
  renderer: () => RenderDriver;
  now?: () => Date;
  workerId?: string;
  leaseMs?: number;
  /** The longest one render may run (VIDEO_RENDER_DEADLINE_MS); then the queue ends it, fails it and refunds it. */
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /** Seconds of synthesised narration etc. are real; tests may swap the picture maker. */
  makePicture?: typeof generateScenePicture;
  /** Stock providers instead of the configured ones (tests). */
  stockProviders?: StockProvider[];
  /** Where the render's decisions go (why a scene got own media, stock or a generated picture); default the console. */
  note?: (msg: string) => void;
  /** Renders at this width instead of the plan's quality (tests and CI: RENDER_WIDTH). */
  renderWidth?: number;
  /** Renders at this frame rate instead of 30 (tests and CI: RENDER_FPS; same length and sound, fewer frames). */
  renderFps?: number;
  /** Helper jobs per render, for other workers to render its segments (default segmentHelpersFromEnv()). */
  segmentHelpers?: number;
}

export type VideoOutcome = "succeeded" | "retrying" | "failed" | "lease-lost" | "cancelled" | "helped";

/** One render attempt: pictures, voice, frames and encoding of the longest video at 1080p, with room to spare. */
export const VIDEO_RENDER_DEADLINE_MS = 30 * 60_000;

/** Stage → where it sits in the whole render's 0..1. */
const STAGE_SPAN: Record<Exclude<RenderStageName, "queued">, [number, number]> = {
  images: [0.02, 0.15],
  voice: [0.15, 0.3],
  rendering: [0.3, 0.9],
  encoding: [0.9, 0.96],
  saving: [0.96, 0.99],
};

/** A failure as the user reads it, and whether another attempt may succeed. */
export function describeRenderFailure(e: unknown): { reason: string; retryable: boolean } {
  if (isRenderError(e)) return { reason: e.userMessage, retryable: e.retryable };
  if (e instanceof SpeechError) return { reason: `The voice could not be made: ${e.message}`, retryable: e.retryable };
  if (e instanceof AiError)
    return { reason: `A scene picture could not be made: ${e.message}`, retryable: e.retryable };
  if (e && typeof e === "object" && "userMessage" in e)
    return { reason: String((e as { userMessage: string }).userMessage), retryable: false };
  return {
    reason: "Something went wrong while rendering this video. Your credits were refunded; try again.",
    retryable: false,
  };
}

/** The render job type: its run, and on a final failure the job failed, the credits refunded once, the last good file kept. */
function videoJob(d: VideoWorkerDeps) {
  const { db, store } = d;
  const now = d.now ?? (() => new Date());
  const deadlineMs = d.deadlineMs ?? VIDEO_RENDER_DEADLINE_MS;

  /** Writes progress to the job (extending the lease) and the video; false when the lease is gone. */
  async function report(ctx: JobContext, patch: Partial<RenderState>): Promise<boolean> {
    const { jobId, leaseMs } = ctx;
    const contentId = ctx.job.content_id!;
    const at = now();
    return db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(jobId);
      const job = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!job || job.data.state !== "running" || job.data.worker_id !== ctx.holder) return false;
      if (!c) return false;
      const settings = c.data.settings as { render?: RenderState | null };
      const render =
        settings.render && settings.render.job_id === jobId
          ? { ...settings.render, ...patch, state: "running" as const }
          : null;
      tx.update(jobRef, {
        progress: patch.progress ?? job.data.progress,
        lease_expires_at: new Date(at.getTime() + leaseMs).toISOString(),
        updated_at: at.toISOString(),
      });
      if (render)
        tx.update(db.collection(content).doc(contentId), {
          status: c.data.status === "queued" ? "running" : c.data.status,
          settings: { ...c.data.settings, render },
          updated_at: at.toISOString(),
        });
      return true;
    });
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<"succeeded"> {
    const { jobId, signal } = ctx;
    const contentId = job.content_id!;
    const input = job.input as { revision: number; quality: "720p" | "1080p"; watermark: string | null };
    const uid = job.owner_id;
    const T0 = performance.now();
    // PF_PROFILE=1: where a render's time goes, stage by stage (bench/segments.ts, bench/video.ts).
    const mark = (m: string) =>
      process.env.PF_PROFILE && console.error(`[render] ${m} ${((performance.now() - T0) / 1000).toFixed(2)} s`);
    const source = await loadRenderSource(db, contentId, { gone: (why) => ctx.lost(why), then: "and render again" });
    let body = source.body;
    const version = source.version;
    const step = async (
      stage: Exclude<RenderStageName, "queued">,
      fraction: number,
      frames: RenderState["frames"] = null,
    ) => {
      const [a, b] = STAGE_SPAN[stage];
      if (!(await report(ctx, { stage, progress: a + (b - a) * Math.min(1, Math.max(0, fraction)), frames })))
        throw ctx.lost();
    };

    // Pictures, voice and music (render-inputs.ts: shared with the quick preview).
    const inputs = await prepareRenderInputs({
      deps: d,
      uid,
      contentId,
      jobId,
      body,
      version,
      signal,
      step,
      save: (b) => saveRenderComposition(db, contentId, b, { gone: (why) => ctx.lost(why), now: now() }),
    });
    body = inputs.body;
    const music = inputs.music;
    mark("pictures, voice, music");

    // Frames and encoding (clips with their assets' current length and poster).
    await step("rendering", 0);
    body = await withCurrentClipFacts(db, uid, body);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pf-video-"));
    const renderer = d.renderer();
    const prepared = await prepareRender({
      composition: body,
      ownerId: uid,
      templateVersion: version,
      store,
      driver: renderer.kind,
      size: d.renderWidth ? sizeForWidth(body.aspect_ratio, d.renderWidth) : input.quality,
      fps: d.renderFps,
      music,
      watermark: input.watermark,
    });
    // Other workers may render segments of this video meanwhile (segment-claims.ts): this attempt's claims.
    mark("props prepared");
    const segmentRun = await openSegmentRun({
      db,
      ctx,
      props: prepared.props,
      driver: renderer,
      helpers: d.segmentHelpers,
    });
    try {
      const videoFile = path.join(dir, "video.mp4");
      const posterFile = path.join(dir, "poster.jpg");
      let last = 0;
      let pending: Promise<void> = Promise.resolve();
      const onProgress = (p: RenderProgress & { segments?: SegmentProgress }) => {
        const t = Date.now();
        if (t - last < 700 && p.progress < 1) return;
        last = t;
        const stage = p.stage === "encoding" ? "encoding" : "rendering";
        const fraction =
          stage === "rendering" ? (p.totalFrames ? p.renderedFrames / p.totalFrames : p.progress) : p.progress;
        const [a, b] = STAGE_SPAN[stage];
        const patch: Partial<RenderState> = {
          stage,
          progress: a + (b - a) * Math.min(1, Math.max(0, fraction)),
          frames: p.totalFrames ? { rendered: p.renderedFrames, total: p.totalFrames } : null,
        };
        if (p.segments) patch.segments = { ...p.segments, rendering: [...p.segments.rendering] };
        // A progress report that finds the lease gone stops the render at once (the heartbeat would, a moment later).
        pending = pending
          .then(async () => {
            if (!(await report(ctx, patch))) throw ctx.lost();
          })
          .catch(() => undefined);
      };
      // In segments: only the parts whose pixels changed since the last render are rendered (a crashed render's
      // finished parts are kept too), each saved as soon as it is done; then joined and the soundtrack muxed once.
      const video: RenderVideoResult & Partial<Pick<SegmentedRenderResult, "segments">> = canRenderSegments(renderer)
        ? await renderSegmented({
            props: prepared.props,
            driver: renderer,
            store: blobSegmentStore(store, uid, contentId),
            claims: segmentRun.claims,
            outputPath: videoFile,
            signal,
            onProgress,
          })
        : await renderer.renderVideo({ props: prepared.props, outputPath: videoFile, signal, onProgress });
      await pending;
      if (signal.aborted) throw ctx.lost("aborted");
      if (video.segments) {
        // The parts as the render ended (the reports above are thinned out, so the last one may lag behind).
        const { keys: _keys, ...parts } = video.segments;
        if (!(await report(ctx, { segments: { ...parts, rendering: [] } }))) throw ctx.lost();
      }
      mark("video");
      await renderer.renderPoster({ props: prepared.props, outputPath: posterFile, signal });
      mark("poster");
      await step("saving", 0);

      // Captions from each scene's cues, placed where its narration starts.
      const tracks = prepared.props.scenes.flatMap((s, i) => {
        const cues = body.scenes[i]?.voice?.cues;
        return s.narration && cues && cues.length > 0
          ? [{ offsetMs: ((s.from + s.narration.startFrame) / prepared.props.fps) * 1000, cues }]
          : [];
      });
      const rev = body.revision;
      const base = `videos/${uid}/${contentId}/r${rev}-${jobId}`;
      const videoInfo = await store.put(`${base}.mp4`, await fs.readFile(videoFile), {
        allowedTypes: ["video/mp4"],
        maxBytes: 500 * 1024 * 1024,
      });
      await store.put(`${base}.jpg`, await fs.readFile(posterFile), { allowedTypes: ["image/jpeg"] });
      let captionsKey: string | null = null;
      if (tracks.length > 0 && body.audio.captions) {
        captionsKey = `${base}.vtt`;
        await store.put(captionsKey, Buffer.from(toWebVtt(tracks), "utf8"), { allowedTypes: ["text/vtt"] });
      }
      const files: FilesState = {
        video_key: `${base}.mp4`,
        poster_key: `${base}.jpg`,
        captions_key: captionsKey,
        revision: rev,
        duration_ms: Math.round(video.durationMs),
        width: video.width,
        height: video.height,
        size_bytes: videoInfo.size,
        rendered_at: now().toISOString(),
      };
      const previous = await finish(ctx, contentId, files);
      if (previous === null) {
        // Lost the job meanwhile (cancelled): the new files are not referenced.
        for (const k of [files.video_key, files.poster_key, files.captions_key])
          if (k) await store.delete(k).catch(() => undefined);
        throw ctx.lost("lease lost before saving");
      }
      mark("saved");
      for (const k of previous) await store.delete(k).catch(() => undefined);
      // Only this render's segments are kept (the next render reuses them); a failed render's stay for its retry.
      if (video.segments)
        await pruneSegments(store, uid, contentId, video.segments.keys).catch((e) =>
          d.log?.(`job ${jobId}: old segment files were not all deleted`, e),
        );
    } finally {
      await segmentRun.close().catch(() => undefined);
      await prepared.close().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    return "succeeded";
  }

  /** Points the video at its new files and completes the job; returns the keys of the files they replace, or null if the lease was lost. */
  async function finish(ctx: JobContext, contentId: string, files: FilesState): Promise<string[] | null> {
    const { jobId } = ctx;
    const at = now().toISOString();
    const replaced = await db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(jobId);
      const job = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!job || job.data.state !== "running" || job.data.worker_id !== ctx.holder || !c) return null;
      const settings = c.data.settings as { render?: RenderState | null; files?: FilesState | null };
      const old = settings.files;
      const render =
        settings.render && settings.render.job_id === jobId
          ? { ...settings.render, state: "succeeded" as const, stage: "saving" as const, progress: 1, error: null }
          : settings.render;
      const patch = {
        status: "ready" as const,
        error: null,
        blobs: { original: files.video_key, thumbnail: files.poster_key, poster: files.poster_key },
        settings: { ...c.data.settings, render, files },
        updated_at: at,
      };
      tx.update(db.collection(content).doc(contentId), patch);
      logContentChange(db, tx, {
        id: contentId,
        action: "ready",
        before: c.data,
        after: patch,
        context: WORKER_CONTEXT.video,
      });
      // With the state change, so a crash cannot lose the owner's webhook event nor a retry make two (one per job).
      stageWebhookEvent(db, tx, {
        ownerId: c.data.owner_id,
        type: "video.ready",
        key: jobId,
        now: new Date(at),
        data: {
          object: "video",
          id: contentId,
          title: c.data.title,
          status: "ready",
          revision: files.revision,
          duration_ms: files.duration_ms,
          width: files.width,
          height: files.height,
          rendered_at: files.rendered_at,
          links: { api: appLink(`/api/v1/videos/${contentId}`), app: appLink(`/videos/${contentId}`) },
        },
      });
      return old ? [old.video_key, old.poster_key, ...(old.captions_key ? [old.captions_key] : [])] : [];
    });
    if (replaced === null) return null;
    if (!(await ctx.complete())) return null;
    refreshPublicViews([contentId]);
    return replaced;
  }

  /** Final failure: job failed, credits refunded once, the video keeps its last good file. */
  async function settleFailed(
    jobId: string,
    job: JobDoc,
    reason: string,
    holder: string | "expired",
  ): Promise<boolean> {
    const at = now();
    const contentId = job.content_id!;
    return db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(jobId);
      const snap = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!snap) return false;
      if (holder !== "expired" && (snap.data.state !== "running" || snap.data.worker_id !== holder)) return false;
      const stageRefund = await prepareRefund(tx, {
        db,
        uid: job.owner_id,
        jobId,
        reason: `video.render failed: ${reason.slice(0, 200)}`,
        contentId,
        now: at,
      });
      stageRefund();
      tx.update(jobRef, {
        state: "failed",
        error: reason.slice(0, 2000),
        worker_id: null,
        lease_expires_at: null,
        updated_at: at.toISOString(),
      });
      if (c) {
        const settings = c.data.settings as {
          render?: RenderState | null;
          files?: FilesState | null;
          credits_spent?: number;
        };
        const render =
          settings.render && settings.render.job_id === jobId
            ? { ...settings.render, state: "failed" as const, error: reason, refunded: true }
            : settings.render;
        const refunded = settings.render?.job_id === jobId ? settings.render.credits : 0;
        const patch = {
          status: settings.files ? ("ready" as const) : ("failed" as const),
          error: reason.slice(0, 2000),
          settings: {
            ...c.data.settings,
            render,
            credits_spent: Math.max(0, (settings.credits_spent ?? 0) - refunded),
          },
          updated_at: at.toISOString(),
        };
        tx.update(db.collection(content).doc(contentId), patch);
        logContentChange(db, tx, {
          id: contentId,
          action: "fail",
          before: c.data,
          after: patch,
          context: WORKER_CONTEXT.video,
        });
        stageWebhookEvent(db, tx, {
          ownerId: c.data.owner_id,
          type: "video.failed",
          key: jobId,
          now: at,
          data: {
            object: "video",
            id: contentId,
            title: c.data.title,
            status: "failed",
            error: reason.slice(0, 2000),
            // The last good file stays: the video is still playable at its earlier revision.
            previous_file_kept: Boolean(settings.files),
            links: { api: appLink(`/api/v1/videos/${contentId}`), app: appLink(`/videos/${contentId}`) },
          },
        });
      }
      return true;
    });
  }

  return defineJob({
    kind: "video",
    types: VIDEO_JOB_TYPES,
    deadlineMs,
    run,
    // The queue's heartbeat writes the render's state too (a cancelled job, or one taken over, stops the render).
    heartbeat: (ctx) => report(ctx, {}),
    failure: (e, { deadline }) =>
      deadline
        ? {
            reason: `This render took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped. Your credits were refunded; try again, or make the video shorter.`,
            retryable: false,
          }
        : describeRenderFailure(e),
    onFinalFailure: (s, reason) => settleFailed(s.jobId, s.job, reason, s.holder),
    // Jobs whose worker died on their last attempt: failed and refunded instead of dropped.
    reap: { reason: "The render stopped responding several times. Your credits were refunded; try again." },
  });
}

export function createVideoWorker(d: VideoWorkerDeps) {
  const { db } = d;
  const worker = createJobWorker(videoJob(d), {
    db,
    workerId: d.workerId,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });

  // Between renders the same worker helps other workers' renders with their segments (segment-job.ts).
  const helper = createSegmentHelperWorker({
    db,
    renderer: d.renderer,
    segmentStore: (v) => blobSegmentStore(d.store, v.ownerId, v.contentId),
    workerId: `${worker.workerId}-segments`,
    now: d.now,
    log: d.log,
  });

  async function processNext(): Promise<{ jobId: string; outcome: VideoOutcome } | null> {
    const r = await worker.processNext();
    if (!r) {
      const h = await helper.processNext();
      return h && { jobId: h.jobId, outcome: typeof h.outcome === "object" ? "helped" : h.outcome };
    }
    if (r.outcome !== "lease-lost") return r;
    const after = await db.collection(jobs).doc(r.jobId).get();
    return { jobId: r.jobId, outcome: after?.data.state === "cancelled" ? "cancelled" : "lease-lost" };
  }

  return {
    workerId: worker.workerId,
    processNext,
    runWorkerLoop: ({ signal, pollMs = 1000 }: { signal: AbortSignal; pollMs?: number }) =>
      runJobLoop(processNext, {
        signal,
        pollMs,
        log: d.log ?? ((msg, err) => console.error(`[video-worker] ${msg}`, err ?? "")),
      }),
  };
}

export type VideoWorker = ReturnType<typeof createVideoWorker>;
