import "server-only";
/**
 * Deletes a design: its documents and revisions, then its files.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { compositions } from "@/lib/engine/composition/collections";
import { content } from "@/lib/platform/db/collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import { compositionRevisions } from "@/lib/creation/video/collections";
import { DOC_ID } from "@/lib/platform/db/ids";
import { type DesignDeps, designSettingsOf, isExporting } from "./shared";

/** Needs only the content doc: a design whose composition is damaged or missing can still be deleted. */
export async function deleteDesign(deps: DesignDeps, uid: string, id: string): Promise<void> {
  const snap = DOC_ID.test(id) ? await deps.db.collection(content).doc(id).get() : null;
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design")
    throw new ApiError("not_found", "There is no such design.");
  const doc = snap.data;
  if (isExporting(designSettingsOf(doc)))
    throw new ApiError("conflict", "This design is exporting. Delete it when the export has finished.");
  const revisions = await deps.db.collection(compositionRevisions).where("content_id", "==", id).get();
  const batch = deps.db.batch();
  batch.delete(deps.db.collection(content).doc(id));
  logContentChange(deps.db, batch, { id, action: "delete", before: doc, after: null });
  if (await deps.db.collection(compositions).doc(id).get()) batch.delete(deps.db.collection(compositions).doc(id));
  for (const r of revisions)
    if (r.data.owner_id === uid) batch.delete(deps.db.collection(compositionRevisions).doc(r.id));
  await batch.commit();
  refreshPublicViews([id]);
  // Files last: a failure here leaves orphans, never a design pointing at missing files.
  // Generated page pictures are stored where scene pictures are (lib/creation/video/media.ts).
  for (const prefix of [`designs/${uid}/${id}/`, `videos/${uid}/${id}/`])
    for (const b of await deps.store.list(prefix)) await deps.store.delete(b.key).catch(() => undefined);
}
