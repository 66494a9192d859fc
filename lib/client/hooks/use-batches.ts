/**
 * Bulk batches (lib/creation/batches/contract.ts): my recent batches, one batch
 * (polled while it runs), and the calls that change them. Errors are
 * ApiClientError, so a 422's per-row issues reach the screen.
 */
import useSWR from "swr";
import type {
  BatchSummary,
  BatchView,
  CreateBatchInput,
  CsvPreview,
  RetryItemsInput,
} from "@/lib/creation/batches/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";
import { announceWork } from "./work-events";

export const BATCHES_PATH = "/api/v1/batches";
/** A running batch is followed about every 1.5 s. */
export const BATCH_POLL_MS = 1500;

export function batchPath(id: string): string {
  return `${BATCHES_PATH}/${encodeURIComponent(id)}`;
}

/** Followed while any listed batch runs, so a row never keeps "running" after its batch finished. */
export function useBatches() {
  return useSWR<BatchSummary[], ApiClientError>(BATCHES_PATH, fetcher, {
    revalidateOnFocus: true,
    refreshInterval: (list) => (list?.some((b) => b.state === "running") ? BATCH_POLL_MS * 2 : 0),
  });
}

export function useBatch(id: string | null) {
  return useSWR<BatchView, ApiClientError>(id ? batchPath(id) : null, fetcher, {
    refreshInterval: (b) => (b && b.state === "running" ? BATCH_POLL_MS : 0),
  });
}

export function createBatch(input: CreateBatchInput): Promise<BatchView> {
  return announceWork(apiFetch<BatchView>(BATCHES_PATH, { method: "POST", body: input }));
}

export function retryBatchItems(id: string, input: RetryItemsInput): Promise<BatchView> {
  return announceWork(apiFetch<BatchView>(`${batchPath(id)}/retry`, { method: "POST", body: input }));
}

export function cancelBatch(id: string): Promise<BatchView> {
  return announceWork(apiFetch<BatchView>(`${batchPath(id)}/cancel`, { method: "POST" }));
}

/** Sends the file's bytes as they are: the server detects the encoding. */
export function previewCsvFile(file: File): Promise<CsvPreview> {
  return apiFetch<CsvPreview>(`${BATCHES_PATH}/preview`, { method: "POST", file: { body: file, type: "text/csv" } });
}
