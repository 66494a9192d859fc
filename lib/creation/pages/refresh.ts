import "server-only";
/**
 * Public pages (`/pages/{id}`) are served from Next's page cache like the
 * other public viewers (lib/creation/public-views/refresh.ts): publishing,
 * unpublishing, editing a published page or deleting it drops the cached
 * page at once. Outside a Next server there is nothing cached to drop.
 */
import { revalidatePath } from "next/cache";

export function refreshPublicPages(pageIds: readonly string[]): void {
  for (const id of pageIds) {
    try {
      revalidatePath(`/pages/${id}`);
    } catch {
      return; // not inside a Next server: nothing cached here
    }
  }
}
