/** One image (mine, or a public one) and the calls that act on it. */
import useSWR from "swr";
import type { ImageItem, LikeState, ShareState } from "@/lib/media/images/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";

export type DownloadFormat = "png" | "webp";

export function imagePath(id: string): string {
  return `/api/v1/images/${encodeURIComponent(id)}`;
}

export function isImageSettled(item: Pick<ImageItem, "status">): boolean {
  return item.status === "ready" || item.status === "failed";
}

/** `poll`: refetch on this interval until the image is ready or failed (results of a running job). */
export function useImage(id: string | null, options: { poll?: number } = {}) {
  return useSWR<ImageItem, ApiClientError>(id ? imagePath(id) : null, fetcher, {
    revalidateOnFocus: false,
    // Polls only an image known to be unfinished: a 404 or an error is not polled again.
    refreshInterval: options.poll ? (item) => (item && !isImageSettled(item) ? options.poll! : 0) : 0,
    shouldRetryOnError: (error: ApiClientError) => error.status >= 500 || error.status === 0,
  });
}

export function downloadUrl(id: string, format: DownloadFormat): string {
  return `${imagePath(id)}/download?format=${format}`;
}

export function shareImage(id: string): Promise<ShareState> {
  return apiFetch<ShareState>(`${imagePath(id)}/share`, { method: "POST" });
}

export function unshareImage(id: string): Promise<ShareState> {
  return apiFetch<ShareState>(`${imagePath(id)}/share`, { method: "DELETE" });
}

export function deleteImage(id: string): Promise<{ deleted: number }> {
  return apiFetch<{ deleted: number }>(imagePath(id), { method: "DELETE" });
}

export function setLiked(id: string, liked: boolean): Promise<LikeState> {
  return apiFetch<LikeState>(`${imagePath(id)}/like`, { method: liked ? "POST" : "DELETE" });
}

/** The optimistic state a like button shows before the server answers. */
export function toggledLike(state: LikeState): LikeState {
  return state.liked_by_me
    ? { liked_by_me: false, likes: Math.max(0, state.likes - 1) }
    : { liked_by_me: true, likes: state.likes + 1 };
}
