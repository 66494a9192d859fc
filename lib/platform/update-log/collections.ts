/**
 * The update log's store declaration: append-only entries, paged newest
 * first, filtered by entity type, entity id or actor.
 */
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { updateLogEntrySchema } from "./contract";

export const updateLog = defineCollection({
  name: "update_log",
  schema: updateLogEntrySchema.extend({ created_at: isoTimestamp() }),
  timestamps: ["created_at"],
  indexes: [
    ["created_at desc"],
    ["entity_type", "created_at desc"],
    ["entity_id", "created_at desc"],
    ["actor_id", "created_at desc"],
    ["entity_type", "entity_id", "created_at desc"],
  ],
  edit: { readOnly: "The update log is append-only: entries are never edited or deleted." },
});

export type UpdateLogDoc = DocOf<typeof updateLog>;

export const updateLogCollections: readonly AnyCollectionDef[] = [updateLog];
