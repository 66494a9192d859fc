import "server-only";
/**
 * The design export worker: claims `design.render` jobs (and only those),
 * renders one still per page with the configured renderer, stores the files
 * and a thumbnail, and points the design at them. Progress goes to the job
 * and to the design after each page. A final failure records a human reason
 * and refunds the credit; the design keeps its last good files.
 */
import { logContentChange, WORKER_CONTEXT } from "@/lib/platform/update-log/content";
import { appLink, stageWebhookEvent } from "@/lib/platform/webhooks/events";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { compositions } from "@/lib/engine/composition/collections";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { sizeForWidth } from "@/lib/engine/composition/ratios";
import { prepareRefund } from "@/lib/money/credits/credits";
import { content, jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import { prepareRender } from "@/lib/engine/render/prepare";
import type { RenderDriver } from "@/lib/engine/render/types";
import type { BlobStore } from "@/lib/platform/storage/types";
import { describeRenderFailure } from "@/lib/creation/video/worker";
import type { DesignFormat } from "./contract";
import { DESIGN_JOB_TYPES, type DesignExportState, type DesignFilesState } from "./service/shared";

export const THUMBNAIL_WIDTH = 480;

export interface DesignWorkerDeps {
  db: Db;
  store: BlobStore;
  renderer: () => RenderDriver;
  now?: () => Date;
  workerId?: string;
  leaseMs?: number;
  /** The longest one export may run (DESIGN_EXPORT_DEADLINE_MS); then the queue ends it, fails it and refunds it. */
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /** Renders at this width instead of the plan's size (tests and CI: RENDER_WIDTH). */
  renderWidth?: number;
}

export type DesignOutcome = "succeeded" | "retrying" | "failed" | "lease-lost";

/** One export attempt: a still per page. */
export const DESIGN_EXPORT_DEADLINE_MS = 10 * 60_000;

interface JobInput {
  revision: number;
  format: DesignFormat;
  quality: number | null;
  quality_tier: "720p" | "1080p";
  watermark: string | null;
}

/** The export job type: its run, and on a final failure the job failed, the credit refunded once, the last good files kept. */
function designJob(d: DesignWorkerDeps) {
  const { db, store } = d;
  const now = d.now ?? (() => new Date());
  const deadlineMs = d.deadlineMs ?? DESIGN_EXPORT_DEADLINE_MS;

  /** Progress to the job (extending the lease) and the design; false when the lease is gone. */
  async function report(ctx: JobContext, patch: Partial<DesignExportState>): Promise<boolean> {
    const { jobId, leaseMs } = ctx;
    const contentId = ctx.job.content_id!;
    const at = now();
    return db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(jobId);
      const job = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!job || job.data.state !== "running" || job.data.worker_id !== ctx.holder || !c) return false;
      const s = c.data.settings as { export?: DesignExportState | null };
      const exp = s.export && s.export.job_id === jobId ? { ...s.export, ...patch, state: "running" as const } : null;
      tx.update(jobRef, {
        progress: patch.progress ?? job.data.progress,
        lease_expires_at: new Date(at.getTime() + leaseMs).toISOString(),
        updated_at: at.toISOString(),
      });
      if (exp)
        tx.update(db.collection(content).doc(contentId), {
          status: c.data.status === "queued" ? "running" : c.data.status,
          settings: { ...c.data.settings, export: exp },
          updated_at: at.toISOString(),
        });
      return true;
    });
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<"succeeded"> {
    const { jobId, signal } = ctx;
    const contentId = job.content_id!;
    const input = job.input as unknown as JobInput;
    const uid = job.owner_id;
    const compSnap = await db.collection(compositions).doc(contentId).get();
    if (!compSnap) throw ctx.lost("the design was deleted");
    const body = migrateComposition(compSnap.data);
    const version = await getTemplateVersion(db, body.template.id, body.template.version);
    if (!version)
      throw Object.assign(new Error("template version missing"), {
        userMessage: "This design's template version no longer exists. Switch it to another template and export again.",
      });
    if (
      body.scenes.some((s) => Object.values(s.values).some((v) => v.type === "media" && v.key.startsWith("samples/")))
    )
      await ensureSampleMedia(store);
    const total = body.scenes.length;
    if (!(await report(ctx, { progress: 0.05, pages: { rendered: 0, total } }))) throw ctx.lost();

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pf-design-"));
    const renderer = d.renderer();
    const prepared = await prepareRender({
      composition: body,
      ownerId: uid,
      templateVersion: version,
      store,
      driver: renderer.kind,
      size: d.renderWidth ? sizeForWidth(body.aspect_ratio, d.renderWidth) : input.quality_tier,
      watermark: input.watermark,
    });
    const ext = input.format === "png" ? "png" : "jpg";
    const contentType = input.format === "png" ? "image/png" : "image/jpeg";
    const base = `designs/${uid}/${contentId}/r${body.revision}-${jobId}`;
    const written: string[] = [];
    try {
      const pages: DesignFilesState["pages"] = [];
      for (let i = 0; i < total; i++) {
        if (signal.aborted) throw ctx.lost("aborted");
        const file = path.join(dir, `page-${i + 1}.${ext}`);
        const still = await renderer.renderStill({
          props: prepared.props,
          sceneIndex: i,
          format: input.format,
          outputPath: file,
          jpegQuality: input.quality ?? undefined,
          signal,
        });
        const key = `${base}/page-${i + 1}.${ext}`;
        const info = await store.put(key, await fs.readFile(file), { allowedTypes: [contentType] });
        written.push(key);
        pages.push({ key, width: still.width, height: still.height, size_bytes: info.size });
        if (!(await report(ctx, { progress: 0.05 + (0.85 * (i + 1)) / total, pages: { rendered: i + 1, total } })))
          throw ctx.lost();
      }
      const thumbKey = `${base}/thumb.jpg`;
      const thumb = await sharp(await fs.readFile(path.join(dir, `page-1.${ext}`)))
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82 })
        .toBuffer();
      await store.put(thumbKey, thumb, { allowedTypes: ["image/jpeg"] });
      written.push(thumbKey);
      const files: DesignFilesState = {
        format: input.format,
        quality: input.quality,
        revision: body.revision,
        pages,
        thumbnail_key: thumbKey,
        rendered_at: now().toISOString(),
      };
      const replaced = await finish(ctx, contentId, files);
      if (replaced === null) throw ctx.lost("lease lost before saving");
      written.length = 0;
      for (const k of replaced) await store.delete(k).catch(() => undefined);
    } finally {
      // Files of an export that did not finish are not referenced by anything.
      for (const k of written) await store.delete(k).catch(() => undefined);
      await prepared.close().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    return "succeeded";
  }

  /** Points the design at its new files and completes the job; returns the keys they replace, or null when the lease was lost. */
  async function finish(ctx: JobContext, contentId: string, files: DesignFilesState): Promise<string[] | null> {
    const { jobId } = ctx;
    const at = now().toISOString();
    const replaced = await db.runTransaction(async (tx) => {
      const jobRef = db.collection(jobs).doc(jobId);
      const job = await tx.get(jobRef);
      const c = await tx.get(db.collection(content).doc(contentId));
      if (!job || job.data.state !== "running" || job.data.worker_id !== ctx.holder || !c) return null;
      const s = c.data.settings as { export?: DesignExportState | null; files?: DesignFilesState | null };
      const old = s.files;
      const exp =
        s.export && s.export.job_id === jobId
          ? { ...s.export, state: "succeeded" as const, progress: 1, error: null }
          : s.export;
      const patch = {
        status: "ready" as const,
        error: null,
        blobs: { original: files.pages[0]!.key, thumbnail: files.thumbnail_key, poster: files.thumbnail_key },
        settings: { ...c.data.settings, export: exp, files },
        updated_at: at,
      };
      tx.update(db.collection(content).doc(contentId), patch);
      logContentChange(db, tx, {
        id: contentId,
        action: "ready",
        before: c.data,
        after: patch,
        context: WORKER_CONTEXT.design,
      });
      // With the state change (one event per export job).
      stageWebhookEvent(db, tx, {
        ownerId: c.data.owner_id,
        type: "design.ready",
        key: jobId,
        now: new Date(at),
        data: {
          object: "design",
          id: contentId,
          title: c.data.title,
          status: "ready",
          pages: files.pages.length,
          links: { api: appLink(`/api/v1/designs/${contentId}`) },
        },
      });
      return old ? [...old.pages.map((p) => p.key), old.thumbnail_key] : [];
    });
    if (replaced === null) return null;
    if (!(await ctx.complete())) return null;
    refreshPublicViews([contentId]);
    return replaced;
  }

  /** Final failure: job failed, the credit refunded once, the design keeps its last good files. */
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
        reason: `design.render failed: ${reason.slice(0, 200)}`,
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
        const s = c.data.settings as {
          export?: DesignExportState | null;
          files?: DesignFilesState | null;
          credits_spent?: number;
        };
        const mine = s.export?.job_id === jobId;
        const exp =
          s.export && mine ? { ...s.export, state: "failed" as const, error: reason, refunded: true } : s.export;
        const patch = {
          status: s.files ? ("ready" as const) : ("failed" as const),
          error: reason.slice(0, 2000),
          settings: {
            ...c.data.settings,
            export: exp,
            credits_spent: Math.max(0, (s.credits_spent ?? 0) - (mine ? s.export!.credits : 0)),
          },
          updated_at: at.toISOString(),
        };
        tx.update(db.collection(content).doc(contentId), patch);
        logContentChange(db, tx, {
          id: contentId,
          action: "fail",
          before: c.data,
          after: patch,
          context: WORKER_CONTEXT.design,
        });
      }
      return true;
    });
  }

  return defineJob({
    kind: "design",
    types: DESIGN_JOB_TYPES,
    deadlineMs,
    run,
    // The queue's heartbeat writes the export's state too: a job taken over (or past its time) stops the export.
    heartbeat: (ctx) => report(ctx, {}),
    failure: (e, { deadline }) => {
      if (deadline)
        return {
          reason: `This export took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped. Your credit was refunded; try again.`,
          retryable: false,
        };
      const f = describeRenderFailure(e);
      return {
        reason: f.reason
          .replace("rendering this video", "exporting this design")
          .replace("Your credits were", "Your credit was"),
        retryable: f.retryable,
      };
    },
    onFinalFailure: (s, reason) => settleFailed(s.jobId, s.job, reason, s.holder),
    reap: { reason: "The export stopped responding several times. Your credit was refunded; try again." },
  });
}

export function createDesignWorker(d: DesignWorkerDeps) {
  const worker = createJobWorker(designJob(d), {
    db: d.db,
    workerId: d.workerId,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });
  return {
    workerId: worker.workerId,
    processNext: () => worker.processNext() as Promise<{ jobId: string; outcome: DesignOutcome } | null>,
    runWorkerLoop: worker.runWorkerLoop,
  };
}

export type DesignWorker = ReturnType<typeof createDesignWorker>;
