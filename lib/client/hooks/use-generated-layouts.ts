/** The layout generator and the review queue of generated candidates (lib/studio/layout-gen/contract.ts). */
import useSWR from "swr";
import { apiFetch, type ApiClientError, fetcher, retryWhenServerFails } from "@/lib/client/api";
import type {
  GenerateLayoutsInput,
  GenerateLayoutsResult,
  GeneratedLayoutView,
  ReviewFilter,
} from "@/lib/studio/layout-gen/contract";

export const GENERATED_LAYOUTS_PATH = "/api/v1/studio/generated-layouts";
export const LAYOUT_GEN_PATH = "/api/v1/studio/layout-gen";

export const generatedLayoutPath = (id: string) => `${GENERATED_LAYOUTS_PATH}/${encodeURIComponent(id)}`;

export function generatedListPath(q: { status: ReviewFilter; batch?: string | null }): string {
  const params = new URLSearchParams({ status: q.status });
  if (q.batch) params.set("batch", q.batch);
  return `${GENERATED_LAYOUTS_PATH}?${params}`;
}

export function useGeneratedLayouts(q: { status: ReviewFilter; batch?: string | null } | null) {
  return useSWR<GeneratedLayoutView[], ApiClientError>(q ? generatedListPath(q) : null, fetcher, {
    revalidateOnFocus: false,
  });
}

export function useGeneratedLayout(id: string | null) {
  return useSWR<GeneratedLayoutView, ApiClientError>(id ? generatedLayoutPath(id) : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function generateLayouts(input: GenerateLayoutsInput, signal?: AbortSignal): Promise<GenerateLayoutsResult> {
  return apiFetch<GenerateLayoutsResult>(LAYOUT_GEN_PATH, { method: "POST", body: input, signal });
}

/** 409 `conflict` when someone else changed or reviewed it first. */
export function approveGeneratedLayout(id: string, revision: number): Promise<GeneratedLayoutView> {
  return apiFetch<GeneratedLayoutView>(`${generatedLayoutPath(id)}/approve`, { method: "POST", body: { revision } });
}

export function rejectGeneratedLayout(id: string, revision: number, reason: string): Promise<GeneratedLayoutView> {
  return apiFetch<GeneratedLayoutView>(`${generatedLayoutPath(id)}/reject`, {
    method: "POST",
    body: { revision, reason },
  });
}
