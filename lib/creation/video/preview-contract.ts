/**
 * The quick preview's wire contract (browser-safe): a small, low-frame-rate
 * MP4 watermarked "Draft", made free (under a per-hour limit) for sharing a
 * draft. It lives apart from the video's render and files: the final file is
 * never replaced by it.
 *
 *   POST /api/v1/videos/{id}/preview  -> 202 { data: VideoPreviewView }  (409 while one is being made or the video renders; 429 past the hourly limit)
 *   GET  /api/v1/videos/{id}/preview  -> { data: VideoPreviewView | null }  (null: never previewed)
 */
import { z } from "zod";
import { RENDER_STAGES } from "./contract";

/** The preview's size and frame rate: the short side in pixels and frames a second (bench/preview.ts measured them). */
export const PREVIEW_SHORT_SIDE = 480;
export const PREVIEW_FPS = 10;
export const PREVIEW_WATERMARK = "Draft";
/** How long a preview's share link works (Cloud Storage signs for at most 7 days). */
export const PREVIEW_SHARE_DAYS = 7;

export const videoPreviewFileSchema = z.object({
  /** Plays in the page (a signed URL, about an hour). */
  video_url: z.string(),
  /** The same file for people without an account, for about {PREVIEW_SHARE_DAYS} days (a relative URL is on this site). */
  share_url: z.string(),
  share_expires_at: z.string(),
  /** The composition revision the preview shows. */
  revision: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  fps: z.number().int(),
  duration_ms: z.number(),
  size_bytes: z.number().int(),
  rendered_at: z.string(),
});
export type VideoPreviewFileView = z.infer<typeof videoPreviewFileSchema>;

export const videoPreviewViewSchema = z
  .object({
    job_id: z.string(),
    state: z.enum(["queued", "running", "succeeded", "failed"]),
    stage: z.enum(RENDER_STAGES),
    /** The preview's work 0..1. */
    progress: z.number(),
    /** Human sentence when failed. */
    error: z.string().nullable(),
    /** The revision being (or last) previewed. */
    revision: z.number().int(),
    /** The video's revision now: a file of an older revision shows an earlier draft. */
    video_revision: z.number().int(),
    /** The last finished preview (kept while a new one is made, and when one fails). */
    file: videoPreviewFileSchema.nullable(),
  })
  .meta({ id: "VideoPreview" });
export type VideoPreviewView = z.infer<typeof videoPreviewViewSchema>;
