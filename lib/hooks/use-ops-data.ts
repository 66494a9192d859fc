/** The data dashboard's and the update log's calls (lib/data-dashboard/contract.ts, lib/update-log/list-contract.ts). */
import useSWR from "swr";
import type { CollectionPage, CollectionSummary, CreateDocumentInput, DocumentView, WriteDocumentInput, WriteResult } from "@/lib/data-dashboard/contract";
import type { UpdateLogPage } from "@/lib/update-log/list-contract";
import { videoFetch, videoRequest, type VideoApiError } from "./video-api";

export const OPS_DATA_PATH = "/api/v1/ops/data";
export const UPDATE_LOG_PATH = "/api/v1/ops/update-log";

const enc = encodeURIComponent;
export const collectionPath = (name: string) => `${OPS_DATA_PATH}/${enc(name)}`;
export const documentPath = (name: string, id: string) => `${collectionPath(name)}/${enc(id)}`;
const opts = { revalidateOnFocus: false, shouldRetryOnError: (e: VideoApiError) => e.status >= 500 || e.status === 0 };

export function useCollections() {
  return useSWR<CollectionSummary[], VideoApiError>(OPS_DATA_PATH, (p: string) => videoFetch<CollectionSummary[]>(p), opts);
}

/** A page of a collection: `query` holds index / eq.<field> / cursor / id. */
export function useCollectionPage(name: string | null, query: URLSearchParams) {
  const key = name ? `${collectionPath(name)}?${query.toString()}` : null;
  return useSWR<CollectionPage, VideoApiError>(key, async (p: string) => (await videoRequest<CollectionPage["data"]>(p)) as unknown as CollectionPage, opts);
}

export function useDocument(name: string, id: string | null) {
  return useSWR<DocumentView, VideoApiError>(id ? documentPath(name, id) : null, (p: string) => videoFetch<DocumentView>(p), opts);
}

export function saveDocument(name: string, id: string, input: WriteDocumentInput): Promise<WriteResult> {
  return videoFetch<WriteResult>(documentPath(name, id), { method: "PUT", body: input });
}

export function createDocument(name: string, input: CreateDocumentInput): Promise<WriteResult> {
  return videoFetch<WriteResult>(collectionPath(name), { method: "POST", body: input });
}

export function deleteDocument(name: string, id: string, version: string): Promise<WriteResult> {
  return videoFetch<WriteResult>(`${documentPath(name, id)}?version=${enc(version)}`, { method: "DELETE" });
}

export function useUpdateLog(query: URLSearchParams) {
  return useSWR<UpdateLogPage, VideoApiError>(`${UPDATE_LOG_PATH}?${query.toString()}`, async (p: string) => (await videoRequest<UpdateLogPage["data"]>(p)) as unknown as UpdateLogPage, opts);
}
