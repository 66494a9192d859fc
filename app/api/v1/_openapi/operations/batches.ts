/** The public bulk-video operations (app/api/v1/batches/**). */
import { z } from "zod";
import {
  batchSummarySchema,
  batchViewSchema,
  createBatchInputSchema,
  csvPreviewSchema,
  MAX_CSV_BYTES,
  retryItemsInputSchema,
} from "@/lib/creation/batches/contract";
import type { ApiOperation } from "@/lib/platform/api/openapi";
import { data, param } from "../shared";

const tag = "Batches";
const id = { id: param("The batch's id.", "BATCH_ID") };
const batch = data(batchViewSchema);

export const batchOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/batches/preview",
    tag,
    scope: "read",
    operationId: "previewBatchCsv",
    summary: "Read a CSV of rows",
    description: `The file's bytes as the body (at most ${MAX_CSV_BYTES / 1024 / 1024} MB, 100 rows): its columns, a guess of which column is which field, and its rows.`,
    body: { raw: ["text/csv"], description: "The CSV file (UTF-8, UTF-16 or Windows-1252)." },
    success: [{ status: 200, description: "The file's columns and rows.", json: data(csvPreviewSchema) }],
    errors: ["unprocessable_entity", "payload_too_large", "unsupported_media_type"],
  },
  {
    method: "get",
    path: "/api/v1/batches",
    tag,
    scope: "read",
    operationId: "listBatches",
    summary: "List my batches",
    success: [{ status: 200, description: "Recent first.", json: data(z.array(batchSummarySchema)) }],
  },
  {
    method: "post",
    path: "/api/v1/batches",
    tag,
    scope: "render",
    operationId: "createBatch",
    summary: "Make videos in bulk",
    description:
      "One video per row and aspect ratio, each rendered. Every item's credits are charged at once (402 with the shortfall when they do not cover all); failed items are refunded.",
    body: createBatchInputSchema,
    example: {
      body: {
        source: "paste",
        settings: {
          template_id: null,
          aspect_ratios: ["9:16"],
          length_s: 15,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
        rows: [{ prompt: "Bean There roasts coffee in Lisbon, every bag the morning it ships." }],
      },
    },
    success: [{ status: 201, description: "The batch.", json: batch }],
    errors: ["unprocessable_entity", "insufficient_credits", "plan_limit", "payload_too_large"],
  },
  {
    method: "get",
    path: "/api/v1/batches/{id}",
    tag,
    scope: "read",
    operationId: "getBatch",
    summary: "Get a batch",
    description: "Its items with state, progress, error and video.",
    params: id,
    success: [{ status: 200, description: "The batch.", json: batch }],
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v1/batches/{id}/retry",
    tag,
    scope: "render",
    operationId: "retryBatchItems",
    summary: "Retry failed items",
    description: "Charges the retried items again; optionally with a corrected row.",
    params: id,
    body: retryItemsInputSchema,
    example: { body: { item_ids: ["ITEM_ID"] } },
    success: [{ status: 200, description: "The batch.", json: batch }],
    errors: ["not_found", "conflict", "unprocessable_entity", "insufficient_credits"],
  },
  {
    method: "post",
    path: "/api/v1/batches/{id}/cancel",
    tag,
    scope: "create",
    operationId: "cancelBatch",
    summary: "Cancel a batch",
    description: "Refunds every item not finished.",
    params: id,
    success: [{ status: 200, description: "The batch.", json: batch }],
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/batches/{id}/zip",
    tag,
    scope: "read",
    operationId: "downloadBatch",
    summary: "Download a batch's videos",
    description: "A ZIP of the finished MP4s (409 while none is finished).",
    params: id,
    success: [{ status: 200, description: "The videos.", file: "application/zip" }],
    errors: ["not_found", "conflict"],
  },
];
