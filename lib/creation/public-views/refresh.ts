import "server-only";
/**
 * The public viewers (`/content/{id}`, `/v1/videos/{id}`, `/v0/videos/{id}`)
 * are served from Next's page cache (see PUBLIC_VIEW_REVALIDATE_SECONDS). A
 * change anyone could see there — shared, unshared, deleted, re-rendered —
 * drops the cached pages at once, so unsharing takes effect on the next visit.
 * Outside a Next request (tests, a standalone worker) there is no page cache
 * to drop, and the revalidate window bounds how long a page stays stale.
 */
import { revalidatePath } from "next/cache";

export const PUBLIC_VIEW_PATHS = (id: string) => [`/content/${id}`, `/v1/videos/${id}`, `/v0/videos/${id}`];

export function refreshPublicViews(contentIds: readonly string[]): void {
  for (const id of contentIds) {
    for (const path of PUBLIC_VIEW_PATHS(id)) {
      try {
        revalidatePath(path);
      } catch {
        return; // not inside a Next server: nothing cached here
      }
    }
  }
}
