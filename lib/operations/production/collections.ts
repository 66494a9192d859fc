/**
 * Production: clients, their pipelines, pipeline runs and run items, webhook
 * secrets (apart, so no view or export of a pipeline carries one) and webhook
 * deliveries. A run's rendering is a bulk batch (lib/creation/batches) owned by the
 * staff member who started the run; a run item points at its batch item, or
 * at the earlier run item whose unchanged output it reuses. Registered in
 * lib/platform/db/collections.ts.
 */
import { z } from "zod";
import { brandKitInputSchema } from "@/lib/creation/brand/contract";
import { batchRowSchema } from "@/lib/creation/batches/contract";
import { compositionRatioSchema } from "@/lib/engine/composition/ratios";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import {
  contactSchema,
  DELIVERY_STATES,
  pipelineSettingsSchema,
  pipelineSourceSchema,
  RUN_STATES,
  RUN_TRIGGERS,
  scheduleSchema,
} from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);
const docId = z.string().min(1).max(128);

export const prodClients = defineCollection({
  name: "prod_clients",
  schema: z.object({
    name: z.string().max(120),
    /** Lower-cased name, for search. */
    name_lower: z.string().max(120),
    brand_kit: brandKitInputSchema,
    default_template_id: templateIdSchema.nullable(),
    contacts: z.array(contactSchema).max(20),
    notes: z.string().max(5000),
    archived: z.boolean(),
    demo: z.boolean(),
    revision: z.number().int().min(0),
    created_by: z.string().max(128),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [["archived", "name_lower"]],
});

export const prodPipelines = defineCollection({
  name: "prod_pipelines",
  schema: z.object({
    client_id: docId,
    name: z.string().max(120),
    source: pipelineSourceSchema,
    settings: pipelineSettingsSchema,
    schedule: scheduleSchema,
    /** When the scheduler tick starts the next run (null: on demand, or archived). */
    next_run_at: isoTimestamp().nullable(),
    webhook_url: z.string().max(2048).nullable(),
    /** Who scheduled runs run as (the staff member who last saved the pipeline): they own the videos and pay the credits. */
    owner_id: uid,
    archived: z.boolean(),
    demo: z.boolean(),
    revision: z.number().int().min(0),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["next_run_at", "created_at", "updated_at"],
  indexes: [["client_id", "updated_at desc"], ["archived", "updated_at desc"], ["next_run_at"]],
});

/** id = the pipeline id. Sensitive: read only to sign webhook bodies. */
export const prodWebhookSecrets = defineCollection({
  name: "prod_webhook_secrets",
  schema: z.object({ secret: z.string().min(16).max(200), created_at: isoTimestamp() }),
  timestamps: ["created_at"],
});

export const prodRuns = defineCollection({
  name: "prod_runs",
  schema: z.object({
    pipeline_id: docId,
    client_id: docId,
    pipeline_name: z.string().max(120),
    /** The staff member the videos and credits belong to. */
    owner_id: uid,
    trigger: z.enum(RUN_TRIGGERS),
    state: z.enum(RUN_STATES),
    /** The bulk batch rendering the new and changed items (null when every item was reused, or the run failed to start). */
    batch_id: docId.nullable(),
    template_version: z.number().int().min(1).nullable(),
    item_count: z.number().int().min(0),
    reused_count: z.number().int().min(0),
    done_count: z.number().int().min(0),
    failed_count: z.number().int().min(0),
    /** Credits the batch kept (set when the run settles; live while it runs). */
    credits_used: z.number().int().min(0),
    error: z.string().max(2000).nullable(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
    finished_at: isoTimestamp().nullable(),
  }),
  timestamps: ["created_at", "updated_at", "finished_at"],
  indexes: [
    ["pipeline_id", "created_at desc"],
    ["client_id", "created_at desc"],
    ["state", "created_at"],
  ],
});

export const prodRunItems = defineCollection({
  name: "prod_run_items",
  schema: z.object({
    run_id: docId,
    pipeline_id: docId,
    position: z.number().int().min(0),
    row_key: z.string().min(1).max(300),
    /** sha256 of the row key, the row's inputs, the ratio and the render settings: equal means "nothing changed". */
    input_hash: z.string().regex(/^[0-9a-f]{64}$/),
    row: batchRowSchema,
    aspect_ratio: compositionRatioSchema,
    batch_item_id: docId.nullable(),
    /** The earlier run item whose finished video this one is (nothing rendered again). */
    reused_from: docId.nullable(),
    /** Set for reused items, and copied from the batch item when an item finishes. */
    content_id: docId.nullable(),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
  indexes: [
    ["run_id", "position"],
    ["pipeline_id", "input_hash"],
  ],
});

export const prodWebhookDeliveries = defineCollection({
  name: "prod_webhook_deliveries",
  schema: z.object({
    run_id: docId,
    pipeline_id: docId,
    client_id: docId,
    url: z.string().max(2048),
    event: z.string().max(64),
    /** The exact bytes signed and sent. */
    body: z.string().max(200_000),
    state: z.enum(DELIVERY_STATES),
    attempts: z
      .array(
        z.object({
          at: isoTimestamp(),
          status: z.number().int().nullable(),
          error: z.string().max(500).nullable(),
          duration_ms: z.number().int().min(0),
        }),
      )
      .max(20),
    next_attempt_at: isoTimestamp().nullable(),
    job_id: docId.nullable(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["next_attempt_at", "created_at", "updated_at"],
  indexes: [
    ["run_id", "created_at"],
    ["client_id", "created_at desc"],
    ["state", "next_attempt_at"],
  ],
});

export type ProdClientDoc = DocOf<typeof prodClients>;
export type ProdPipelineDoc = DocOf<typeof prodPipelines>;
export type ProdRunDoc = DocOf<typeof prodRuns>;
export type ProdRunItemDoc = DocOf<typeof prodRunItems>;
export type ProdDeliveryDoc = DocOf<typeof prodWebhookDeliveries>;
export const prodCollections: readonly AnyCollectionDef[] = [
  prodClients,
  prodPipelines,
  prodWebhookSecrets,
  prodRuns,
  prodRunItems,
  prodWebhookDeliveries,
];
