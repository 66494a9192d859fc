/**
 * My gallery (GET /api/v1/images, newest first, cursor pages) and the
 * cursor-paging helper the other paged resources (trending, assets) share.
 */
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type { ImageItem, ImagePage } from "@/lib/media/images/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";

export const IMAGES_PATH = "/api/v1/images";
export const GALLERY_PAGE_SIZE = 24;

export interface ImageFilters {
  model?: string | null;
  vibe?: string | null;
  q?: string | null;
}

/** One page's URL; empty filters are left out so equal queries share a cache entry. */
export function pageUrl(input: {
  path: string;
  cursor?: string | null;
  limit?: number;
  params?: Record<string, string | null | undefined>;
}): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(input.params ?? {})) {
    const v = value?.trim();
    if (v) q.set(name, v);
  }
  if (input.limit) q.set("limit", String(input.limit));
  if (input.cursor) q.set("cursor", input.cursor);
  const s = q.toString();
  return s ? `${input.path}?${s}` : input.path;
}

export function imagesPageUrl(filters: ImageFilters, cursor: string | null, limit = GALLERY_PAGE_SIZE): string {
  return pageUrl({
    path: IMAGES_PATH,
    cursor,
    limit,
    params: { model: filters.model, vibe: filters.vibe, q: filters.q },
  });
}

interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** Infinite cursor paging: items of every loaded page, `loadMore`, and local edits for optimistic UI. */
export function useCursorPages<T extends { id: string }>(url: (cursor: string | null) => string | null) {
  const swr = useSWRInfinite<CursorPage<T>, ApiClientError>(
    (index, previous: CursorPage<T> | null) => {
      if (index > 0 && (!previous || !previous.next_cursor)) return null;
      return url(index === 0 ? null : (previous?.next_cursor ?? null));
    },
    (path: string) => apiFetch<CursorPage<T>>(path),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const pages = swr.data ?? [];
  const items = pages.flatMap((p) => p.items);
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.next_cursor);
  const enabled = url(null) !== null;
  const isLoading = enabled && swr.data === undefined && swr.error === undefined;
  const isLoadingMore = isLoading || (swr.size > 0 && swr.data !== undefined && swr.data[swr.size - 1] === undefined);

  return {
    items,
    error: swr.error,
    isLoading,
    isLoadingMore,
    hasMore,
    loadMore: () => swr.setSize((n) => n + 1),
    reload: () => swr.mutate(),
    /** Changes loaded items in place without a refetch (likes, renames). */
    patchItem: (id: string, patch: (item: T) => T) =>
      swr.mutate((data) => data?.map((p) => ({ ...p, items: p.items.map((i) => (i.id === id ? patch(i) : i)) })), {
        revalidate: false,
      }),
    /** Drops items (after a delete) and then refreshes from the server. */
    removeItems: (ids: readonly string[]) => {
      const gone = new Set(ids);
      return swr.mutate((data) => data?.map((p) => ({ ...p, items: p.items.filter((i) => !gone.has(i.id)) })), {
        revalidate: true,
      });
    },
  };
}

export function useImages(filters: ImageFilters) {
  return useCursorPages<ImageItem>((cursor) => imagesPageUrl(filters, cursor));
}

/** The generator's "Recent" strip: just the first page. */
export function useRecentImages(limit = 12) {
  return useSWR<ImagePage, ApiClientError>(imagesPageUrl({}, null, limit), fetcher, {
    revalidateOnFocus: false,
  });
}

export function bulkDeleteImages(ids: readonly string[]): Promise<{ deleted: number }> {
  return apiFetch<{ deleted: number }>(`${IMAGES_PATH}/bulk-delete`, { method: "POST", body: { ids } });
}
