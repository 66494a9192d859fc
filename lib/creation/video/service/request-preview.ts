import "server-only";
/**
 * The quick preview of a video: queues a `video.preview` job (free, under the
 * per-user `video_preview` rate limit) and reads its state. The preview's state
 * lives in `settings.quick_preview`, apart from the render and the final files
 * (`settings.render`, `settings.files`), which it never touches; its file is
 * stored under the video's folder (deleted with the video).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content, jobs, type ContentDoc } from "@/lib/platform/db/collections";
import { limitUser } from "@/lib/platform/rate-limit";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { PREVIEW_SHARE_DAYS, type VideoPreviewFileView, type VideoPreviewView } from "../preview-contract";
import type { RenderStageName } from "../contract";
import { isRendering, ownedVideo, settingsOf, type VideoDeps } from "./shared";

export const VIDEO_PREVIEW_JOB = "video.preview";
export const VIDEO_PREVIEW_MAX_ATTEMPTS = 2;

/** What `settings.quick_preview` holds (`settings.preview` is the writer model's Local preview flag). */
export interface PreviewState {
  /** The video it belongs to: a duplicate or a language version copies the settings, not the preview. */
  content_id: string;
  job_id: string;
  state: "queued" | "running" | "succeeded" | "failed";
  stage: RenderStageName;
  progress: number;
  error: string | null;
  revision: number;
  started_at: string;
  /** The last finished preview's file. */
  file: PreviewFileState | null;
}

export interface PreviewFileState {
  key: string;
  revision: number;
  width: number;
  height: number;
  fps: number;
  duration_ms: number;
  size_bytes: number;
  rendered_at: string;
}

/** The video's own preview state (none when the settings were copied from another video). */
export function previewOf(settings: Record<string, unknown>, contentId: string): PreviewState | null {
  const p = (settings.quick_preview as PreviewState | null | undefined) ?? null;
  return p && p.content_id === contentId ? p : null;
}

export function isPreviewing(p: PreviewState | null): boolean {
  return p !== null && (p.state === "queued" || p.state === "running");
}

export async function requestPreview(deps: VideoDeps, uid: string, id: string): Promise<VideoPreviewView> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  // Refusals that cost nothing come before the hourly allowance is spent.
  checkCanPreview(doc, id);
  await limitUser("video_preview", uid);
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const jobRef = deps.db.collection(jobs).doc();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such video.");
    checkCanPreview(snap.data, id);
    const before = previewOf(snap.data.settings, id);
    const preview: PreviewState = {
      content_id: id,
      job_id: jobRef.id,
      state: "queued",
      stage: "queued",
      progress: 0,
      error: null,
      revision: body.revision,
      started_at: at,
      file: before?.file ?? null,
    };
    tx.create(jobRef, {
      type: VIDEO_PREVIEW_JOB,
      owner_id: uid,
      content_id: id,
      state: "queued",
      progress: 0,
      attempts: 0,
      max_attempts: VIDEO_PREVIEW_MAX_ATTEMPTS,
      error: null,
      worker_id: null,
      lease_expires_at: null,
      input: { revision: body.revision },
      created_at: at,
      updated_at: at,
    });
    // Only the preview's own state: status, render and files stay as they are.
    tx.update(deps.db.collection(content).doc(id), { settings: { ...snap.data.settings, quick_preview: preview } });
  });
  return getPreview(deps, uid, id) as Promise<VideoPreviewView>;
}

function checkCanPreview(doc: ContentDoc, id: string): void {
  if (isPreviewing(previewOf(doc.settings, id)))
    throw new ApiError("conflict", "A quick preview of this video is already being made.");
  if (isRendering(settingsOf(doc)))
    throw new ApiError("conflict", "This video is rendering now. Make a quick preview after the render.");
}

/** The preview's state and file (signed links), or null when the video was never previewed. */
export async function getPreview(deps: VideoDeps, uid: string, id: string): Promise<VideoPreviewView | null> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  const p = previewOf(doc.settings, id);
  if (!p) return null;
  const now = (deps.now ?? (() => new Date()))();
  let file: VideoPreviewFileView | null = null;
  if (p.file) {
    // The share link changes once a day at most (so a copied link and the page's agree for the day).
    const nowSec = Math.floor(now.getTime() / 1000);
    const shareTtl = PREVIEW_SHARE_DAYS * 86_400 - (nowSec % 86_400);
    file = {
      video_url: await deps.store.signedUrl(p.file.key, { expiresInSeconds: signedUrlTtl(now) }),
      share_url: await deps.store.signedUrl(p.file.key, { expiresInSeconds: shareTtl }),
      share_expires_at: new Date((nowSec + shareTtl) * 1000).toISOString(),
      revision: p.file.revision,
      width: p.file.width,
      height: p.file.height,
      fps: p.file.fps,
      duration_ms: p.file.duration_ms,
      size_bytes: p.file.size_bytes,
      rendered_at: p.file.rendered_at,
    };
  }
  return {
    job_id: p.job_id,
    state: p.state,
    stage: p.stage,
    progress: p.progress,
    error: p.error,
    revision: p.revision,
    video_revision: body.revision,
    file,
  };
}
