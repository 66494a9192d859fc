import "server-only";
/**
 * Deletes a video: its render is cancelled, its documents and revisions go, then its files.
 */
import { compositions } from "@/lib/engine/composition/collections";
import { content } from "@/lib/platform/db/collections";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import { compositionRevisions } from "../collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import { cancelRender } from "./cancel-render";
import { isRendering, ownedVideo, settingsOf, type VideoDeps } from "./shared";

export async function deleteVideo(deps: VideoDeps, uid: string, id: string): Promise<void> {
  const { doc } = await ownedVideo(deps.db, uid, id);
  const s = settingsOf(doc);
  if (s.render && isRendering(s)) await cancelRender(deps, uid, id).catch(() => undefined);
  const revisions = await deps.db.collection(compositionRevisions).where("content_id", "==", id).get();
  const latest = (await deps.db.collection(content).doc(id).get())?.data ?? doc;
  const batch = deps.db.batch();
  batch.delete(deps.db.collection(content).doc(id));
  logContentChange(deps.db, batch, { id, action: "delete", before: latest, after: null });
  batch.delete(deps.db.collection(compositions).doc(id));
  for (const r of revisions)
    if (r.data.owner_id === uid) batch.delete(deps.db.collection(compositionRevisions).doc(r.id));
  await batch.commit();
  refreshPublicViews([id]);
  // Files last: a failure here leaves orphans, never a video pointing at missing files.
  for (const b of await deps.store.list(`videos/${uid}/${id}/`)) await deps.store.delete(b.key).catch(() => undefined);
}
