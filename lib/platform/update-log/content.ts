import "server-only";
/**
 * Logging a change to a `content` document (an image, design, video or
 * page): one entry per changed item, staged in the same transaction or batch
 * as the change. `patch` is the partial update as written (the after-state is
 * the document merged with it); pass `after: null` for a delete and
 * `before: null` for a create. A write that changes no field but the
 * bookkeeping (updated_at) is not logged.
 */
import type { ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction, WriteBatch } from "@/lib/platform/db/transaction";
import { systemContext, type ChangeContext } from "./context";
import { diffFields } from "./diff";
import { logChange } from "./write";

export interface ContentChange {
  id: string;
  action: string;
  before: ContentDoc | null;
  /** The whole document after, or a partial update merged into `before`. */
  after: Partial<ContentDoc> | null;
  /** The composition (storyboard) before and after, for edits of a video's or design's scenes: diffed under `composition.…`. */
  composition?: { before: unknown; after: unknown };
  /** Workers pass `WORKER_CONTEXT.x`; requests leave it to the ambient context. */
  context?: ChangeContext;
}

/** The system as each worker that changes content. */
export const WORKER_CONTEXT = {
  image: systemContext("worker:image"),
  video: systemContext("worker:video"),
  design: systemContext("worker:design"),
  batch: systemContext("worker:batch"),
} as const;

export function logContentChange(db: Db, writer: Transaction | WriteBatch, change: ContentChange): void {
  const after = change.after === null ? null : { ...(change.before ?? {}), ...change.after };
  // A call that changed nothing (sharing what is already shared) is not a change.
  if (change.before && after && !change.composition && diffFields(change.before, after).length === 0) return;
  const label = (after as { title?: unknown } | null)?.title ?? change.before?.title ?? null;
  logChange(db, writer, {
    entityType: "content",
    entityId: change.id,
    entityLabel: typeof label === "string" && label ? label : null,
    action: change.action,
    before:
      change.composition && change.before
        ? { ...change.before, composition: change.composition.before }
        : change.before,
    after: change.composition && after ? { ...after, composition: change.composition.after } : after,
    context: change.context,
  });
}
