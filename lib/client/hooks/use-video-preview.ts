/**
 * A video's quick preview (lib/creation/video/preview-contract.ts): its state,
 * polled while it is being made, and the call that starts one.
 */
import useSWR from "swr";
import type { VideoPreviewView } from "@/lib/creation/video/preview-contract";
import { apiFetch, type ApiClientError, fetcher, retryWhenServerFails } from "@/lib/client/api";
import { videoPath, VIDEO_POLL_MS } from "./use-videos";

export function videoPreviewPath(id: string): string {
  return `${videoPath(id)}/preview`;
}

export function isPreviewing(p: VideoPreviewView | null | undefined): boolean {
  return p?.state === "queued" || p?.state === "running";
}

export function useVideoPreview(id: string | null) {
  return useSWR<VideoPreviewView | null, ApiClientError>(id ? videoPreviewPath(id) : null, fetcher, {
    revalidateOnFocus: false,
    dedupingInterval: 0,
    refreshInterval: (p) => (isPreviewing(p) ? VIDEO_POLL_MS : 0),
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function requestVideoPreview(id: string): Promise<VideoPreviewView> {
  return apiFetch<VideoPreviewView>(videoPreviewPath(id), { method: "POST" });
}
