/** Pages (lib/creation/pages/contract.ts): one page for the editor, and the calls that change it. */
import useSWR from "swr";
import type { CreatePageInput, EditPageInput, PageView } from "@/lib/creation/pages/contract";
import { apiFetch, type ApiClientError, fetcher } from "@/lib/client/api";

export const PAGES_PATH = "/api/v1/pages";

export function pagePath(id: string): string {
  return `${PAGES_PATH}/${encodeURIComponent(id)}`;
}

export function usePage(id: string | null) {
  return useSWR<PageView, ApiClientError>(id ? pagePath(id) : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: (e: ApiClientError) => e.status >= 500 || e.status === 0,
  });
}

export function createPage(input: CreatePageInput = {}): Promise<PageView> {
  return apiFetch<PageView>(PAGES_PATH, { method: "POST", body: input });
}

/** 409 when the page changed elsewhere (revision), 422 with per-block issues. */
export function editPage(id: string, input: EditPageInput): Promise<PageView> {
  return apiFetch<PageView>(pagePath(id), { method: "PATCH", body: input });
}

export function publishPage(id: string, published: boolean): Promise<PageView> {
  return apiFetch<PageView>(`${pagePath(id)}/publish`, { method: "PUT", body: { published } });
}
