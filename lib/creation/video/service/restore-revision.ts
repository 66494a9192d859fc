import "server-only";
/**
 * Restores an earlier revision as a new one (an edit with the old revision's content).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { compositionRevisions, revisionId } from "../collections";
import type { VideoView } from "../contract";
import { editVideo } from "./edit-video";
import { ownedVideo, type VideoDeps } from "./shared";

export async function restoreRevision(deps: VideoDeps, uid: string, id: string, revision: number): Promise<VideoView> {
  const { body } = await ownedVideo(deps.db, uid, id);
  const snap =
    Number.isInteger(revision) && revision >= 0
      ? await deps.db.collection(compositionRevisions).doc(revisionId(id, revision)).get()
      : null;
  if (!snap || snap.data.owner_id !== uid)
    throw new ApiError("not_found", `There is no revision ${revision} of this video.`);
  const old = snap.data.body;
  return editVideo(deps, uid, id, {
    revision: body.revision,
    title: old.title,
    aspect_ratio: old.aspect_ratio,
    audio: old.audio,
    scenes: old.scenes.map(({ voice: _voice, ...s }) => s),
    ...(old.template.id !== body.template.id ? { template_id: old.template.id } : {}),
  });
}
