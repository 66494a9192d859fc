import "server-only";
/**
 * Copies a video into a new draft (revision 0, no render, no files).
 */
import { compositions } from "@/lib/composition/collections";
import type { CompositionBody } from "@/lib/composition/composition-schema";
import { getTemplateVersion } from "@/lib/composition/library";
import { assertOwnMedia } from "@/lib/composition/media-access";
import { content, type ContentDoc } from "@/lib/db/collections";
import { compositionRevisions, revisionId } from "../collections";
import { logContentChange } from "@/lib/update-log/content";
import type { VideoView } from "../contract";
import { getVideo } from "./get-video";
import { ownedVideo, type VideoDeps } from "./shared";

export async function duplicateVideo(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  // A copy holds the same keys: one planted before this check existed is not copied.
  assertOwnMedia(body, { ownerId: uid, template: await getTemplateVersion(deps.db, body.template.id, body.template.version) });
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const ref = deps.db.collection(content).doc();
  const title = `${body.title} (copy)`.slice(0, 200);
  const copy: CompositionBody = { ...body, title, revision: 0 };
  const settings = { ...doc.settings, render: null, files: null, credits_spent: 0, duplicated_from: id } as Record<string, unknown>;
  const batch = deps.db.batch();
  const created: ContentDoc = { owner_id: uid, kind: "video", title, status: "draft", visibility: "private", settings, blobs: { original: null, thumbnail: null, poster: null }, error: null, created_at: at, updated_at: at };
  batch.create(ref, created);
  logContentChange(deps.db, batch, { id: ref.id, action: "create", before: null, after: created });
  batch.create(deps.db.collection(compositions).doc(ref.id), { ...copy, created_at: at, updated_at: at });
  batch.create(deps.db.collection(compositionRevisions).doc(revisionId(ref.id, 0)), { content_id: ref.id, owner_id: uid, revision: 0, body: copy, saved_at: at });
  await batch.commit();
  return getVideo(deps, uid, ref.id);
}
