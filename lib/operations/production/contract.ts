/**
 * Clients and production pipelines (`/prod/**`): the wire contract. Browser-safe.
 * Staff only (withUser internal). Every write names the revision it edited (409 when it moved).
 *
 *   GET    /api/v1/ops/clients?q=                    -> { data: ClientSummary[] }
 *   POST   /api/v1/ops/clients          ClientInput  -> 201 { data: ClientView }
 *   GET    /api/v1/ops/clients/{id}                  -> { data: ClientView }   (pipelines, recent runs, deliveries, credits)
 *   PATCH  /api/v1/ops/clients/{id}     ClientPatch  -> { data: ClientView }
 *   DELETE /api/v1/ops/clients/{id}?revision=n       -> { data: ClientView }   (archives; its pipelines stop their schedules)
 *   POST   /api/v1/ops/pipelines/csv    CSV bytes    -> { data: CsvSource }    (UTF-8 only, ≤ 100 rows; nothing stored)
 *   GET    /api/v1/ops/pipelines/template-versions?template_id= -> { data: TemplateVersionChoice[] }  (published versions, newest first)
 *   GET    /api/v1/ops/pipelines?client_id=          -> { data: PipelineSummary[] }
 *   POST   /api/v1/ops/pipelines        PipelineInput -> 201 { data: PipelineView & { webhook_secret: string | null } }
 *   GET    /api/v1/ops/pipelines/{id}                -> { data: PipelineView }  (with its runs)
 *   PATCH  /api/v1/ops/pipelines/{id}   PipelinePatch -> { data: PipelineView & { webhook_secret: string | null } }
 *   DELETE /api/v1/ops/pipelines/{id}?revision=n     -> { data: PipelineView }  (archives)
 *   POST   /api/v1/ops/pipelines/{id}/webhook-secret -> { data: { webhook_secret } }  (a new secret, shown once)
 *   POST   /api/v1/ops/pipelines/{id}/runs           -> 201 { data: RunView }   (reads the source now; 422 when it cannot: a feed that times out, too many rows)
 *   GET    /api/v1/ops/pipelines/{id}/runs/{runId}   -> { data: RunView }
 *   POST   /api/v1/ops/pipelines/{id}/runs/{runId}/retry  { item_ids? } -> { data: RunView }
 *   POST   /api/v1/ops/pipelines/{id}/runs/{runId}/cancel -> { data: RunView }
 *   GET    /api/v1/ops/pipelines/{id}/runs/{runId}/zip    -> application/zip of the finished videos
 */
import { z } from "zod";
import { brandKitInputSchema } from "@/lib/creation/brand/contract";
import {
  batchRowSchema,
  batchSettingsSchema,
  BATCH_ITEM_STATES,
  MAX_BATCH_ROWS,
  type BatchRow,
} from "@/lib/creation/batches/contract";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";
import { DOC_ID } from "@/lib/platform/db/ids";

/** A run reads at most this many rows (the bulk engine's batch size). */
export const MAX_PIPELINE_ROWS = MAX_BATCH_ROWS;
export const TOO_MANY_PIPELINE_ROWS = `A production run takes at most ${MAX_PIPELINE_ROWS} rows; split the source into several pipelines.`;

const revision = z.number().int().min(0);

export const contactSchema = z.object({
  name: z.string().trim().min(1, "Give the contact a name.").max(120),
  email: z.email("That is not an email address.").max(320).nullable().default(null),
  role: z.string().trim().max(80).nullable().default(null),
});
export type Contact = z.output<typeof contactSchema>;

export const clientInputSchema = z
  .object({
    name: z.string().trim().min(1, "Give the client a name.").max(120, "Keep the name under 120 characters."),
    brand_kit: brandKitInputSchema,
    /** A live template new pipelines start from (null: the writer picks). */
    default_template_id: templateIdSchema.nullable().default(null),
    contacts: z.array(contactSchema).max(20).default([]),
    notes: z.string().max(5000, "Keep notes under 5,000 characters.").default(""),
  })
  .strict();
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientPatchSchema = clientInputSchema.partial().extend({ revision }).strict();
export type ClientPatch = z.input<typeof clientPatchSchema>;

/** Where a pipeline's rows come from. */
export const FEED_FORMATS = ["csv", "json", "rss"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const keyedRowSchema = z.object({
  /** A stable id for the row across runs (the CSV's id/sku column, else its link, else its text). */
  key: z.string().min(1).max(300),
  row: batchRowSchema,
});
export type KeyedRow = { key: string; row: BatchRow };

export const pipelineSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("csv"),
    file_name: z.string().trim().min(1).max(200),
    rows: z.array(keyedRowSchema).min(1, "The CSV has no rows.").max(MAX_PIPELINE_ROWS, TOO_MANY_PIPELINE_ROWS),
  }),
  z.object({
    kind: z.literal("feed"),
    url: z.url({ protocol: /^https?$/, error: "The feed URL must start with http:// or https://." }).max(2048),
    format: z.enum(FEED_FORMATS),
  }),
  z.object({
    kind: z.literal("links"),
    links: z
      .array(z.url({ protocol: /^https?$/, error: "Each link must start with http:// or https://." }).max(2048))
      .min(1, "Add at least one link.")
      .max(MAX_PIPELINE_ROWS, TOO_MANY_PIPELINE_ROWS),
  }),
]);
export type PipelineSource = z.output<typeof pipelineSourceSchema>;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time is HH:MM (24 h, UTC).");
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export const scheduleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("on_demand") }),
  z.object({ kind: z.literal("daily"), time }),
  z.object({ kind: z.literal("weekly"), weekday: z.enum(WEEKDAYS), time }),
]);
export type Schedule = z.output<typeof scheduleSchema>;

/** The engine settings of every item (the bulk batch settings) plus the template version it was set up with. */
export const pipelineSettingsSchema = batchSettingsSchema.extend({
  /** Null: always the template's current version. A number pins that published version: runs render with it (its immutable snapshot) even after newer versions are published. */
  template_version: z.number().int().min(1).nullable().default(null),
});

/** A published version of a template, for the pin picker. */
export interface TemplateVersionChoice {
  version: number;
  published_at: string;
  /** The version new content uses today. */
  current: boolean;
  /** Whether the template itself is live (a pinned version of a retired template still renders). */
  template_live: boolean;
}
export type PipelineSettings = z.output<typeof pipelineSettingsSchema>;

const webhookUrl = z
  .url({ protocol: /^https?$/, error: "The webhook URL must start with http:// or https://." })
  .max(2048)
  .nullable();

export const pipelineInputSchema = z
  .object({
    client_id: z.string().regex(DOC_ID, "Pick a client."),
    name: z.string().trim().min(1, "Give the pipeline a name.").max(120),
    source: pipelineSourceSchema,
    settings: pipelineSettingsSchema,
    schedule: scheduleSchema.default({ kind: "on_demand" }),
    webhook_url: webhookUrl.default(null),
  })
  .strict();
export type PipelineInput = z.input<typeof pipelineInputSchema>;

export const pipelinePatchSchema = pipelineInputSchema
  .omit({ client_id: true })
  .partial()
  .extend({ revision })
  .strict();
export type PipelinePatch = z.input<typeof pipelinePatchSchema>;

export const retryRunInputSchema = z
  .object({ item_ids: z.array(z.string().min(1).max(128)).max(1000).optional() })
  .strict();

export const RUN_STATES = ["running", "finished", "cancelled", "failed"] as const;
export type RunState = (typeof RUN_STATES)[number];
export const RUN_ITEM_STATES = BATCH_ITEM_STATES;
export type RunItemState = (typeof RUN_ITEM_STATES)[number];
export const RUN_TRIGGERS = ["manual", "schedule", "demo"] as const;
export const DELIVERY_STATES = ["waiting", "queued", "succeeded", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface ClientSummary {
  id: string;
  name: string;
  archived: boolean;
  demo: boolean;
  pipeline_count: number;
  contact_count: number;
  colors: { primary: string; accent: string };
  updated_at: string;
}

export interface DeliveryAttemptView {
  at: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface DeliveryView {
  id: string;
  run_id: string;
  pipeline_id: string;
  url: string;
  state: DeliveryState;
  attempts: DeliveryAttemptView[];
  next_attempt_at: string | null;
  created_at: string;
}

export interface RunSummary {
  id: string;
  pipeline_id: string;
  pipeline_name: string;
  client_id: string;
  state: RunState;
  trigger: (typeof RUN_TRIGGERS)[number];
  owner_id: string;
  item_count: number;
  reused_count: number;
  done_count: number;
  failed_count: number;
  credits_used: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ClientView extends z.output<typeof clientInputSchema> {
  id: string;
  archived: boolean;
  demo: boolean;
  revision: number;
  created_at: string;
  updated_at: string;
  pipelines: PipelineSummary[];
  runs: RunSummary[];
  deliveries: DeliveryView[];
  credits_used: number;
  /** Finished videos delivered across its runs. */
  videos_delivered: number;
}

export interface PipelineSummary {
  id: string;
  name: string;
  client_id: string;
  client_name: string;
  source_kind: PipelineSource["kind"];
  schedule: Schedule;
  next_run_at: string | null;
  archived: boolean;
  demo: boolean;
  last_run: { id: string; state: RunState; created_at: string } | null;
  updated_at: string;
}

export interface PipelineView extends PipelineSummary {
  source: PipelineSource;
  settings: PipelineSettings;
  webhook_url: string | null;
  /** True once a secret exists (it is only ever shown once). */
  webhook_secret_set: boolean;
  owner_id: string;
  revision: number;
  created_at: string;
  runs: RunSummary[];
}

export interface RunItemView {
  id: string;
  position: number;
  key: string;
  row: BatchRow;
  aspect_ratio: string;
  state: RunItemState;
  progress: number;
  error: string | null;
  attempts: number;
  /** Unchanged since an earlier run: its output is that run's video. */
  reused: boolean;
  video_id: string | null;
}

export interface RunView extends RunSummary {
  progress: number;
  eta_s: number | null;
  counts: Record<RunItemState, number>;
  template_version: number | null;
  items: RunItemView[];
  deliveries: DeliveryView[];
}

/** What a CSV upload gives the pipeline form. */
export interface CsvSource {
  file_name: string;
  columns: string[];
  row_count: number;
  rows: KeyedRow[];
  key_column: string | null;
}
