/** The data dashboard's and the update log's calls (lib/operations/data-dashboard/contract.ts, lib/platform/update-log/list-contract.ts). */
import useSWR from "swr";
import type {
  CollectionPage,
  CollectionSummary,
  CreateDocumentInput,
  DocumentView,
  WriteDocumentInput,
  WriteResult,
} from "@/lib/operations/data-dashboard/contract";
import type { UpdateLogPage } from "@/lib/platform/update-log/list-contract";
import { apiFetch, apiRequest, type ApiClientError, fetcher, retryWhenServerFails } from "@/lib/client/api";

export const OPS_DATA_PATH = "/api/v1/ops/data";
export const UPDATE_LOG_PATH = "/api/v1/ops/update-log";

const enc = encodeURIComponent;
export const collectionPath = (name: string) => `${OPS_DATA_PATH}/${enc(name)}`;
export const documentPath = (name: string, id: string) => `${collectionPath(name)}/${enc(id)}`;
const opts = { revalidateOnFocus: false, shouldRetryOnError: retryWhenServerFails };

export function useCollections() {
  return useSWR<CollectionSummary[], ApiClientError>(OPS_DATA_PATH, fetcher, opts);
}

/** A page of a collection: `query` holds index / eq.<field> / cursor / id. */
export function useCollectionPage(name: string | null, query: URLSearchParams) {
  const key = name ? `${collectionPath(name)}?${query.toString()}` : null;
  return useSWR<CollectionPage, ApiClientError>(
    key,
    async (p: string) => (await apiRequest<CollectionPage["data"]>(p)) as unknown as CollectionPage,
    opts,
  );
}

export function useDocument(name: string, id: string | null) {
  return useSWR<DocumentView, ApiClientError>(id ? documentPath(name, id) : null, fetcher, opts);
}

export function saveDocument(name: string, id: string, input: WriteDocumentInput): Promise<WriteResult> {
  return apiFetch<WriteResult>(documentPath(name, id), { method: "PUT", body: input });
}

export function createDocument(name: string, input: CreateDocumentInput): Promise<WriteResult> {
  return apiFetch<WriteResult>(collectionPath(name), { method: "POST", body: input });
}

export function deleteDocument(name: string, id: string, version: string): Promise<WriteResult> {
  return apiFetch<WriteResult>(`${documentPath(name, id)}?version=${enc(version)}`, { method: "DELETE" });
}

export function useUpdateLog(query: URLSearchParams) {
  return useSWR<UpdateLogPage, ApiClientError>(
    `${UPDATE_LOG_PATH}?${query.toString()}`,
    async (p: string) => (await apiRequest<UpdateLogPage["data"]>(p)) as unknown as UpdateLogPage,
    opts,
  );
}
