import "server-only";
/**
 * The helper job (`video.segment-help`): a worker with nothing else to do
 * renders segments of a render another worker is running. It reads the
 * run the render attempt published (the exact RenderProps), plans the same
 * segments, and takes them from the end (the render attempt goes from the
 * start, so the two meet in the middle): a segment already in the segment
 * store is skipped, one claimed by someone else is left to them; each one it
 * claims it renders with its driver, saves to the segment store and releases
 * as done. It stops when nothing is left to claim, or as soon as the render
 * attempt no longer holds its job (finished, failed, cancelled, or taken
 * over: the next attempt opens a run of its own).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/platform/db/db";
import { jobs, type JobDoc } from "@/lib/platform/db/collections";
import { createJobWorker, defineJob, type JobContext, type Log } from "@/lib/platform/jobs/kit";
import { renderPropsSchema, type RenderProps } from "@/lib/engine/composition/render-props";
import { planSegments } from "@/lib/engine/render/segments/plan";
import { canRenderSegments, type SegmentDriver } from "@/lib/engine/render/segments/render";
import type { Segment, SegmentStore } from "@/lib/engine/render/segments/types";
import type { RenderDriver } from "@/lib/engine/render/types";
import { videoSegmentRuns } from "./segment-collections";
import { deleteSegmentRun, storeSegmentClaims, VIDEO_SEGMENT_HELP_JOB } from "./segment-claims";

export interface SegmentHelperDeps {
  db: Db;
  renderer: () => RenderDriver;
  /** The segment store of one video (the same one its render job fetches from). */
  segmentStore: (video: { ownerId: string; contentId: string }) => SegmentStore;
  /** The segments of these props as the render job plans them (default segments/plan.ts). */
  plan?: (props: RenderProps, driver: SegmentDriver) => Segment[];
  workerId?: string;
  leaseMs?: number;
  /** How long a segment claim lasts without a heartbeat (SEGMENT_CLAIM_LEASE_MS). */
  claimLeaseMs?: number;
  /** How often the helper checks that the render it helps is still running (default 1 s). */
  watchMs?: number;
  deadlineMs?: number;
  now?: () => Date;
  log?: Log;
}

export type HelperOutcome = { rendered: number } | "lease-lost" | "retrying" | "failed";

/** One helper attempt's whole life is bounded by the render it helps; this is the backstop. */
export const SEGMENT_HELP_DEADLINE_MS = 30 * 60_000;

class RunEnded extends Error {}

export function segmentHelperJob(d: SegmentHelperDeps) {
  const { db } = d;
  const now = d.now ?? (() => new Date());

  /** Whether the render attempt that opened the run still holds its job. */
  async function renderGoing(run: { job_id: string; holder: string }): Promise<boolean> {
    const j = (await db.collection(jobs).doc(run.job_id).get())?.data;
    return !!j && j.state === "running" && j.worker_id === run.holder;
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<{ rendered: number }> {
    const runId = String((job.input as { run_id?: unknown }).run_id ?? "");
    const snap = runId ? await db.collection(videoSegmentRuns).doc(runId).get() : null;
    if (!snap) return { rendered: 0 };
    const r = snap.data;
    if (!(await renderGoing(r))) {
      const j = (await db.collection(jobs).doc(r.job_id).get())?.data;
      // A render that ended without closing its run (its worker died on the last attempt): tidy up after it.
      if (!j || (j.state !== "running" && j.state !== "queued")) await deleteSegmentRun(db, runId);
      return { rendered: 0 };
    }
    const any = d.renderer();
    // Segment keys include the driver kind: a helper configured differently would render segments nobody joins.
    if (!canRenderSegments(any) || any.kind !== r.driver) return { rendered: 0 };
    const driver: SegmentDriver = any;
    const props = renderPropsSchema.parse(JSON.parse(r.props_json));
    const segments = (d.plan ?? ((p, x) => planSegments(p, x.segmentEncoder)))(props, driver).slice().reverse();
    const store = d.segmentStore({ ownerId: r.owner_id, contentId: r.content_id });

    const stop = new AbortController();
    const perSegment = new Map<string, AbortController>();
    const claims = storeSegmentClaims({
      db,
      run: { id: runId, ownerId: r.owner_id, contentId: r.content_id },
      holder: ctx.holder,
      leaseMs: d.claimLeaseMs,
      now,
      onLost: (key) => perSegment.get(key)?.abort(new RunEnded("claim lost")),
    });
    const watch = setInterval(() => {
      void renderGoing(r)
        .then((going) => {
          if (!going && !stop.signal.aborted) stop.abort(new RunEnded("the render ended"));
        })
        .catch(() => undefined);
    }, d.watchMs ?? 1000);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pf-segment-help-"));
    let rendered = 0;
    let next = 0;

    async function lane(): Promise<void> {
      while (next < segments.length) {
        const signal = AbortSignal.any([ctx.signal, stop.signal]);
        if (signal.aborted) return;
        const seg = segments[next++]!;
        const file = path.join(dir, `${seg.key}.mp4`);
        if (await store.fetch(seg.key, file)) continue; // kept from an earlier render, or finished already
        if (!(await claims.claim(seg.key))) continue;
        const mine = new AbortController();
        perSegment.set(seg.key, mine);
        let done = false;
        try {
          await driver.renderSegment({
            props,
            segment: seg,
            outputPath: file,
            signal: AbortSignal.any([signal, mine.signal]),
          });
          if (mine.signal.aborted || signal.aborted) return;
          await store.save(seg.key, file);
          done = true;
          rendered++;
        } catch (e) {
          if (signal.aborted || mine.signal.aborted) return;
          throw e;
        } finally {
          perSegment.delete(seg.key);
          await claims.release(seg.key, done).catch(() => undefined);
          await fs.rm(file, { force: true }).catch(() => undefined);
        }
      }
    }

    try {
      const lanes = Math.max(1, Math.min(driver.segmentConcurrency ?? 1, segments.length));
      await Promise.all(Array.from({ length: lanes }, () => lane()));
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return { rendered };
    } finally {
      clearInterval(watch);
      await claims.close();
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  return defineJob<{ rendered: number }>({
    kind: "video-segments",
    types: [VIDEO_SEGMENT_HELP_JOB],
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs ?? SEGMENT_HELP_DEADLINE_MS,
    run,
    // A helper that failed leaves its segment to the render (which renders whatever nobody finished): no retry, no refund.
    failure: (e) => ({ reason: String((e as Error)?.message ?? e).slice(0, 500), retryable: false }),
    reap: { reason: "The helper stopped responding; the render finishes its segments itself." },
  });
}

export function createSegmentHelperWorker(d: SegmentHelperDeps) {
  return createJobWorker(segmentHelperJob(d), {
    db: d.db,
    workerId: d.workerId,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });
}

export type SegmentHelperWorker = ReturnType<typeof createSegmentHelperWorker>;
