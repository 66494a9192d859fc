/** A scene's picture candidates (my matching media, then stock): GET /api/v1/videos/{id}/scenes/{sceneId}/candidates. */
import useSWR from "swr";
import { fetcher, retryWhenServerFails, type ApiClientError } from "@/lib/client/api";
import type { SceneCandidatesView } from "@/lib/creation/video/candidates-contract";

export function sceneCandidatesPath(videoId: string, sceneId: string, q: string | null): string {
  const base = `/api/v1/videos/${encodeURIComponent(videoId)}/scenes/${encodeURIComponent(sceneId)}/candidates`;
  return q ? `${base}?q=${encodeURIComponent(q)}` : base;
}

/** `q` null: the scene's own words ("more like this"). `enabled` false fetches nothing (another tab is open). */
export function useSceneCandidates(videoId: string, sceneId: string, q: string | null, enabled: boolean) {
  return useSWR<SceneCandidatesView, ApiClientError>(
    enabled ? sceneCandidatesPath(videoId, sceneId, q) : null,
    fetcher,
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: retryWhenServerFails },
  );
}
