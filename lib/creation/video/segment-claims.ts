import "server-only";
/**
 * Segments of one video rendered by several workers at once, through the
 * store: a render attempt opens a run (`openSegmentRun`: the exact props it
 * renders, and helper jobs on the queue for other workers), and every worker
 * taking part claims a segment before rendering it. A claim is one document
 * per (video, segment key) written in a transaction, so two workers never
 * hold one segment; it has a holder and a lease its holder extends while it
 * renders. A holder that dies stops extending it; once the lease lapses the
 * segment may be claimed again (`alive` says false). A finished segment stays
 * claimed as `done` for the rest of the run, so nobody renders it twice; only
 * when a lease's time after it was finished the store still has no good copy
 * of it (whoever waits for it polls the store far more often) may it be
 * claimed again, so a lost file costs a render, never a render that waits for
 * ever.
 *
 * Claims belong to one run (one attempt of one render job): a claim of an
 * earlier run (a render that died) counts as no claim. With no other worker
 * around the render attempt simply claims every segment itself.
 */
import { createHash } from "node:crypto";
import type { Db } from "@/lib/platform/db/db";
import { jobs } from "@/lib/platform/db/collections";
import { enqueueJobs } from "@/lib/platform/jobs/queue";
import { workerSettings } from "@/lib/platform/jobs/settings";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { planSegments } from "@/lib/engine/render/segments/plan";
import { canRenderSegments } from "@/lib/engine/render/segments/render";
import type { SegmentClaims } from "@/lib/engine/render/segments/types";
import type { RenderDriver } from "@/lib/engine/render/types";
import type { JobContext } from "@/lib/platform/jobs/kit";
import { videoSegmentClaims, videoSegmentRuns, type VideoSegmentRunDoc } from "./segment-collections";

/** The queue type of a helper job: another worker renders segments of a run it did not start. */
export const VIDEO_SEGMENT_HELP_JOB = "video.segment-help";
/**
 * Helper jobs are the render's own work items, not the user's: they charge
 * nothing, carry only the run id, and are deleted when the run ends. They are
 * owned by this service id so they do not count as the user's jobs (the
 * notifications' "in progress", the per-user job caps).
 */
export const SEGMENT_HELPER_OWNER = "video-segments";
/** How long a claim lasts without its holder extending it (it extends it every third of that). */
export const SEGMENT_CLAIM_LEASE_MS = 30_000;

type Env = Record<string, string | undefined>;

/**
 * How many helper jobs a render with two or more segments enqueues:
 * VIDEO_SEGMENT_HELPERS (0-8) when set; else one less than the in-app
 * workers (the workers this process knows of); with IN_APP_WORKER=0 the
 * workers run elsewhere (`npm run worker`, maybe several), so one. A helper
 * nobody picks up costs a document: the render deletes it when it ends.
 */
export function segmentHelpersFromEnv(env: Env = process.env): number {
  const raw = env.VIDEO_SEGMENT_HELPERS;
  const n = Number(raw);
  if (raw !== undefined && raw !== "" && Number.isInteger(n) && n >= 0 && n <= 8) return n;
  const s = workerSettings(env);
  return s.inApp ? s.concurrency - 1 : 1;
}

export function segmentRunId(jobId: string, attempt: number): string {
  return `${jobId}-${attempt}`;
}

/** The claim's document id: readable when it fits the id rule, else a hash of the same. */
export function segmentClaimId(contentId: string, key: string): string {
  const id = `${contentId}_${key}`;
  return id.length <= 128 ? id : createHash("sha256").update(id).digest("hex");
}

export interface StoreClaimsOptions {
  db: Db;
  run: { id: string; ownerId: string; contentId: string };
  /** Who claims: the job attempt's holder id (ctx.holder). */
  holder: string;
  leaseMs?: number;
  now?: () => Date;
  /** A claim this holder had was taken by another worker (its lease had lapsed): stop rendering that segment. */
  onLost?: (key: string) => void;
}

export interface StoreSegmentClaims extends SegmentClaims {
  /** Keys this holder is rendering now. */
  held(): string[];
  /** Gives up every segment still held (not done) and stops extending leases. */
  close(): Promise<void>;
}

/** SegmentClaims on the store, for one holder in one run. */
export function storeSegmentClaims(o: StoreClaimsOptions): StoreSegmentClaims {
  const { db, run, holder } = o;
  const leaseMs = o.leaseMs ?? SEGMENT_CLAIM_LEASE_MS;
  const now = o.now ?? (() => new Date());
  const col = db.collection(videoSegmentClaims);
  const ref = (key: string) => col.doc(segmentClaimId(run.contentId, key));
  const held = new Set<string>();
  /** A segment finished more than a lease ago whose file the waiting render still could not fetch. */
  const stale = (d: { state: string; updated_at: string }, at: Date) =>
    d.state === "done" && Date.parse(d.updated_at) + leaseMs < at.getTime();
  let timer: ReturnType<typeof setInterval> | null = null;
  let beating = false;
  let closed = false;

  async function extend(): Promise<void> {
    if (beating || held.size === 0) return;
    beating = true;
    try {
      const at = now();
      const lost = await db.runTransaction(async (tx) => {
        const keys = [...held];
        const snaps = await Promise.all(keys.map((k) => tx.get(ref(k))));
        const gone: string[] = [];
        keys.forEach((k, i) => {
          const d = snaps[i]?.data;
          if (!d || d.run_id !== run.id || d.holder !== holder || d.state !== "rendering") gone.push(k);
          else
            tx.update(ref(k), {
              lease_expires_at: new Date(at.getTime() + leaseMs).toISOString(),
              updated_at: at.toISOString(),
            });
        });
        return gone;
      });
      for (const k of lost) {
        held.delete(k);
        o.onLost?.(k);
      }
    } catch {
      // The store briefly away is not a lost claim: the next beat decides.
    } finally {
      beating = false;
    }
  }

  function beat() {
    if (timer || closed) return;
    timer = setInterval(() => void extend(), Math.max(20, Math.floor(leaseMs / 3)));
    timer.unref?.();
  }

  const claims: StoreSegmentClaims = {
    async claim(key) {
      if (closed) return false;
      const at = now();
      const got = await db.runTransaction(async (tx) => {
        const snap = await tx.get(ref(key));
        const d = snap?.data;
        if (d && d.run_id === run.id) {
          if (d.state === "done" && !stale(d, at)) return false;
          if (d.holder !== holder && d.lease_expires_at && d.lease_expires_at >= at.toISOString()) return false;
        }
        tx.set(ref(key), {
          owner_id: run.ownerId,
          content_id: run.contentId,
          run_id: run.id,
          key,
          holder,
          state: "rendering",
          lease_expires_at: new Date(at.getTime() + leaseMs).toISOString(),
          updated_at: at.toISOString(),
        });
        return true;
      });
      if (got) {
        held.add(key);
        beat();
      }
      return got;
    },

    async release(key, done) {
      held.delete(key);
      const at = now();
      await db.runTransaction(async (tx) => {
        const snap = await tx.get(ref(key));
        const d = snap?.data;
        if (!d || d.run_id !== run.id || d.holder !== holder || d.state !== "rendering") return;
        if (done) tx.update(ref(key), { state: "done", lease_expires_at: null, updated_at: at.toISOString() });
        else tx.delete(ref(key));
      });
    },

    async alive(key) {
      const d = (await ref(key).get())?.data;
      if (!d || d.run_id !== run.id) return false;
      if (d.state === "done") return !stale(d, now()); // finished: its file is in the segment store
      return d.holder === holder || (d.lease_expires_at !== null && d.lease_expires_at >= now().toISOString());
    },

    held: () => [...held],

    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const k of [...held]) await claims.release(k, false).catch(() => undefined);
    },
  };
  return claims;
}

export interface OpenSegmentRunInput {
  db: Db;
  /** The render job's attempt (its job id, attempt count, holder, owner and video). */
  ctx: Pick<JobContext, "jobId" | "holder"> & {
    job: { attempts: number; owner_id: string; content_id: string | null };
  };
  props: RenderProps;
  driver: RenderDriver;
  /** Helper jobs to enqueue (default segmentHelpersFromEnv()); 0: this attempt renders everything itself. */
  helpers?: number;
  leaseMs?: number;
  now?: () => Date;
}

export interface SegmentRun {
  id: string;
  /** This attempt's claims, for renderSegmented; none when no helper was asked (nobody to share with: one pass, no claim writes). */
  claims: StoreSegmentClaims | undefined;
  /** The helper jobs enqueued for it. */
  helperJobs: string[];
  /** Ends the run: gives up held claims, deletes the run, its claims and its helper jobs not yet started. */
  close(): Promise<void>;
}

/**
 * Opens one render attempt's run: publishes its props for helpers, enqueues
 * the helpers, and returns the attempt's own claims. Runs of the job's
 * earlier attempts (a worker that died) are deleted first; the segments they
 * finished are in the segment store already, which is what resumes.
 */
export async function openSegmentRun(i: OpenSegmentRunInput): Promise<SegmentRun> {
  const { db, ctx, driver } = i;
  const now = i.now ?? (() => new Date());
  const jobId = ctx.jobId;
  const ownerId = ctx.job.owner_id;
  const contentId = ctx.job.content_id!;
  const id = segmentRunId(jobId, ctx.job.attempts);
  for (let a = 1; a < ctx.job.attempts; a++) await deleteSegmentRun(db, segmentRunId(jobId, a));
  const helperJobs: string[] = [];
  const segments = canRenderSegments(driver)
    ? new Set(planSegments(i.props, driver.segmentEncoder).map((s) => s.key)).size
    : 0;
  const wanted = i.helpers ?? segmentHelpersFromEnv();
  const helpers = segments >= 2 ? Math.max(0, Math.min(8, wanted, segments - 1)) : 0;
  if (helpers > 0) {
    const run: VideoSegmentRunDoc = {
      owner_id: ownerId,
      content_id: contentId,
      job_id: jobId,
      holder: ctx.holder,
      driver: driver.kind,
      props_json: JSON.stringify(i.props),
      created_at: now().toISOString(),
    };
    await db.collection(videoSegmentRuns).doc(id).set(run);
    const helper = {
      type: VIDEO_SEGMENT_HELP_JOB,
      owner_id: SEGMENT_HELPER_OWNER,
      content_id: contentId,
      input: { run_id: id },
      max_attempts: 2,
    };
    helperJobs.push(
      ...(await enqueueJobs(
        db,
        Array.from({ length: helpers }, () => helper),
        now(),
      )),
    );
  }
  const claims = storeSegmentClaims({
    db,
    run: { id, ownerId, contentId },
    holder: ctx.holder,
    leaseMs: i.leaseMs,
    now,
  });
  return {
    id,
    claims: helpers > 0 ? claims : undefined,
    helperJobs,
    async close() {
      await claims.close();
      await deleteSegmentRun(db, id, helperJobs);
    },
  };
}

/**
 * Deletes a run, its claims and its helper jobs that are not running (a
 * running helper finds the run gone and stops by itself).
 */
export async function deleteSegmentRun(db: Db, runId: string, helperJobs: string[] = []): Promise<void> {
  await db.collection(videoSegmentRuns).doc(runId).delete();
  for (;;) {
    const left = await db.collection(videoSegmentClaims).where("run_id", "==", runId).limit(200).get();
    if (left.length === 0) break;
    const batch = db.batch();
    for (const c of left) batch.delete(db.collection(videoSegmentClaims).doc(c.id));
    await batch.commit();
  }
  for (const jobId of helperJobs)
    await db.runTransaction(async (tx) => {
      const ref = db.collection(jobs).doc(jobId);
      const snap = await tx.get(ref);
      if (snap && snap.data.state !== "running") tx.delete(ref);
    });
}
