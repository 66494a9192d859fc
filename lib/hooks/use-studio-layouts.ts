/**
 * The layout studio's SWR hooks and calls (lib/studio/layouts/contract.ts).
 * Writes send the screen path for the update log; errors are VideoApiError
 * (status, code, field issues).
 */
import useSWR from "swr";
import type { LibraryStage } from "@/lib/composition/stages";
import { STUDIO_LAYOUTS_PATH, type CreateLayoutInput, type LayoutHistory, type LayoutLibrary, type LayoutListQuery, type LayoutView, type UpdateLayoutInput } from "@/lib/studio/layouts/contract";
import { SCREEN_HEADER } from "@/lib/update-log/contract";
import { CLIENT_ERROR_CODES } from "@/lib/swr/fetcher";
import { VideoApiError } from "./video-api";

export const layoutPath = (id: string) => `${STUDIO_LAYOUTS_PATH}/${encodeURIComponent(id)}`;

/** GET or write one studio resource; throws VideoApiError with the server's code, message and issues. */
export async function studioFetch<T>(path: string, init: { method?: "GET" | "POST" | "PATCH" | "DELETE"; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && typeof window !== "undefined") headers[SCREEN_HEADER] = window.location.pathname;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), credentials: "same-origin", cache: "no-store" });
  } catch (cause) {
    throw new VideoApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: "Could not reach the server. Check your connection and try again.", cause });
  }
  if (res.status === 204) return null as T;
  const json = (await res.json().catch(() => undefined)) as { data?: T; error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } } | undefined;
  if (!res.ok) {
    const e = json?.error;
    throw new VideoApiError({ status: res.status, code: e?.code ?? CLIENT_ERROR_CODES.unknown, message: e?.message ?? `The server answered ${res.status}`, issues: e?.issues });
  }
  if (!json || !("data" in json)) throw new VideoApiError({ status: res.status, code: CLIENT_ERROR_CODES.invalidResponse, message: "The server sent a response we could not read." });
  return json.data as T;
}

const quietRetry = (error: VideoApiError) => error.status >= 500 || error.status === 0;

export function layoutListKey(q: LayoutListQuery = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, String(v));
  const s = p.toString();
  return s ? `${STUDIO_LAYOUTS_PATH}?${s}` : STUDIO_LAYOUTS_PATH;
}

export function useStudioLayouts(q: LayoutListQuery = {}) {
  return useSWR<LayoutLibrary, VideoApiError>(layoutListKey(q), (p: string) => studioFetch<LayoutLibrary>(p), { keepPreviousData: true, shouldRetryOnError: quietRetry });
}

export function useStudioLayout(id: string | null) {
  return useSWR<LayoutView, VideoApiError>(id ? layoutPath(id) : null, (p: string) => studioFetch<LayoutView>(p), { revalidateOnFocus: false, shouldRetryOnError: quietRetry });
}

export function useLayoutHistory(id: string | null) {
  return useSWR<LayoutHistory, VideoApiError>(id ? `${layoutPath(id)}/history` : null, (p: string) => studioFetch<LayoutHistory>(p), { shouldRetryOnError: quietRetry });
}

export const createStudioLayout = (input: CreateLayoutInput) => studioFetch<LayoutView>(STUDIO_LAYOUTS_PATH, { method: "POST", body: input });
export const saveStudioLayout = (id: string, input: UpdateLayoutInput) => studioFetch<LayoutView>(layoutPath(id), { method: "PATCH", body: input });
export const moveStudioLayout = (id: string, revision: number, to: LibraryStage) => studioFetch<LayoutView>(`${layoutPath(id)}/stage`, { method: "POST", body: { revision, to } });
export const deleteStudioLayout = (id: string, revision: number) => studioFetch<null>(`${layoutPath(id)}?revision=${revision}`, { method: "DELETE" });
