import "server-only";
/**
 * Lists a video's saved revisions, newest first.
 */
import { compositionRevisions } from "../collections";
import type { RevisionSummary } from "../contract";
import { ownedVideo, settingsOf, type VideoDeps } from "./shared";

export async function listRevisions(deps: VideoDeps, uid: string, id: string): Promise<RevisionSummary[]> {
  const { doc } = await ownedVideo(deps.db, uid, id);
  const rendered = settingsOf(doc).files?.revision ?? null;
  const rows = await deps.db
    .collection(compositionRevisions)
    .where("content_id", "==", id)
    .orderBy("revision", "desc")
    .limit(50)
    .get();
  return rows
    .filter((r) => r.data.owner_id === uid)
    .map((r) => ({
      revision: r.data.revision,
      saved_at: r.data.saved_at,
      title: r.data.body.title,
      scenes: r.data.body.scenes.length,
      rendered: r.data.revision === rendered,
    }));
}
