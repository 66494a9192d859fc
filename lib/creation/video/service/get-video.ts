import "server-only";
/**
 * Reads one of my videos (its full view).
 */
import type { VideoView } from "../contract";
import { ownedVideo, toView, type VideoDeps } from "./shared";

export async function getVideo(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  return toView(deps, id, doc, body);
}
