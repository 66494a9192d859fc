import "server-only";
/**
 * Makes a rendered video public, or private again.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content } from "@/lib/platform/db/collections";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import { logContentChange } from "@/lib/platform/update-log/content";
import { shareInputSchema, type VideoView } from "../contract";
import { getVideo } from "./get-video";
import { ownedVideo, settingsOf, type VideoDeps } from "./shared";

export async function shareVideo(deps: VideoDeps, uid: string, id: string, raw: unknown): Promise<VideoView> {
  const parsed = shareInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Send { public: true } or { public: false }.");
  const { doc } = await ownedVideo(deps.db, uid, id);
  if (parsed.data.public && !settingsOf(doc).files)
    throw new ApiError("conflict", "Render the video before sharing it: there is nothing to watch yet.");
  const patch = {
    visibility: parsed.data.public ? ("public" as const) : ("private" as const),
    updated_at: (deps.now ?? (() => new Date()))().toISOString(),
  };
  const batch = deps.db.batch();
  batch.update(deps.db.collection(content).doc(id), patch);
  logContentChange(deps.db, batch, { id, action: parsed.data.public ? "share" : "unshare", before: doc, after: patch });
  await batch.commit();
  refreshPublicViews([id]);
  return getVideo(deps, uid, id);
}
