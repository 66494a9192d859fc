/**
 * The image worker: claims a job (lease), makes its images one at a time (so
 * results appear as they finish and each image keeps its own seed), stores the
 * PNG and a WebP thumbnail, and marks each image ready. Runs in the app process
 * or as `npm run worker` on any number of machines; a job whose worker died is
 * taken over once its lease expires, and images already made are not redone.
 */
import { content, jobs, type JobDoc } from "@/lib/platform/db/collections";
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import { logContentChange, WORKER_CONTEXT } from "@/lib/platform/update-log/content";
import { readBlob, imageKeys } from "./blob-io";
import { describeFailure, LEASE_GAVE_UP_REASON, WorkerError } from "./failure-reasons";
import { jobInput, settleFailedJob, whileHeld } from "./job-settle";
import { appLink, stageWebhookEvent } from "@/lib/platform/webhooks/events";
import { renderImage } from "./render";
import { IMAGE_JOB_TYPES, type ImageWorkerDeps } from "./types";

export interface ImageWorkerOptions extends ImageWorkerDeps {
  workerId?: string;
  /** How long a claim lasts without a heartbeat. */
  leaseMs?: number;
  /** The longest one attempt may run (IMAGE_JOB_DEADLINE_MS); then the queue ends it. */
  deadlineMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export type ProcessOutcome = "succeeded" | "retrying" | "failed" | "lease-lost";

export interface ImageWorker {
  readonly workerId: string;
  /** Processes one job; null when there was nothing to do. */
  processNext(): Promise<{ jobId: string; outcome: ProcessOutcome } | null>;
  /** Processes jobs until `signal` aborts, sleeping `pollMs` when the queue is empty. */
  runWorkerLoop(o: { signal: AbortSignal; pollMs?: number }): Promise<void>;
}

const STARTED = 0.1;

/** One attempt of an image job (up to its few images, each a provider call with its own retries). */
export const IMAGE_JOB_DEADLINE_MS = 10 * 60_000;

/** The image job type: its run, and its images failed and refunded on a final failure. */
function imageJob(o: ImageWorkerOptions) {
  const { db, store, generate } = o;

  async function loadEdit(sourceKey: string, maskKey: string | null) {
    const image = await readBlob(store, sourceKey);
    if (!image) throw new WorkerError("The source image of this edit was deleted.", false);
    const mask = maskKey ? await readBlob(store, maskKey) : null;
    if (maskKey && !mask) throw new WorkerError("The mask of this edit is missing. Paint it again.", false);
    return { image: new Uint8Array(image), mask: mask ? new Uint8Array(mask) : undefined };
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<"succeeded"> {
    const { jobId, signal } = ctx;
    const holder = { workerId: ctx.holder };
    const input = jobInput(job);
    const started = await whileHeld({ db, jobId, holder, now: ctx.now() }, ({ tx, contents, at }) => {
      tx.update(db.collection(jobs).doc(jobId), {
        progress: Math.max(job.progress, STARTED),
        lease_expires_at: ctx.lease(),
        updated_at: at,
      });
      for (const c of contents) {
        if (c.data.status !== "ready")
          tx.update(db.collection(content).doc(c.id), { status: "running", error: null, updated_at: at });
      }
    });
    if (!started) throw ctx.lost();
    const edit = input.source_key ? await loadEdit(input.source_key, input.mask_key) : undefined;
    const total = input.content_ids.length;
    for (let i = 0; i < total; i++) {
      const contentId = input.content_ids[i]!;
      const existing = await db.collection(content).doc(contentId).get();
      if (!existing || existing.data.status === "ready") continue; // made by an earlier attempt, or deleted meanwhile
      const made = await generate({
        modelId: input.model_id,
        prompt: input.prompt,
        negativePrompt: input.negative_prompt ?? undefined,
        n: 1,
        aspectRatio: input.aspect_ratio,
        seed: input.seeds[i],
        edit,
        abortSignal: signal,
      });
      const bytes = made.images[0];
      if (!bytes) throw new WorkerError("The provider answered without an image. Try again.", true);
      const img = await renderImage(bytes);
      const uid = job.owner_id;
      const keys = { original: imageKeys.original(uid, contentId), thumbnail: imageKeys.thumbnail(uid, contentId) };
      await store.put(keys.original, img.png, { allowedTypes: ["image/png"] });
      await store.put(keys.thumbnail, img.thumbnail, { allowedTypes: ["image/webp"] });
      const saved = await whileHeld({ db, jobId, holder, now: ctx.now() }, ({ tx, contents, at }) => {
        const c = contents.find((x) => x.id === contentId);
        if (c) {
          const patch = {
            status: "ready" as const,
            error: null,
            blobs: { original: keys.original, thumbnail: keys.thumbnail, poster: null },
            settings: {
              ...c.data.settings,
              width: img.width,
              height: img.height,
              warnings: made.warnings.slice(0, 20),
            },
            updated_at: at,
          };
          tx.update(db.collection(content).doc(contentId), patch);
          logContentChange(db, tx, {
            id: contentId,
            action: "ready",
            before: c.data,
            after: patch,
            context: WORKER_CONTEXT.image,
          });
          // With the state change (each image is made once: the key is the image).
          stageWebhookEvent(db, tx, {
            ownerId: c.data.owner_id,
            type: "image.ready",
            key: contentId,
            now: new Date(at),
            data: {
              object: "image",
              id: contentId,
              status: "ready",
              width: img.width,
              height: img.height,
              links: {
                api: appLink(`/api/v1/images/${contentId}`),
                download: appLink(`/api/v1/images/${contentId}/download`),
                app: appLink(`/image-gen/${contentId}`),
              },
            },
          });
        }
        const progress = STARTED + (1 - STARTED - 0.05) * ((i + 1) / total);
        tx.update(db.collection(jobs).doc(jobId), { progress, lease_expires_at: ctx.lease(), updated_at: at });
      });
      if (!saved) throw ctx.lost();
    }
    return "succeeded"; // the kit completes the job
  }

  return defineJob({
    kind: "image",
    types: IMAGE_JOB_TYPES,
    deadlineMs: IMAGE_JOB_DEADLINE_MS,
    run,
    failure: (e, { deadline }) => {
      const f = deadline
        ? {
            reason: `Making this image took longer than ${Math.round((o.deadlineMs ?? IMAGE_JOB_DEADLINE_MS) / 60_000) || 1} min, so it was stopped. Try again, or pick another model.`,
            retryable: true,
            code: "deadline",
          }
        : describeFailure(e);
      return { reason: f.reason, retryable: f.retryable, quiet: f.code !== "internal" && f.code !== "worker" };
    },
    // The images wait again with the job; ready ones stay ready.
    onRetry: async (ctx) => {
      const batch = db.batch();
      for (const id of jobInput(ctx.job).content_ids) {
        const c = await db.collection(content).doc(id).get();
        if (c && c.data.status === "running")
          batch.update(db.collection(content).doc(id), { status: "queued", updated_at: ctx.now().toISOString() });
      }
      await batch.commit();
    },
    onFinalFailure: (s, reason) =>
      settleFailedJob({
        db,
        jobId: s.jobId,
        holder: s.holder === "expired" ? "expired" : { workerId: s.holder },
        now: s.now,
        reason,
      }),
    // Jobs whose lease ran out on their last attempt: the claim would drop them silently, these are failed and refunded.
    reap: { reason: LEASE_GAVE_UP_REASON, limit: 20 },
  });
}

export function createImageWorker(o: ImageWorkerOptions): ImageWorker {
  const worker = createJobWorker(imageJob(o), {
    db: o.db,
    workerId: o.workerId,
    leaseMs: o.leaseMs,
    deadlineMs: o.deadlineMs,
    now: o.now,
    log: o.log,
  });
  return {
    workerId: worker.workerId,
    processNext: () => worker.processNext() as Promise<{ jobId: string; outcome: ProcessOutcome } | null>,
    runWorkerLoop: ({ signal, pollMs = 500 }) => worker.runWorkerLoop({ signal, pollMs }),
  };
}
