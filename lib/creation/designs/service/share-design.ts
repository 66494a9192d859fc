import "server-only";
/**
 * Makes an exported design public, or private again.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content } from "@/lib/platform/db/collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import type { DesignView } from "../contract";
import { getDesign } from "./get-design";
import { type DesignDeps, designSettingsOf, nowOf, ownedDesign } from "./shared";

export async function shareDesign(deps: DesignDeps, uid: string, id: string, makePublic: boolean): Promise<DesignView> {
  const { doc } = await ownedDesign(deps.db, uid, id);
  if (makePublic && !designSettingsOf(doc).files)
    throw new ApiError("conflict", "Export the design before sharing it: there is no picture to show yet.");
  const patch = {
    visibility: makePublic ? ("public" as const) : ("private" as const),
    updated_at: nowOf(deps).toISOString(),
  };
  const batch = deps.db.batch();
  batch.update(deps.db.collection(content).doc(id), patch);
  logContentChange(deps.db, batch, { id, action: makePublic ? "share" : "unshare", before: doc, after: patch });
  await batch.commit();
  refreshPublicViews([id]);
  return getDesign(deps, uid, id);
}
