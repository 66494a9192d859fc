import "server-only";
/** What the public watch page, the embed player and /content/{id} read: a public, rendered video, or null. */
import { getDb } from "@/lib/platform/db";
import { readPublicVideo, type PublicVideo } from "./media";

export type { PublicVideo };

export function getPublicVideo(id: string): Promise<PublicVideo | null> {
  return readPublicVideo(getDb(), id);
}
