import "server-only";
/**
 * A new composition-backed item (a video or a design) staged in one batch:
 * its `content` doc (logged as a create), its composition and revision 0.
 * Create, duplicate and resize all write these three together.
 */
import { compositions } from "@/lib/engine/composition/collections";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import type { ContentDoc } from "@/lib/platform/db/collections";
import { content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { WriteBatch } from "@/lib/platform/db/transaction";
import { logContentChange } from "@/lib/platform/update-log/content";
import { compositionRevisions, revisionId } from "./collections";

export function stageNewComposition(
  db: Db,
  batch: WriteBatch,
  item: { id: string; doc: ContentDoc; body: CompositionBody; at: string },
): void {
  const { id, doc, body, at } = item;
  batch.create(db.collection(content).doc(id), doc);
  logContentChange(db, batch, { id, action: "create", before: null, after: doc });
  batch.create(db.collection(compositions).doc(id), { ...body, created_at: at, updated_at: at });
  batch.create(db.collection(compositionRevisions).doc(revisionId(id, 0)), {
    content_id: id,
    owner_id: doc.owner_id,
    revision: 0,
    body,
    saved_at: at,
  });
}
