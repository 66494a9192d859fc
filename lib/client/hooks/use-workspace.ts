/**
 * The workspace (lib/creation/workspace/contract.ts): my items under a filter, search
 * and sort, in cursor pages, polled while anything runs; and the bulk calls.
 */
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type {
  DeleteResult,
  ItemRef,
  WorkspaceItem,
  WorkspaceKind,
  WorkspaceSort,
  WorkspaceStatus,
} from "@/lib/creation/workspace/contract";
import {
  apiFetch,
  apiRequest,
  errorFromResponse,
  fetcher,
  networkError,
  retryWhenServerFails,
  type ApiClientError,
} from "@/lib/client/api";
import { cursorList } from "@/lib/client/cursor-list";

export const WORKSPACE_PATH = "/api/v1/workspace";
/** Bars move about every two seconds while work runs. */
export const WORKSPACE_POLL_MS = 2000;

export interface WorkspaceFilters {
  kinds: readonly WorkspaceKind[];
  statuses: readonly WorkspaceStatus[];
  q: string;
  sort: WorkspaceSort;
}

export function workspaceQueryString(f: WorkspaceFilters, cursor?: string | null): string {
  const p = new URLSearchParams();
  if (f.kinds.length) p.set("kind", f.kinds.join(","));
  if (f.statuses.length) p.set("status", f.statuses.join(","));
  if (f.q.trim()) p.set("q", f.q.trim());
  if (f.sort !== "newest") p.set("sort", f.sort);
  if (cursor) p.set("cursor", cursor);
  const s = p.toString();
  return s ? `?${s}` : "";
}

interface WorkspacePageData {
  items: WorkspaceItem[];
  next_cursor: string | null;
  truncated: boolean;
}

async function fetchPage(path: string): Promise<WorkspacePageData> {
  const body = await apiRequest<WorkspaceItem[]>(path);
  const scan = body.scan as { truncated?: boolean } | undefined;
  return {
    items: body.data,
    next_cursor: typeof body.next_cursor === "string" ? body.next_cursor : null,
    truncated: Boolean(scan?.truncated),
  };
}

export function useWorkspace(filters: WorkspaceFilters) {
  const swr = useSWRInfinite<WorkspacePageData, ApiClientError>(
    (index, previous: WorkspacePageData | null) => {
      if (index === 0) return `${WORKSPACE_PATH}${workspaceQueryString(filters)}`;
      return previous?.next_cursor ? `${WORKSPACE_PATH}${workspaceQueryString(filters, previous.next_cursor)}` : null;
    },
    fetchPage,
    {
      revalidateOnFocus: false,
      revalidateAll: true,
      keepPreviousData: true,
      refreshInterval: (pages) =>
        pages?.some((p) => p.items.some((i) => i.status === "running")) ? WORKSPACE_POLL_MS : 0,
      shouldRetryOnError: retryWhenServerFails,
    },
  );
  return { ...cursorList(swr), isValidating: swr.isValidating, truncated: Boolean(swr.data?.[0]?.truncated) };
}

export function deleteWorkspaceItems(items: readonly ItemRef[]): Promise<DeleteResult> {
  return apiFetch<DeleteResult>(`${WORKSPACE_PATH}/delete`, { method: "POST", body: { items } });
}

/** Fetches the ZIP and hands it to the browser as a download; answers how many files went in. */
export async function downloadWorkspaceItems(items: readonly ItemRef[]): Promise<{ files: number; skipped: number }> {
  let res: Response;
  try {
    res = await fetch(`${WORKSPACE_PATH}/download`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/zip, application/json" },
      body: JSON.stringify({ items }),
      credentials: "same-origin",
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!res.ok) throw await errorFromResponse(res);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "promptframe.zip";
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { files: Number(res.headers.get("x-files") ?? 0), skipped: Number(res.headers.get("x-skipped") ?? 0) };
}

/** Home's "Recent work": my newest videos, designs and images, polled while any of them runs. */
export const RECENT_WORK_LIMIT = 8;
export function useRecentWork() {
  return useSWR<WorkspaceItem[], ApiClientError>(
    `${WORKSPACE_PATH}?kind=video,design,image&limit=${RECENT_WORK_LIMIT}`,
    fetcher,
    {
      revalidateOnFocus: false,
      refreshInterval: (items) => (items?.some((i) => i.status === "running") ? WORKSPACE_POLL_MS : 0),
      shouldRetryOnError: retryWhenServerFails,
    },
  );
}
