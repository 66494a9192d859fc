/**
 * The layout studio's SWR hooks and calls (lib/studio/layouts/contract.ts).
 * Writes send the screen path for the update log; errors are ApiClientError
 * (status, code, field issues).
 */
import useSWR from "swr";
import type { LibraryStage } from "@/lib/engine/composition/stages";
import {
  STUDIO_LAYOUTS_PATH,
  type CreateLayoutInput,
  type LayoutHistory,
  type LayoutLibrary,
  type LayoutListQuery,
  type LayoutView,
  type UpdateLayoutInput,
} from "@/lib/studio/layouts/contract";
import { ApiClientError, apiFetch, retryWhenServerFails } from "@/lib/client/api";

export const layoutPath = (id: string) => `${STUDIO_LAYOUTS_PATH}/${encodeURIComponent(id)}`;

/** GET or write one studio resource; throws ApiClientError with the server's code, message and issues (a 204 is null). */
export function studioFetch<T>(
  path: string,
  init: { method?: "GET" | "POST" | "PATCH" | "DELETE"; body?: unknown } = {},
): Promise<T> {
  return apiFetch<T>(path, init);
}

export function layoutListKey(q: LayoutListQuery = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, String(v));
  const s = p.toString();
  return s ? `${STUDIO_LAYOUTS_PATH}?${s}` : STUDIO_LAYOUTS_PATH;
}

export function useStudioLayouts(q: LayoutListQuery = {}) {
  return useSWR<LayoutLibrary, ApiClientError>(layoutListKey(q), (p: string) => studioFetch<LayoutLibrary>(p), {
    keepPreviousData: true,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function useStudioLayout(id: string | null) {
  return useSWR<LayoutView, ApiClientError>(id ? layoutPath(id) : null, (p: string) => studioFetch<LayoutView>(p), {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function useLayoutHistory(id: string | null) {
  return useSWR<LayoutHistory, ApiClientError>(
    id ? `${layoutPath(id)}/history` : null,
    (p: string) => studioFetch<LayoutHistory>(p),
    { shouldRetryOnError: retryWhenServerFails },
  );
}

export const createStudioLayout = (input: CreateLayoutInput) =>
  studioFetch<LayoutView>(STUDIO_LAYOUTS_PATH, { method: "POST", body: input });
export const saveStudioLayout = (id: string, input: UpdateLayoutInput) =>
  studioFetch<LayoutView>(layoutPath(id), { method: "PATCH", body: input });
export const moveStudioLayout = (id: string, revision: number, to: LibraryStage) =>
  studioFetch<LayoutView>(`${layoutPath(id)}/stage`, { method: "POST", body: { revision, to } });
export const deleteStudioLayout = (id: string, revision: number) =>
  studioFetch<null>(`${layoutPath(id)}?revision=${revision}`, { method: "DELETE" });
