/**
 * Videos (lib/creation/video/contract.ts): one SWR hook per resource — the create
 * screen's options, my list, one video (polled while it renders), its
 * player props, its revisions, a template's animated preview — and the
 * calls that change them.
 */
import useSWR from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import type {
  CreateVideoInput,
  EditVideoInput,
  PlayerPropsView,
  RevisionSummary,
  SceneImageInput,
  TranslateVideoInput,
  VideoOptions,
  VideoSummary,
  VideoView,
} from "@/lib/creation/video/contract";
import { apiFetch, apiRequest, type ApiClientError, fetcher, retryWhenServerFails } from "@/lib/client/api";
import { cursorList } from "@/lib/client/cursor-list";
import { announceWork } from "./work-events";

export const VIDEOS_PATH = "/api/v1/videos";
export const VIDEO_OPTIONS_PATH = `${VIDEOS_PATH}/options`;
/** The detail page and the editor follow a render about once a second. */
export const VIDEO_POLL_MS = 1000;
/** The list refreshes less often: it only moves bars. */
export const VIDEO_LIST_POLL_MS = 2500;

export function videoPath(id: string): string {
  return `${VIDEOS_PATH}/${encodeURIComponent(id)}`;
}

export function templatePreviewPath(templateId: string, ratio: CompositionRatio): string {
  return `${VIDEOS_PATH}/templates/${encodeURIComponent(templateId)}/preview?ratio=${encodeURIComponent(ratio)}`;
}

/** A render is under way (queued or running): poll, and keep the editor read-only. */
export function isRendering(video: Pick<VideoView, "status" | "render"> | Pick<VideoSummary, "status">): boolean {
  if (video.status === "rendering") return true;
  const render = "render" in video ? video.render : null;
  return render?.state === "queued" || render?.state === "running";
}

/** 0..100 for a progressbar. */
export function renderPercent(progress: number | null | undefined): number {
  const p = typeof progress === "number" && Number.isFinite(progress) ? progress : 0;
  return Math.round(Math.min(Math.max(p, 0), 1) * 100);
}

export function useVideoOptions() {
  return useSWR<VideoOptions, ApiClientError>(VIDEO_OPTIONS_PATH, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export interface VideoPage {
  items: VideoSummary[];
  next_cursor: string | null;
}

async function fetchVideoPage(path: string): Promise<VideoPage> {
  const body = await apiRequest<VideoSummary[]>(path);
  return {
    items: body.data,
    next_cursor: typeof body.next_cursor === "string" && body.next_cursor ? body.next_cursor : null,
  };
}

/** My videos, newest first, in cursor pages; refreshed while any of them renders. */
function videoPageKey(index: number, previous: VideoPage | null): string | null {
  if (index === 0) return VIDEOS_PATH;
  return previous?.next_cursor ? `${VIDEOS_PATH}?cursor=${encodeURIComponent(previous.next_cursor)}` : null;
}

/**
 * The list's cache key, for `mutate(VIDEO_LIST_KEY)` after a delete or a
 * duplicate: a filter-function mutate skips infinite keys, and the list's
 * own revalidation on mount is deduplicated when it was fetched moments ago.
 */
export const VIDEO_LIST_KEY = unstable_serialize(videoPageKey);

export function useVideos() {
  const swr = useSWRInfinite<VideoPage, ApiClientError>(videoPageKey, fetchVideoPage, {
    revalidateOnFocus: false,
    // Every loaded page is refetched, so a rendering video on page 2 moves too.
    revalidateAll: true,
    refreshInterval: (pages) => (pages?.some((p) => p.items.some(isRendering)) ? VIDEO_LIST_POLL_MS : 0),
    shouldRetryOnError: retryWhenServerFails,
  });
  return cursorList(swr);
}

/**
 * One of my videos. Polls every VIDEO_POLL_MS while it renders; the server
 * holds the render state, so a reloaded page picks the progress up again.
 */
export function useVideo(id: string | null) {
  return useSWR<VideoView, ApiClientError>(id ? videoPath(id) : null, fetcher, {
    revalidateOnFocus: false,
    dedupingInterval: 0,
    refreshInterval: (video) => (video && isRendering(video) ? VIDEO_POLL_MS : 0),
    shouldRetryOnError: retryWhenServerFails,
  });
}

/** The stored composition as Player props (signed media URLs); refetch after each save. */
export function usePlayerProps(id: string | null) {
  return useSWR<PlayerPropsView, ApiClientError>(id ? `${videoPath(id)}/player` : null, fetcher, {
    revalidateOnFocus: false,
    keepPreviousData: true,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function useRevisions(id: string | null) {
  return useSWR<RevisionSummary[], ApiClientError>(id ? `${videoPath(id)}/revisions` : null, fetcher, {
    revalidateOnFocus: false,
  });
}

/** Sample scenes of a template at a ratio, for the picker's animated cards. `null` template: nothing fetched. */
export function useTemplatePreview(templateId: string | null, ratio: CompositionRatio) {
  return useSWR<{ props: RenderProps }, ApiClientError>(
    templateId ? templatePreviewPath(templateId, ratio) : null,
    fetcher,
    { revalidateOnFocus: false, revalidateIfStale: false, keepPreviousData: true },
  );
}

/* ------------------------------------------------------------------ calls */

/** 201 with the planned video; 422 with field issues, 402 out of credits (render_now), 429 busy. */
export function createVideo(input: CreateVideoInput): Promise<VideoView> {
  return announceWork(apiFetch<VideoView>(VIDEOS_PATH, { method: "POST", body: input }));
}

/** 409 `revision_conflict` (edited elsewhere) or `rendering` (read-only while a render runs). */
export function editVideo(id: string, input: EditVideoInput): Promise<VideoView> {
  return apiFetch<VideoView>(videoPath(id), { method: "PATCH", body: input });
}

export async function deleteVideo(id: string): Promise<void> {
  await apiRequest<null>(videoPath(id), { method: "DELETE" });
}

/** 202; 402 when short of credits. */
export function renderVideo(id: string): Promise<VideoView> {
  return announceWork(apiFetch<VideoView>(`${videoPath(id)}/render`, { method: "POST" }));
}

export function cancelRender(id: string): Promise<VideoView> {
  return announceWork(apiFetch<VideoView>(`${videoPath(id)}/cancel`, { method: "POST" }));
}

/** A language version of the video: a new draft (POST /videos/{id}/translate). */
export function translateVideo(id: string, input: TranslateVideoInput): Promise<VideoView> {
  return announceWork(apiFetch<VideoView>(`${videoPath(id)}/translate`, { method: "POST", body: input }));
}

export function duplicateVideo(id: string): Promise<VideoView> {
  return apiFetch<VideoView>(`${videoPath(id)}/duplicate`, { method: "POST" });
}

export function shareVideo(id: string, isPublic: boolean): Promise<VideoView> {
  return apiFetch<VideoView>(`${videoPath(id)}/share`, { method: "PUT", body: { public: isPublic } });
}

/** "Apply my brand kit" on or off: the server snapshots the kit onto the video. */
export function applyBrandKit(id: string, apply: boolean, revision: number): Promise<VideoView> {
  return apiFetch<VideoView>(`${videoPath(id)}/brand`, { method: "PUT", body: { apply, revision } });
}

export function restoreRevision(id: string, revision: number): Promise<VideoView> {
  return apiFetch<VideoView>(`${videoPath(id)}/revisions/${revision}/restore`, { method: "POST" });
}

export function setSceneImage(id: string, sceneId: string, input: SceneImageInput): Promise<VideoView> {
  return apiFetch<VideoView>(`${videoPath(id)}/scenes/${encodeURIComponent(sceneId)}/image`, {
    method: "POST",
    body: input,
  });
}
