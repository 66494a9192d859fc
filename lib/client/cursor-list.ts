/**
 * What a screen reads from a cursor-paged list kept by useSWRInfinite (the
 * pages are `{ items, next_cursor }`): every loaded item, whether more can
 * be loaded, and the calls that load more or ask again.
 */
import type { SWRInfiniteResponse } from "swr/infinite";

export function cursorList<P extends { items: unknown[]; next_cursor: string | null }, E>(
  swr: SWRInfiniteResponse<P, E>,
) {
  const pages = swr.data ?? [];
  const last = pages[pages.length - 1];
  return {
    items: pages.flatMap((p) => p.items) as P["items"][number][],
    error: swr.error,
    isLoading: swr.data === undefined && swr.error === undefined,
    isLoadingMore: swr.size > 0 && swr.data !== undefined && swr.data[swr.size - 1] === undefined,
    hasMore: Boolean(last?.next_cursor),
    loadMore: () => swr.setSize((n) => n + 1),
    reload: () => swr.mutate(),
  };
}
