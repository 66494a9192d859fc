import "server-only";
/**
 * The quick preview job (`video.preview`): the same preparation as a render
 * (render-inputs.ts: missing pictures and voice are made and kept for the
 * final render), then a small, low-frame-rate MP4 watermarked "Draft",
 * stored apart from the final file. Its state (stage, progress, error, the
 * revision it shows) is written to `settings.quick_preview` only; the video's
 * status, render and files are never touched. Nothing was charged, so a
 * failure only records its reason (the last good preview stays).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { sizeForWidth } from "@/lib/engine/composition/ratios";
import { prepareRender } from "@/lib/engine/render/prepare";
import type { RenderDriver } from "@/lib/engine/render/types";
import { content, jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import type { BlobStore } from "@/lib/platform/storage/types";
import type { RenderStageName } from "./contract";
import { PREVIEW_FPS, PREVIEW_SHORT_SIDE, PREVIEW_WATERMARK } from "./preview-contract";
import { loadRenderSource, prepareRenderInputs, saveRenderComposition, type RenderInputsDeps } from "./render-inputs";
import { previewOf, VIDEO_PREVIEW_JOB, type PreviewFileState, type PreviewState } from "./service/request-preview";
import { withCurrentClipFacts } from "./clips";
import { describeRenderFailure } from "./worker";

export interface PreviewWorkerDeps extends RenderInputsDeps {
  db: Db;
  store: BlobStore;
  renderer: () => RenderDriver;
  now?: () => Date;
  workerId?: string;
  leaseMs?: number;
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /** At most this wide (tests and CI: RENDER_WIDTH). */
  renderWidth?: number;
  /** A lower frame rate than the preview's (RENDER_FPS). */
  renderFps?: number;
}

/** A preview is seconds of work; pictures made by a slow image model take the most. */
export const VIDEO_PREVIEW_DEADLINE_MS = 10 * 60_000;

const STAGE_SPAN: Record<Exclude<RenderStageName, "queued">, [number, number]> = {
  images: [0.02, 0.2],
  voice: [0.2, 0.3],
  rendering: [0.3, 0.92],
  encoding: [0.92, 0.96],
  saving: [0.96, 0.99],
};

/** The preview's canvas: the ratio's shape with a short side of PREVIEW_SHORT_SIDE, or `maxWidth` wide when that is less (RENDER_WIDTH). */
export function previewSize(ratio: CompositionBody["aspect_ratio"], maxWidth?: number) {
  const shape = sizeForWidth(ratio, 1000);
  // sizeForWidth takes a width: a portrait's width is its short side; a landscape's is the short side × its ratio.
  const width =
    shape.width >= shape.height ? Math.round((PREVIEW_SHORT_SIDE * shape.width) / shape.height) : PREVIEW_SHORT_SIDE;
  return sizeForWidth(ratio, maxWidth !== undefined ? Math.min(width, maxWidth) : width);
}

function previewJob(d: PreviewWorkerDeps) {
  const { db, store } = d;
  const now = d.now ?? (() => new Date());
  const deadlineMs = d.deadlineMs ?? VIDEO_PREVIEW_DEADLINE_MS;

  /** Writes the preview's state (only when it is still this job's) and extends the lease; false when the lease is gone. */
  async function write(ctx: JobContext, patch: Partial<PreviewState>, done?: "succeeded"): Promise<boolean> {
    const contentId = ctx.job.content_id!;
    const at = now();
    return db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(ctx.jobId);
      const job = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!job || job.data.state !== "running" || job.data.worker_id !== ctx.holder || !c) return false;
      const p = previewOf(c.data.settings, contentId);
      tx.update(jobRef, {
        progress: patch.progress ?? job.data.progress,
        lease_expires_at: new Date(at.getTime() + ctx.leaseMs).toISOString(),
        updated_at: at.toISOString(),
      });
      if (p && p.job_id === ctx.jobId)
        tx.update(db.collection(content).doc(contentId), {
          settings: { ...c.data.settings, quick_preview: { ...p, ...patch, state: done ?? "running" } },
        });
      return true;
    });
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<"succeeded"> {
    const { jobId, signal } = ctx;
    const contentId = job.content_id!;
    const uid = job.owner_id;
    const source = await loadRenderSource(db, contentId, { gone: (why) => ctx.lost(why), then: "first" });
    let body = source.body;
    const version = source.version;
    const step = async (stage: Exclude<RenderStageName, "queued">, fraction: number) => {
      const [a, b] = STAGE_SPAN[stage];
      const progress = a + (b - a) * Math.min(1, Math.max(0, fraction));
      if (!(await write(ctx, { stage, progress, revision: body.revision }))) throw ctx.lost();
    };

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
    body = await withCurrentClipFacts(db, uid, inputs.body);

    await step("rendering", 0);
    const renderer = d.renderer();
    const size = previewSize(body.aspect_ratio, d.renderWidth);
    const fps = Math.min(PREVIEW_FPS, d.renderFps ?? PREVIEW_FPS);
    const prepared = await prepareRender({
      composition: body,
      ownerId: uid,
      templateVersion: version,
      store,
      driver: renderer.kind,
      size,
      fps,
      music: inputs.music,
      watermark: PREVIEW_WATERMARK,
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pf-preview-"));
    try {
      const file = path.join(dir, "preview.mp4");
      let last = 0;
      let pending: Promise<void> = Promise.resolve();
      const video = await renderer.renderVideo({
        props: prepared.props,
        outputPath: file,
        signal,
        onProgress: (p) => {
          const t = Date.now();
          if (t - last < 500 && p.progress < 1) return;
          last = t;
          const stage = p.stage === "encoding" ? "encoding" : "rendering";
          const fraction =
            stage === "rendering" ? (p.totalFrames ? p.renderedFrames / p.totalFrames : p.progress) : p.progress;
          pending = pending.then(() => step(stage, fraction)).catch(() => undefined);
        },
      });
      await pending;
      if (signal.aborted) throw ctx.lost("aborted");
      await step("saving", 0);
      const key = `videos/${uid}/${contentId}/preview/r${body.revision}-${jobId}.mp4`;
      const info = await store.put(key, await fs.readFile(file), {
        allowedTypes: ["video/mp4"],
        maxBytes: 200 * 1024 * 1024,
      });
      const saved: PreviewFileState = {
        key,
        revision: body.revision,
        width: video.width,
        height: video.height,
        fps: prepared.props.fps,
        duration_ms: Math.round(video.durationMs),
        size_bytes: info.size,
        rendered_at: now().toISOString(),
      };
      const replaced = await finish(ctx, contentId, saved);
      if (replaced === null) {
        await store.delete(key).catch(() => undefined);
        throw ctx.lost("lease lost before saving");
      }
      if (replaced) await store.delete(replaced).catch(() => undefined);
    } finally {
      await prepared.close().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    return "succeeded";
  }

  /** Points the preview at its new file and completes the job; the key of the file it replaces ("" if none), or null when the lease was lost. */
  async function finish(ctx: JobContext, contentId: string, file: PreviewFileState): Promise<string | null> {
    const replaced = await db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(ctx.jobId);
      const job = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!job || job.data.state !== "running" || job.data.worker_id !== ctx.holder || !c) return null;
      const p = previewOf(c.data.settings, contentId);
      if (!p || p.job_id !== ctx.jobId) return null;
      const preview: PreviewState = {
        ...p,
        state: "succeeded",
        stage: "saving",
        progress: 1,
        error: null,
        revision: file.revision,
        file,
      };
      tx.update(db.collection(content).doc(contentId), { settings: { ...c.data.settings, quick_preview: preview } });
      return p.file?.key ?? "";
    });
    if (replaced === null) return null;
    if (!(await ctx.complete())) return null;
    return replaced;
  }

  /** Final failure: the job failed and its reason recorded on the preview; the last good preview stays. */
  async function settleFailed(jobId: string, job: JobDoc, reason: string, holder: string): Promise<boolean> {
    const at = now().toISOString();
    return db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(jobId);
      const snap = await tx.get(jobRef);
      if (!snap) return false;
      if (holder !== "expired" && (snap.data.state !== "running" || snap.data.worker_id !== holder)) return false;
      const c = await tx.get(db.collection(content).doc(job.content_id!));
      tx.update(jobRef, {
        state: "failed",
        error: reason.slice(0, 2000),
        worker_id: null,
        lease_expires_at: null,
        updated_at: at,
      });
      const p = c ? previewOf(c.data.settings, job.content_id!) : null;
      if (c && p && p.job_id === jobId)
        tx.update(db.collection(content).doc(job.content_id!), {
          settings: { ...c.data.settings, quick_preview: { ...p, state: "failed", error: reason.slice(0, 2000) } },
        });
      return true;
    });
  }

  return defineJob({
    kind: "preview",
    types: [VIDEO_PREVIEW_JOB],
    deadlineMs,
    run,
    heartbeat: (ctx) => write(ctx, {}),
    failure: (e, { deadline }) =>
      deadline
        ? {
            reason: `This quick preview took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped. Try again.`,
            retryable: false,
          }
        : previewFailure(e),
    onFinalFailure: (s, reason) => settleFailed(s.jobId, s.job, reason, s.holder),
    reap: { reason: "The quick preview stopped responding. Try again." },
  });
}

/** The render's reading of a failure, without its words about credits (a preview costs none). */
export function previewFailure(e: unknown): { reason: string; retryable: boolean } {
  const f = describeRenderFailure(e);
  return {
    retryable: f.retryable,
    reason: f.reason.includes("credits")
      ? "Something went wrong while making this quick preview. Try again."
      : f.reason.replace(/rendering this video/g, "making this quick preview"),
  };
}

export function createPreviewWorker(d: PreviewWorkerDeps) {
  return createJobWorker(previewJob(d), {
    db: d.db,
    workerId: d.workerId,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });
}

export type PreviewWorker = ReturnType<typeof createPreviewWorker>;
