import "server-only";
/**
 * Videos: what every use case in this folder shares (one file a use case beside it:
 * create-video.ts, edit-video.ts, request-render.ts, ...). Route handlers call the use
 * cases with the signed-in uid; every one checks ownership and answers a typed ApiError.
 *
 * Stored shape: a `content` doc (kind video) is the list/status record —
 * status draft (never rendered), queued/running (first render under way),
 * ready (has a file; a re-render may be under way: settings.video.render),
 * failed (no file, last render failed) — and `compositions/{id}` the body.
 *
 * Here: the job constants, the stored settings' types, the owned-video read, the
 * summary and full views, the voice and model checks, and helpers for other modules.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { DOC_ID } from "@/lib/platform/db/ids";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { listLanguageModels } from "@/lib/platform/ai/language/models";
import { findVoice, listVoices } from "@/lib/engine/audio/speech";
import { findMusicTrack } from "@/lib/engine/audio/music";
import { compositions, templates } from "@/lib/engine/composition/collections";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import { canvasSize, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import type { MadeWithView, RenderStatusView, VideoFilesView, VideoSummary, VideoView } from "../contract";

export const VIDEO_RENDER_JOB = "video.render";
export const VIDEO_JOB_TYPES = [VIDEO_RENDER_JOB] as const;
export const VIDEO_JOB_MAX_ATTEMPTS = 3;

export interface VideoDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
  /** Makes sure the starter library is in the store (seeded once per process). */
  ready?: () => Promise<void>;
}

/** What `content.settings.video` holds. */
export interface VideoSettings {
  brief: string;
  length_s: number;
  model_id: string;
  model_label: string;
  provider: string;
  preview: boolean;
  notice: string | null;
  repairs: string[];
  credits_spent: number;
  render: RenderState | null;
  files: FilesState | null;
  duplicated_from: string | null;
}

/** The render status the API shows, and what only the job needs. */
export interface RenderState extends RenderStatusView {
  quality: "720p" | "1080p";
  watermark: string | null;
  started_at: string;
}

export interface FilesState {
  video_key: string;
  poster_key: string;
  captions_key: string | null;
  revision: number;
  duration_ms: number;
  width: number;
  height: number;
  size_bytes: number;
  rendered_at: string;
}

export function settingsOf(doc: ContentDoc): VideoSettings {
  return doc.settings as unknown as VideoSettings;
}

export async function ownedVideo(db: Db, uid: string, id: string): Promise<{ doc: ContentDoc; body: CompositionBody }> {
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such video.");
  const [snap, comp] = await Promise.all([
    db.collection(content).doc(id).get(),
    db.collection(compositions).doc(id).get(),
  ]);
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "video")
    throw new ApiError("not_found", "There is no such video.");
  if (!comp)
    throw new ApiError(
      "unprocessable_entity",
      "This video's document is damaged and cannot be opened. Duplicate or delete it.",
    );
  try {
    return { doc: snap.data, body: migrateComposition(comp.data) };
  } catch {
    throw new ApiError(
      "unprocessable_entity",
      "This video's document is damaged and cannot be opened. Restore an earlier revision or delete it.",
    );
  }
}

export function isRendering(s: VideoSettings): boolean {
  return s.render !== null && (s.render.state === "queued" || s.render.state === "running");
}

function summaryStatus(doc: ContentDoc): VideoSummary["status"] {
  const s = settingsOf(doc);
  if (isRendering(s)) return "rendering";
  if (s.files) return "ready";
  return s.render?.state === "failed" || s.render?.state === "cancelled"
    ? s.render.state === "failed"
      ? "failed"
      : "draft"
    : "draft";
}

async function signed(store: BlobStore, key: string | null, now: Date): Promise<string | null> {
  return key ? store.signedUrl(key, { expiresInSeconds: signedUrlTtl(now) }) : null;
}

export async function toSummary(store: BlobStore, id: string, doc: ContentDoc, now: Date): Promise<VideoSummary> {
  const s = settingsOf(doc);
  return {
    id,
    title: doc.title,
    status: summaryStatus(doc),
    visibility: doc.visibility,
    aspect_ratio: ((doc.settings as { aspect_ratio?: CompositionRatio }).aspect_ratio ?? "16:9") as CompositionRatio,
    poster_url: await signed(store, s.files?.poster_key ?? null, now),
    duration_ms: s.files?.duration_ms ?? null,
    progress: isRendering(s) ? s.render!.progress : null,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

function madeWith(doc: ContentDoc, body: CompositionBody, templateName: string): MadeWithView {
  const s = settingsOf(doc);
  let voice: MadeWithView["voice"] = null;
  if (body.audio.voice_id) {
    try {
      voice = { id: body.audio.voice_id, label: findVoice(body.audio.voice_id).label };
    } catch {
      voice = { id: body.audio.voice_id, label: body.audio.voice_id };
    }
  }
  let music: MadeWithView["music"] = null;
  if (body.audio.music.track_id) {
    try {
      music = { id: body.audio.music.track_id, label: findMusicTrack(body.audio.music.track_id).label };
    } catch {
      music = { id: body.audio.music.track_id, label: body.audio.music.track_id };
    }
  }
  return {
    brief: s.brief,
    model: { id: s.model_id, label: s.model_label, preview: s.preview },
    template: { id: body.template.id, name: templateName, version: body.template.version },
    voice,
    music,
    notice: s.notice,
  };
}

async function templateName(db: Db, id: string): Promise<string> {
  const t = await db.collection(templates).doc(id).get();
  return t?.data.name ?? id;
}

export async function toView(deps: VideoDeps, id: string, doc: ContentDoc, body: CompositionBody): Promise<VideoView> {
  const now = (deps.now ?? (() => new Date()))();
  const s = settingsOf(doc);
  const summary = await toSummary(deps.store, id, doc, now);
  let files: VideoFilesView | null = null;
  if (s.files) {
    files = {
      video_url: (await signed(deps.store, s.files.video_key, now))!,
      poster_url: (await signed(deps.store, s.files.poster_key, now))!,
      captions_url: await signed(deps.store, s.files.captions_key, now),
      revision: s.files.revision,
      duration_ms: s.files.duration_ms,
      width: s.files.width,
      height: s.files.height,
      size_bytes: s.files.size_bytes,
      rendered_at: s.files.rendered_at,
    };
  }
  const r = s.render;
  return {
    ...summary,
    aspect_ratio: body.aspect_ratio,
    kind: "video",
    revision: body.revision,
    composition: body,
    render: r
      ? {
          job_id: r.job_id,
          state: r.state,
          stage: r.stage,
          progress: r.progress,
          frames: r.frames,
          segments: r.segments ?? null,
          error: r.error,
          revision: r.revision,
          credits: r.credits,
          refunded: r.refunded,
        }
      : null,
    files,
    made_with: madeWith(doc, body, await templateName(deps.db, body.template.id)),
    credits_spent: s.credits_spent,
    share:
      doc.visibility === "public"
        ? { watch_path: `/v1/videos/${id}`, embed_path: `/v0/videos/${id}`, content_path: `/content/${id}` }
        : null,
  };
}

export function assertVoice(voiceId: string | null): void {
  if (!voiceId) return;
  const voice = listVoices().find((v) => v.id === voiceId);
  if (!voice || !voice.enabled) {
    throw new ApiError(
      "unprocessable_entity",
      voice
        ? `${voice.label} is not available on this server: ${voice.note ?? "not configured"}.`
        : `There is no voice called "${voiceId}". Pick one from the list.`,
      {
        issues: [{ path: "voice_id", message: "unknown or unavailable voice" }],
      },
    );
  }
}

export function assertModel(modelId: string): { label: string; provider: string } {
  const model = listLanguageModels().find((m) => m.id === modelId);
  if (!model || !model.enabled) {
    throw new ApiError(
      "unprocessable_entity",
      model
        ? `${model.label} is not available: ${model.note ?? "not configured"}`
        : `There is no model called "${modelId}". Pick one from the list.`,
      {
        issues: [{ path: "model_id", message: "unknown or unavailable model" }],
      },
    );
  }
  return model;
}

export async function readOwnedComposition(
  db: Db,
  uid: string,
  id: string,
): Promise<{ doc: ContentDoc; body: CompositionBody }> {
  return ownedVideo(db, uid, id);
}

export function canvasFor(body: CompositionBody, quality: "720p" | "1080p") {
  return canvasSize(body.aspect_ratio, quality);
}
