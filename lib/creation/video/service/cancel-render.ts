import "server-only";
/**
 * Cancels a video's render under way: the job stops and its credits are refunded.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { prepareRefund } from "@/lib/money/credits/credits";
import { content, jobs } from "@/lib/platform/db/collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import type { VideoView } from "../contract";
import { getVideo } from "./get-video";
import { isRendering, ownedVideo, type RenderState, settingsOf, type VideoDeps } from "./shared";

export async function cancelRender(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  await ownedVideo(deps.db, uid, id);
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    if (!snap) throw new ApiError("not_found", "There is no such video.");
    const s = settingsOf(snap.data);
    if (!s.render || !isRendering(s)) throw new ApiError("conflict", "This video is not rendering.");
    const jobRef = deps.db.collection(jobs).doc(s.render.job_id);
    const job = await tx.get(jobRef);
    const stageRefund = await prepareRefund(tx, {
      db: deps.db,
      uid,
      jobId: s.render.job_id,
      reason: "video.render cancelled",
      contentId: id,
      now,
    });
    stageRefund();
    if (job && (job.data.state === "queued" || job.data.state === "running")) {
      tx.update(jobRef, {
        state: "cancelled",
        error: "cancelled by the user",
        worker_id: null,
        lease_expires_at: null,
        updated_at: at,
      });
    }
    const render: RenderState = { ...s.render, state: "cancelled", error: null, refunded: true };
    const patch = {
      status: s.files ? ("ready" as const) : ("draft" as const),
      settings: { ...snap.data.settings, render, credits_spent: Math.max(0, s.credits_spent - s.render.credits) },
      updated_at: at,
    };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, { id, action: "cancel", before: snap.data, after: patch });
  });
  return getVideo(deps, uid, id);
}
