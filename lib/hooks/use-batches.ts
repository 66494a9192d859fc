/**
 * Bulk batches (lib/batches/contract.ts): my recent batches, one batch
 * (polled while it runs), and the calls that change them. Errors are
 * VideoApiError, so a 422's per-row issues reach the screen.
 */
import useSWR from "swr";
import type { BatchSummary, BatchView, CreateBatchInput, CsvPreview, RetryItemsInput } from "@/lib/batches/contract";
import { VideoApiError, videoFetch } from "./video-api";
import { CLIENT_ERROR_CODES } from "@/lib/swr/fetcher";

export const BATCHES_PATH = "/api/v1/batches";
/** A running batch is followed about every 1.5 s. */
export const BATCH_POLL_MS = 1500;

export function batchPath(id: string): string {
  return `${BATCHES_PATH}/${encodeURIComponent(id)}`;
}

export function useBatches() {
  return useSWR<BatchSummary[], VideoApiError>(BATCHES_PATH, (p: string) => videoFetch<BatchSummary[]>(p), { revalidateOnFocus: true });
}

export function useBatch(id: string | null) {
  return useSWR<BatchView, VideoApiError>(id ? batchPath(id) : null, (p: string) => videoFetch<BatchView>(p), {
    refreshInterval: (b) => (b && b.state === "running" ? BATCH_POLL_MS : 0),
  });
}

export function createBatch(input: CreateBatchInput): Promise<BatchView> {
  return videoFetch<BatchView>(BATCHES_PATH, { method: "POST", body: input });
}

export function retryBatchItems(id: string, input: RetryItemsInput): Promise<BatchView> {
  return videoFetch<BatchView>(`${batchPath(id)}/retry`, { method: "POST", body: input });
}

export function cancelBatch(id: string): Promise<BatchView> {
  return videoFetch<BatchView>(`${batchPath(id)}/cancel`, { method: "POST" });
}

/** Sends the file's bytes as they are: the server detects the encoding. */
export async function previewCsvFile(file: File): Promise<CsvPreview> {
  let response: Response;
  try {
    response = await fetch(`${BATCHES_PATH}/preview`, { method: "POST", headers: { "Content-Type": "text/csv", Accept: "application/json" }, body: file, credentials: "same-origin", cache: "no-store" });
  } catch (cause) {
    throw new VideoApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: "Could not reach the server. Check your connection and try again.", cause });
  }
  const json = (await response.json().catch(() => null)) as { data?: CsvPreview; error?: { code: string; message: string; issues?: { path: string; message: string }[] } } | null;
  if (!response.ok || !json?.data) {
    throw new VideoApiError({ status: response.status, code: json?.error?.code ?? CLIENT_ERROR_CODES.unknown, message: json?.error?.message ?? `The server answered ${response.status}.`, issues: json?.error?.issues });
  }
  return json.data;
}
