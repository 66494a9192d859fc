/**
 * Bulk batches: `batches` holds the settings, the rows and the credit
 * reservation; `batch_items` one document per row × aspect ratio, with its
 * state, the video it made and the charge it runs on. Registered in
 * lib/platform/db/collections.ts.
 */
import { z } from "zod";
import { compositionRatioSchema } from "@/lib/engine/composition/ratios";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { BATCH_ITEM_STATES, BATCH_STATES, batchRowSchema, storedBatchSettingsSchema } from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);
const storedRow = batchRowSchema;

export const batches = defineCollection({
  name: "batches",
  schema: z.object({
    owner_id: uid,
    name: z.string().max(120),
    source: z.enum(["paste", "csv"]),
    settings: storedBatchSettingsSchema,
    row_count: z.number().int().min(1),
    item_count: z.number().int().min(1),
    cost_per_item: z.number().int().min(0),
    /** The ledger key of the one debit that reserved every first attempt (`debit-<key>`). */
    reservation_key: z.string().min(1).max(128),
    state: z.enum(BATCH_STATES),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
    finished_at: isoTimestamp().nullable(),
  }),
  timestamps: ["created_at", "updated_at", "finished_at"],
  indexes: [["owner_id", "created_at desc"]],
});

export const batchItems = defineCollection({
  name: "batch_items",
  schema: z.object({
    owner_id: uid,
    batch_id: z.string().min(1).max(128),
    position: z.number().int().min(0),
    row: storedRow,
    aspect_ratio: compositionRatioSchema,
    state: z.enum(BATCH_ITEM_STATES),
    progress: z.number().min(0).max(1),
    error: z.string().max(2000).nullable(),
    /** 1 for the first run; each retry adds one (and is charged on its own). */
    attempts: z.number().int().min(1),
    cost: z.number().int().min(0),
    /** The ledger key the current attempt was paid by (the batch reservation, or this item's retry debit). */
    charge_key: z.string().min(1).max(128),
    /** The current attempt's credits went back (failed or cancelled). */
    refunded: z.boolean(),
    content_id: z.string().max(128).nullable(),
    /** The batch.item job that plans it, then the video.render job that renders it. */
    job_id: z.string().max(128).nullable(),
    render_job_id: z.string().max(128).nullable(),
    /** Waiting items start in this order (the time they were queued, then their place). */
    queue_key: z.string().min(1).max(64),
    /**
     * Whose turn within the owner's waiting items (the dispatcher takes lanes in turn): "" for the owner's own
     * batches, the client's id for a production pipeline's run. Absent on items made before lanes: they go last.
     */
    lane: z.string().max(128).default(""),
    started_at: isoTimestamp().nullable(),
    finished_at: isoTimestamp().nullable(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["started_at", "finished_at", "created_at", "updated_at"],
  indexes: [
    ["batch_id", "position"],
    // The settler follows rendering items in queue order.
    ["state", "queue_key"],
    // The dispatcher (queue.ts dispatchWaiting): owners with waiting items in turn (a skip-scan, one item per owner),
    // and within an owner its lanes in turn.
    ["state", "owner_id", "queue_key"],
    ["owner_id", "state", "lane", "queue_key"],
  ],
});

export type BatchDoc = DocOf<typeof batches>;
export type BatchItemDoc = DocOf<typeof batchItems>;
export const batchCollections: readonly AnyCollectionDef[] = [batches, batchItems];
