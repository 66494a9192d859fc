import "server-only";
/**
 * Queues a render of a video's current revision as a job, debiting its credits (or prepaid by a batch).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { assertWithinPlan } from "@/lib/money/billing/enforce";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { prepareDebit } from "@/lib/money/credits/credits";
import { content, jobs } from "@/lib/platform/db/collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import type { VideoView } from "../contract";
import { videoCost } from "../pricing";
import { getVideo } from "./get-video";
import {
  isRendering,
  ownedVideo,
  type RenderState,
  settingsOf,
  VIDEO_JOB_MAX_ATTEMPTS,
  VIDEO_RENDER_JOB,
  type VideoDeps,
} from "./shared";

export function renderQualityFor(maxResolution: number): "720p" | "1080p" {
  return maxResolution >= 1080 ? "1080p" : "720p";
}

export interface RenderRequestOptions {
  /**
   * Already paid elsewhere (a bulk batch reserves its items' credits up front and
   * refunds them itself): no debit here, and the caller holds the user's job slot,
   * so the per-user cap is not checked again.
   */
  prepaid?: { credits: number };
}

export async function requestRender(
  deps: VideoDeps,
  uid: string,
  id: string,
  opts: RenderRequestOptions = {},
): Promise<VideoView> {
  const { body } = await ownedVideo(deps.db, uid, id);
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const jobRef = deps.db.collection(jobs).doc();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such video.");
    const s = settingsOf(snap.data);
    if (isRendering(s)) throw new ApiError("conflict", "This video is already rendering.");
    const seconds = estimateSeconds(body);
    const check = await assertWithinPlan(tx, {
      db: deps.db,
      uid,
      kind: "video",
      seconds,
      ...(opts.prepaid ? { maxActiveJobs: Number.MAX_SAFE_INTEGER } : {}),
    });
    const quality = renderQualityFor(check.limits.maxResolution);
    const cost = opts.prepaid ? opts.prepaid.credits : videoCost({ seconds, provider: s.provider });
    if (!opts.prepaid) {
      const stage = await prepareDebit(tx, {
        db: deps.db,
        uid,
        amount: cost,
        reason: `video.render: ${Math.round(seconds)} s, ${s.model_label}`,
        ref: { jobId: jobRef.id, contentId: id },
        now,
      });
      stage();
    }
    const render: RenderState = {
      job_id: jobRef.id,
      state: "queued",
      stage: "queued",
      progress: 0,
      frames: null,
      error: null,
      revision: body.revision,
      credits: cost,
      refunded: false,
      quality,
      watermark: check.limits.watermark ? "Made with Promptframe" : null,
      started_at: at,
    };
    tx.create(jobRef, {
      type: VIDEO_RENDER_JOB,
      owner_id: uid,
      content_id: id,
      state: "queued",
      progress: 0,
      attempts: 0,
      max_attempts: VIDEO_JOB_MAX_ATTEMPTS,
      error: null,
      worker_id: null,
      lease_expires_at: null,
      input: { revision: body.revision, credits: cost, quality, watermark: render.watermark },
      created_at: at,
      updated_at: at,
    });
    const patch = {
      status: s.files ? ("ready" as const) : ("queued" as const),
      error: null,
      settings: { ...snap.data.settings, render, credits_spent: s.credits_spent + cost },
      updated_at: at,
    };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, { id, action: "render", before: snap.data, after: patch });
  });
  return getVideo(deps, uid, id);
}

/** The length a render will have: the scenes' lengths, or their narration when that is longer. */
export function estimateSeconds(body: CompositionBody): number {
  const fixed = body.scenes.reduce((sum, s) => sum + (s.duration_ms ?? 2500), 0) / 1000;
  const voiced = body.scenes.reduce((sum, s) => sum + (s.voice?.duration_ms ?? 0), 0) / 1000;
  return Math.max(1, Math.round(Math.max(fixed, voiced)));
}
