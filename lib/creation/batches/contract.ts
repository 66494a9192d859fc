/**
 * Bulk videos (`/megapot`): the wire contract. Browser-safe (zod and types).
 *
 *   POST /api/v1/batches/preview   body: the CSV file's bytes (text/csv, ≤ 2 MB)
 *                                  -> { data: CsvPreview }  (422 wrong encoding / too many rows / no header)
 *   POST /api/v1/batches           body CreateBatchInput -> 201 { data: BatchView }
 *                                  (402 with the shortfall when the credits do not cover every item; 422 with per-row issues)
 *   GET  /api/v1/batches           -> { data: BatchSummary[] }   (recent first)
 *   GET  /api/v1/batches/{id}      -> { data: BatchView }        (items with state, progress, error, video)
 *   POST /api/v1/batches/{id}/retry  body RetryItemsInput -> { data: BatchView }  (re-debits the retried items; 402 when short)
 *   POST /api/v1/batches/{id}/cancel -> { data: BatchView }       (refunds every item not finished)
 *   GET  /api/v1/batches/{id}/zip  -> application/zip of the finished MP4s (409 when none is finished)
 *
 * A batch is settings + rows; each row × aspect ratio is one item, one video.
 */
import { z } from "zod";
import { COMPOSITION_RATIOS, compositionRatioSchema, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { templateIdSchema } from "@/lib/engine/composition/template-schema";
import { MAX_BRIEF_CHARS } from "@/lib/creation/video/contract";

export const MAX_BATCH_ROWS = 100;
/** The largest CSV upload the preview reads. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const TOO_MANY_ROWS = `At most ${MAX_BATCH_ROWS} rows per batch; split the file.`;

export const BATCH_ITEM_STATES = ["waiting", "planning", "rendering", "done", "failed", "cancelled"] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];
export const BATCH_STATES = ["running", "finished", "cancelled"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** The row fields a CSV column can be mapped to. */
export const ROW_FIELDS = ["link", "prompt", "name", "price", "image_url"] as const;
export type RowField = (typeof ROW_FIELDS)[number];
export const ROW_FIELD_LABELS: Record<RowField, string> = {
  link: "Link",
  prompt: "Prompt",
  name: "Name",
  price: "Price",
  image_url: "Image URL",
};

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2048, `${what} is longer than 2,048 characters.`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === "http:" || u.protocol === "https:";
      } catch {
        return false;
      }
    }, `${what} must be a web address starting with http:// or https://.`);

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** One row as typed or mapped from a CSV: a link or a prompt, optionally product facts. */
export const batchRowSchema = z
  .object({
    link: z.preprocess(blankToNull, httpUrl("The link").nullable().default(null)),
    prompt: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(MAX_BRIEF_CHARS, `Keep a prompt under ${MAX_BRIEF_CHARS.toLocaleString("en-US")} characters.`)
        .nullable()
        .default(null),
    ),
    name: z.preprocess(
      blankToNull,
      z.string().trim().max(200, "Keep a name under 200 characters.").nullable().default(null),
    ),
    price: z.preprocess(
      blankToNull,
      z.string().trim().max(32, "Keep a price under 32 characters.").nullable().default(null),
    ),
    image_url: z.preprocess(blankToNull, httpUrl("The image URL").nullable().default(null)),
  })
  .refine((r) => r.link !== null || r.prompt !== null, {
    message: "Give this row a link or a prompt.",
    path: ["link"],
  });
export type BatchRow = z.output<typeof batchRowSchema>;
export type BatchRowInput = z.input<typeof batchRowSchema>;

export const batchSettingsSchema = z.object({
  /** Null: the writer picks one per row. */
  template_id: templateIdSchema.nullable(),
  aspect_ratios: z
    .array(compositionRatioSchema)
    .min(1, "Pick at least one aspect ratio.")
    .max(COMPOSITION_RATIOS.length)
    .refine((a) => new Set(a).size === a.length, "Each aspect ratio once."),
  length_s: z.union([z.literal(15), z.literal(20), z.literal(30), z.literal(45), z.literal(60)], {
    error: "Length is 15, 20, 30, 45 or 60 seconds.",
  }),
  voice_id: z.string().trim().min(1).max(128).nullable(),
  captions: z.boolean(),
  music: z.boolean(),
  model_id: z.string().trim().min(1).max(128),
});
export type BatchSettings = z.output<typeof batchSettingsSchema>;

/** What a batch stores: its settings plus the template version its videos are pinned to (set only by production runs; null = the current version). */
export const storedBatchSettingsSchema = batchSettingsSchema.extend({
  template_version: z.number().int().min(1).nullable().default(null),
});

export const createBatchInputSchema = z.object({
  name: z.string().trim().max(120).optional(),
  source: z.enum(["paste", "csv"]),
  settings: batchSettingsSchema,
  rows: z.array(batchRowSchema).min(1, "Add at least one row.").max(MAX_BATCH_ROWS, TOO_MANY_ROWS),
});
export type CreateBatchInput = z.input<typeof createBatchInputSchema>;

export const retryItemsInputSchema = z.object({
  /** Failed or cancelled items to run again. */
  item_ids: z
    .array(z.string().min(1).max(128))
    .min(1)
    .max(MAX_BATCH_ROWS * COMPOSITION_RATIOS.length),
  /** Optionally, a corrected row for those items (they must all come from that row). */
  row: batchRowSchema.optional(),
});
export type RetryItemsInput = z.input<typeof retryItemsInputSchema>;

// ---------------------------------------------------------------- views

export const csvPreviewSchema = z.object({
  columns: z.array(z.string()),
  /** Column index per field, guessed from the header names (null: no guess). */
  guesses: z.record(z.enum(ROW_FIELDS), z.number().int().nullable()),
  rows_preview: z.array(z.array(z.string())),
  /** Every data row (at most MAX_BATCH_ROWS), for mapping on screen. */
  rows: z.array(z.array(z.string())),
  row_count: z.number().int(),
  encoding: z.enum(["utf-8", "utf-16le", "utf-16be", "windows-1252"]),
  /** Sentences for the user (encoding fallback, a missing column, short rows). */
  problems: z.array(z.string()),
});
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

export const batchItemViewSchema = z.object({
  id: z.string(),
  /** 0-based row index and the row as it runs now. */
  position: z.number().int(),
  row: batchRowSchema,
  aspect_ratio: compositionRatioSchema,
  state: z.enum(BATCH_ITEM_STATES),
  progress: z.number(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  cost: z.number(),
  video_id: z.string().nullable(),
  /** The rendered file's name inside the ZIP, once done. */
  file_name: z.string().nullable(),
  /** The finished video's poster (a signed URL), once done. */
  poster_url: z.string().nullable(),
});
export type BatchItemView = z.infer<typeof batchItemViewSchema>;

const batchSummaryFields = {
  id: z.string(),
  name: z.string(),
  state: z.enum(BATCH_STATES),
  item_count: z.number().int(),
  counts: z.record(z.enum(BATCH_ITEM_STATES), z.number().int()),
  progress: z.number(),
  /** Posters of the first finished videos, for the list's thumbnails. */
  posters: z.array(z.object({ url: z.string(), aspect_ratio: compositionRatioSchema })),
  created_at: z.string(),
};
export const batchSummarySchema = z.object(batchSummaryFields).meta({ id: "BatchSummary" });
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchViewSchema = z
  .object({
    ...batchSummaryFields,
    /** The settings, with the template version its videos are pinned to (null: the current one). */
    settings: storedBatchSettingsSchema,
    cost_per_item: z.number(),
    /** Credits charged so far and not refunded. */
    credits_held: z.number(),
    eta_s: z.number().nullable(),
    items: z.array(batchItemViewSchema),
  })
  .meta({ id: "Batch" });
export type BatchView = z.infer<typeof batchViewSchema>;

export interface BatchCost {
  items: number;
  per_item: number;
  total: number;
}

/** rows × ratios × the video price: what the start button will charge. */
export function batchCost(o: { rows: number; ratios: number; perItem: number }): BatchCost {
  const items = Math.max(0, o.rows) * Math.max(0, o.ratios);
  return { items, per_item: o.perItem, total: items * o.perItem };
}

const URL_LINE = /^https?:\/\/\S+$/i;

/** Pasted text → rows: one per non-empty line, a web address is a link, anything else a prompt. */
export function rowsFromPaste(text: string): BatchRowInput[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => (URL_LINE.test(l) ? { link: l, prompt: null } : { link: null, prompt: l }));
}

/** CSV cells → rows through the chosen mapping (field → column index). */
export function rowsFromCsv(rows: string[][], mapping: Partial<Record<RowField, number | null>>): BatchRowInput[] {
  return rows.map((cells) => {
    const out: Record<string, string | null> = {};
    for (const f of ROW_FIELDS) {
      const i = mapping[f];
      out[f] = i === null || i === undefined ? null : (cells[i] ?? "").trim() || null;
    }
    return out as BatchRowInput;
  });
}

/** Per-row problems ("Row 3: …") from a 422's issues with paths like rows.2.link. */
export function rowProblems(issues: readonly { path: string; message: string }[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const i of issues) {
    const m = /^rows\.(\d+)(?:\.|$)/.exec(i.path);
    if (!m) continue;
    const n = Number(m[1]);
    out.set(n, [...(out.get(n) ?? []), i.message]);
  }
  return out;
}

/** The ZIP entry name of an item: row number, ratio and a slug of the row. */
export function itemFileName(
  position: number,
  ratio: CompositionRatio,
  row: Pick<BatchRow, "name" | "prompt" | "link">,
): string {
  const label = row.name ?? row.prompt ?? (row.link ? new URL(row.link).hostname : "video");
  const slug =
    label
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, "-")
      .slice(0, 40)
      .replace(/-+$/, "") || "video";
  return `row-${String(position + 1).padStart(3, "0")}-${ratio.replace(":", "x")}-${slug}.mp4`;
}
