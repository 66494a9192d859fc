/**
 * The image worker: claims a job (lease), makes its images one at a time (so
 * results appear as they finish and each image keeps its own seed), stores the
 * PNG and a WebP thumbnail, and marks each image ready. Runs in the app process
 * or as `npm run worker` on any number of machines; a job whose worker died is
 * taken over once its lease expires, and images already made are not redone.
 */
import { randomUUID } from "node:crypto";
import { claimJob, completeJob, failJob, holdJob, isJobInterrupted, runJobLoop } from "@/lib/jobs/queue";
import { content, jobs, type JobDoc } from "@/lib/db/collections";
import { logContentChange, WORKER_CONTEXT } from "@/lib/update-log/content";
import { readBlob, imageKeys } from "./blob-io";
import { describeFailure, LEASE_GAVE_UP_REASON, WorkerError } from "./failure-reasons";
import { jobInput, settleFailedJob, whileHeld } from "./job-settle";
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

export type ProcessOutcome = "succeeded" | "retrying" | "failed" | "lease-lost" | "skipped";

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

export function createImageWorker(o: ImageWorkerOptions): ImageWorker {
  const { db, store, generate } = o;
  const now = o.now ?? (() => new Date());
  const workerId = o.workerId ?? `image-${randomUUID()}`;
  const leaseMs = o.leaseMs ?? 60_000;
  const deadlineMs = o.deadlineMs ?? IMAGE_JOB_DEADLINE_MS;
  const log = o.log ?? ((msg, err) => console.error(`[image-worker ${workerId}] ${msg}`, err ?? ""));
  const holder = { workerId };

  /** Jobs whose lease ran out on their last attempt: claimJob would drop them silently, we fail and refund them. */
  async function reapAbandoned(at: Date): Promise<void> {
    const expired = await db
      .collection(jobs)
      .where("state", "==", "running")
      .where("lease_expires_at", "<", at.toISOString())
      .orderBy("lease_expires_at")
      .limit(20)
      .get();
    for (const j of expired) {
      if (j.data.attempts < j.data.max_attempts || !isImageJob(j.data)) continue;
      await settleFailedJob({ db, jobId: j.id, holder: "expired", now: at, reason: LEASE_GAVE_UP_REASON });
    }
  }

  async function run(jobId: string, job: JobDoc, signal: AbortSignal): Promise<ProcessOutcome> {
    const input = jobInput(job);
    const started = await whileHeld({ db, jobId, holder, now: now() }, ({ tx, contents, at }) => {
      tx.update(db.collection(jobs).doc(jobId), { progress: Math.max(job.progress, STARTED), lease_expires_at: lease(), updated_at: at });
      for (const c of contents) {
        if (c.data.status !== "ready") tx.update(db.collection(content).doc(c.id), { status: "running", error: null, updated_at: at });
      }
    });
    if (!started) return "lease-lost";
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
      const saved = await whileHeld({ db, jobId, holder, now: now() }, ({ tx, contents, at }) => {
        const c = contents.find((x) => x.id === contentId);
        if (c) {
          const patch = {
            status: "ready" as const,
            error: null,
            blobs: { original: keys.original, thumbnail: keys.thumbnail, poster: null },
            settings: { ...c.data.settings, width: img.width, height: img.height, warnings: made.warnings.slice(0, 20) },
            updated_at: at,
          };
          tx.update(db.collection(content).doc(contentId), patch);
          logContentChange(db, tx, { id: contentId, action: "ready", before: c.data, after: patch, context: WORKER_CONTEXT.image });
        }
        const progress = STARTED + (1 - STARTED - 0.05) * ((i + 1) / total);
        tx.update(db.collection(jobs).doc(jobId), { progress, lease_expires_at: lease(), updated_at: at });
      });
      if (!saved) return "lease-lost";
    }
    return (await completeJob(db, { jobId, workerId, now: now() })) ? "succeeded" : "lease-lost";
  }

  function lease(): string {
    return new Date(now().getTime() + leaseMs).toISOString();
  }

  async function loadEdit(sourceKey: string, maskKey: string | null) {
    const image = await readBlob(store, sourceKey);
    if (!image) throw new WorkerError("The source image of this edit was deleted.", false);
    const mask = maskKey ? await readBlob(store, maskKey) : null;
    if (maskKey && !mask) throw new WorkerError("The mask of this edit is missing. Paint it again.", false);
    return { image: new Uint8Array(image), mask: mask ? new Uint8Array(mask) : undefined };
  }

  /** Extends the lease; false once another worker holds the job (holdJob then aborts the attempt). */
  function heartbeat(jobId: string): Promise<boolean> {
    return whileHeld({ db, jobId, holder, now: now() }, ({ tx, at }) => tx.update(db.collection(jobs).doc(jobId), { lease_expires_at: lease(), updated_at: at }));
  }

  async function processNext() {
    const at = now();
    await reapAbandoned(at);
    const claimed = await claimJob(db, { workerId, leaseMs, types: IMAGE_JOB_TYPES, now: at });
    if (!claimed) return null;
    const { id: jobId, data: job } = claimed;
    if (!isImageJob(job)) return { jobId, outcome: "skipped" as const };
    try {
      const outcome = await holdJob({ db, jobId, workerId, leaseMs, deadlineMs, heartbeat: () => heartbeat(jobId), now }, (signal) => run(jobId, job, signal));
      return { jobId, outcome };
    } catch (e) {
      if (isJobInterrupted(e, "lease-lost")) return { jobId, outcome: "lease-lost" as const };
      const f = isJobInterrupted(e, "deadline")
        ? { reason: `Making this image took longer than ${Math.round(deadlineMs / 60_000) || 1} min, so it was stopped. Try again, or pick another model.`, retryable: true, code: "deadline" }
        : describeFailure(e);
      if (f.code === "internal" || f.code === "worker") log(`job ${jobId} attempt ${job.attempts} failed`, e);
      if (f.retryable && job.attempts < job.max_attempts) {
        const requeued = await failJob(db, { jobId, workerId, error: f.reason, now: now() });
        if (!requeued) return { jobId, outcome: "lease-lost" as const };
        const batch = db.batch(); // the images wait again with the job; ready ones stay ready
        for (const id of jobInput(job).content_ids) {
          const c = await db.collection(content).doc(id).get();
          if (c && c.data.status === "running") batch.update(db.collection(content).doc(id), { status: "queued", updated_at: now().toISOString() });
        }
        await batch.commit();
        return { jobId, outcome: "retrying" as const };
      }
      const settled = await settleFailedJob({ db, jobId, holder, now: now(), reason: f.reason });
      return { jobId, outcome: settled ? ("failed" as const) : ("lease-lost" as const) };
    }
  }

  function runWorkerLoop({ signal, pollMs = 500 }: { signal: AbortSignal; pollMs?: number }): Promise<void> {
    return runJobLoop(processNext, { signal, pollMs, log });
  }

  return { workerId, processNext, runWorkerLoop };
}

function isImageJob(job: JobDoc): boolean {
  return (IMAGE_JOB_TYPES as readonly string[]).includes(job.type);
}

