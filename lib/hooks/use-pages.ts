/** Pages (lib/pages/contract.ts): one page for the editor, and the calls that change it. */
import useSWR from "swr";
import type { CreatePageInput, EditPageInput, PageView } from "@/lib/pages/contract";
import { videoFetch, type VideoApiError } from "./video-api";

export const PAGES_PATH = "/api/v1/pages";

export function pagePath(id: string): string {
  return `${PAGES_PATH}/${encodeURIComponent(id)}`;
}

export function usePage(id: string | null) {
  return useSWR<PageView, VideoApiError>(id ? pagePath(id) : null, (path: string) => videoFetch<PageView>(path), {
    revalidateOnFocus: false,
    shouldRetryOnError: (e: VideoApiError) => e.status >= 500 || e.status === 0,
  });
}

export function createPage(input: CreatePageInput = {}): Promise<PageView> {
  return videoFetch<PageView>(PAGES_PATH, { method: "POST", body: input });
}

/** 409 when the page changed elsewhere (revision), 422 with per-block issues. */
export function editPage(id: string, input: EditPageInput): Promise<PageView> {
  return videoFetch<PageView>(pagePath(id), { method: "PATCH", body: input });
}

export function publishPage(id: string, published: boolean): Promise<PageView> {
  return videoFetch<PageView>(`${pagePath(id)}/publish`, { method: "PUT", body: { published } });
}
