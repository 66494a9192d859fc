import "server-only";
/**
 * Appending to the update log. Every mutating path of a followed entity calls
 * `logChange` with the transaction or batch that makes the change, so the
 * entry and the change land together or not at all; `appendChange` is for a
 * change already made outside one (rare). Nothing updates or deletes entries.
 */
import type { Db } from "@/lib/platform/db/db";
import type { Transaction, WriteBatch } from "@/lib/platform/db/transaction";
import { MAX_CHANGES, type EntityType, type FieldChange } from "./contract";
import { updateLog, type UpdateLogDoc } from "./collections";
import { currentChangeContext, type ChangeContext } from "./context";
import { diffFields } from "./diff";

export interface ChangeInput {
  entityType: EntityType;
  entityId: string;
  entityLabel?: string | null;
  /** create, update, delete, stage, publish, approve, reject… */
  action: string;
  /** The document before (null when created) and after (null when deleted); diffed into readable changes. */
  before: unknown;
  after: unknown;
  /** Overrides the ambient context (tests, workers that do not use runAs). */
  context?: ChangeContext;
  /** Defaults to now. */
  at?: Date;
}

/** The entry for a change (exported for tests and for callers that write it themselves). */
export function buildEntry(input: ChangeInput): UpdateLogDoc {
  const ctx = input.context ?? currentChangeContext();
  const all: FieldChange[] = diffFields(input.before, input.after);
  return {
    entity_type: input.entityType,
    entity_id: input.entityId.slice(0, 300),
    entity_label: input.entityLabel ? input.entityLabel.slice(0, 200) : null,
    action: input.action,
    actor_kind: ctx.actorKind,
    actor_id: ctx.actorId,
    actor_email: ctx.actorEmail,
    source: ctx.source.slice(0, 300),
    screen: ctx.screen,
    changes: all.slice(0, MAX_CHANGES),
    truncated: all.length > MAX_CHANGES,
    created_at: (input.at ?? new Date()).toISOString(),
  };
}

/** Stages the entry in the caller's transaction or batch. */
export function logChange(db: Db, writer: Transaction | WriteBatch, input: ChangeInput): void {
  writer.create(db.collection(updateLog).doc(), buildEntry(input));
}

/** Writes the entry on its own (for a change that was not made in a transaction or batch). */
export async function appendChange(db: Db, input: ChangeInput): Promise<void> {
  await db.collection(updateLog).doc().create(buildEntry(input));
}
