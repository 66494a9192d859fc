import "server-only";
/**
 * Copies a video into a new draft (revision 0, no render, no files).
 */
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { assertOwnMedia } from "@/lib/engine/composition/media-access";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { VideoView } from "../contract";
import { getVideo } from "./get-video";
import { ownedVideo, type VideoDeps } from "./shared";
import { stageNewComposition } from "../new-composition";

export async function duplicateVideo(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  // A copy holds the same keys: one planted before this check existed is not copied.
  assertOwnMedia(body, {
    ownerId: uid,
    template: await getTemplateVersion(deps.db, body.template.id, body.template.version),
  });
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const ref = deps.db.collection(content).doc();
  const title = `${body.title} (copy)`.slice(0, 200);
  const copy: CompositionBody = { ...body, title, revision: 0 };
  const settings = { ...doc.settings, render: null, files: null, credits_spent: 0, duplicated_from: id } as Record<
    string,
    unknown
  >;
  const batch = deps.db.batch();
  const created: ContentDoc = {
    owner_id: uid,
    kind: "video",
    title,
    status: "draft",
    visibility: "private",
    settings,
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  };
  stageNewComposition(deps.db, batch, { id: ref.id, doc: created, body: copy, at });
  await batch.commit();
  return getVideo(deps, uid, ref.id);
}
