import "server-only";
/**
 * Which kind a content item of mine is, so screens shared by every kind
 * (`/content/{id}/edit`, `/content/{id}/share`) can pick the right editor.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface ContentRef {
  id: string;
  kind: ContentDoc["kind"];
  title: string;
  status: ContentDoc["status"];
  visibility: ContentDoc["visibility"];
}

export async function readOwnedContentRef(db: Db, uid: string, id: string): Promise<ContentRef> {
  const snap = DOC_ID.test(id) ? await db.collection(content).doc(id).get() : null;
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such content among yours.");
  const d = snap.data;
  return { id, kind: d.kind, title: d.title, status: d.status, visibility: d.visibility };
}
