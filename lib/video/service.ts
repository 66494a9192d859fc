import "server-only";
/**
 * Videos: create from a brief (the writer's plan → a composition saved as
 * content), read, edit with revisions, render as a job, cancel, duplicate,
 * share, delete. Route handlers call these with the signed-in uid; every
 * function checks ownership and answers a typed ApiError.
 *
 * Stored shape: a `content` doc (kind video) is the list/status record —
 * status draft (never rendered), queued/running (first render under way),
 * ready (has a file; a re-render may be under way: settings.video.render),
 * failed (no file, last render failed) — and `compositions/{id}` the body.
 */
import { ApiError } from "@/lib/api/errors";
import { signedUrlTtl } from "@/lib/images/present-image";
import { listLanguageModels } from "@/lib/ai/language/models";
import { findVoice, listVoices } from "@/lib/audio/speech";
import { findMusicTrack, listMusicTracks } from "@/lib/audio/music";
import { assertWithinPlan } from "@/lib/billing/enforce";
import { compositions, templates, type CompositionDoc } from "@/lib/composition/collections";
import { compositionBodySchema, type CompositionBody, type MediaValue } from "@/lib/composition/composition-schema";
import { getTemplateVersion, listLiveTemplates } from "@/lib/composition/library";
import { assertOwnMedia, mediaOrigin } from "@/lib/composition/media-access";
import { migrateComposition } from "@/lib/composition/migrations";
import { canvasSize, COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/composition/ratios";
import type { TemplateVersionDoc } from "@/lib/composition/collections";
import { prepareDebit, prepareRefund } from "@/lib/credits/credits";
import { content, jobs, users, type ContentDoc } from "@/lib/db/collections";
import type { Db } from "@/lib/db/db";
import type { BlobStore } from "@/lib/storage/types";
import { refreshPublicViews } from "@/lib/public-views/refresh";
import { retemplate, composeFromPlan } from "./compose";
import { compositionRevisions, revisionId } from "./collections";
import { logContentChange } from "@/lib/update-log/content";
import {
  createVideoInputSchema,
  editVideoInputSchema,
  shareInputSchema,
  VIDEO_LENGTHS,
  type MadeWithView,
  type RenderStatusView,
  type RevisionSummary,
  type VideoFilesView,
  type VideoOptions,
  type VideoSummary,
  type VideoView,
} from "./contract";
import { videoCost, VIDEO_COST_PER_15S } from "./pricing";
import { scenePicturePrice } from "./scene-picture";
import { writePlan, type WriterLibrary } from "./writer";

export const VIDEO_RENDER_JOB = "video.render";
export const VIDEO_JOB_TYPES = [VIDEO_RENDER_JOB] as const;
export const VIDEO_JOB_MAX_ATTEMPTS = 3;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

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

export interface RenderState {
  job_id: string;
  state: RenderStatusView["state"];
  stage: RenderStatusView["stage"];
  progress: number;
  frames: { rendered: number; total: number } | null;
  error: string | null;
  revision: number;
  credits: number;
  refunded: boolean;
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

// ---------------------------------------------------------------- reading

function settingsOf(doc: ContentDoc): VideoSettings {
  return doc.settings as unknown as VideoSettings;
}

async function ownedVideo(db: Db, uid: string, id: string): Promise<{ doc: ContentDoc; body: CompositionBody }> {
  if (!ID.test(id)) throw new ApiError("not_found", "There is no such video.");
  const [snap, comp] = await Promise.all([db.collection(content).doc(id).get(), db.collection(compositions).doc(id).get()]);
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "video") throw new ApiError("not_found", "There is no such video.");
  if (!comp) throw new ApiError("unprocessable_entity", "This video's document is damaged and cannot be opened. Duplicate or delete it.");
  try {
    return { doc: snap.data, body: migrateComposition(comp.data) };
  } catch {
    throw new ApiError("unprocessable_entity", "This video's document is damaged and cannot be opened. Restore an earlier revision or delete it.");
  }
}

export function isRendering(s: VideoSettings): boolean {
  return s.render !== null && (s.render.state === "queued" || s.render.state === "running");
}

function summaryStatus(doc: ContentDoc): VideoSummary["status"] {
  const s = settingsOf(doc);
  if (isRendering(s)) return "rendering";
  if (s.files) return "ready";
  return s.render?.state === "failed" || s.render?.state === "cancelled" ? (s.render.state === "failed" ? "failed" : "draft") : "draft";
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
      ? { job_id: r.job_id, state: r.state, stage: r.stage, progress: r.progress, frames: r.frames, error: r.error, revision: r.revision, credits: r.credits, refunded: r.refunded }
      : null,
    files,
    made_with: madeWith(doc, body, await templateName(deps.db, body.template.id)),
    credits_spent: s.credits_spent,
    share: doc.visibility === "public" ? { watch_path: `/v1/videos/${id}`, embed_path: `/v0/videos/${id}`, content_path: `/content/${id}` } : null,
  };
}

export async function getVideo(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  return toView(deps, id, doc, body);
}

export async function listVideos(deps: VideoDeps, uid: string, cursor: string | null, limit = 24): Promise<{ items: VideoSummary[]; nextCursor: string | null }> {
  const now = (deps.now ?? (() => new Date()))();
  const col = deps.db.collection(content);
  let q = col.where("owner_id", "==", uid).where("kind", "==", "video").orderBy("created_at", "desc");
  if (cursor) {
    const after = ID.test(cursor) ? await col.doc(cursor).get() : null;
    if (!after || after.data.owner_id !== uid) return { items: [], nextCursor: null };
    q = q.startAfter(after);
  }
  const rows = await q.limit(limit + 1).get();
  const page = rows.slice(0, limit);
  return { items: await Promise.all(page.map((r) => toSummary(deps.store, r.id, r.data, now))), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

// ---------------------------------------------------------------- options

export async function loadWriterLibrary(deps: VideoDeps): Promise<WriterLibrary> {
  await deps.ready?.();
  const live = await listLiveTemplates(deps.db);
  const out: WriterLibrary["templates"] = [];
  for (const t of live) {
    const version = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (version) out.push({ ...t, version: version as TemplateVersionDoc });
  }
  return { templates: out };
}

/**
 * The writer's library with one template held at a pinned version: the
 * writer sees only that template, at that version (live or not: published
 * versions are immutable snapshots). A version that was never published is a 422.
 */
export async function pinnedLibrary(deps: VideoDeps, templateId: string, version: number): Promise<WriterLibrary> {
  await deps.ready?.();
  const t = await deps.db.collection(templates).doc(templateId).get();
  const v = t ? await getTemplateVersion(deps.db, templateId, version) : null;
  if (!t || !v || !v.published_at) {
    throw new ApiError("unprocessable_entity", `Template "${templateId}" has no published version ${version}. Pick another version.`, { issues: [{ path: "template_version", message: "unknown version" }] });
  }
  return { templates: [{ ...t.data, id: templateId, version: v as TemplateVersionDoc }] };
}

export async function videoOptions(deps: VideoDeps, uid: string): Promise<VideoOptions> {
  const library = await loadWriterLibrary(deps);
  const user = await deps.db.collection(users).doc(uid).get();
  const models = listLanguageModels();
  const voices = listVoices().filter((v) => v.enabled || !v.local);
  const defaultModel = models.find((m) => m.provider !== "local" && m.enabled) ?? models.find((m) => m.provider === "local")!;
  return {
    templates: library.templates.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      version: t.current_version,
      layouts: t.version.layouts.map((l) => ({
        id: l.id,
        name: l.name,
        slots: l.slots.map((slot) => ({ id: slot.id, kind: slot.kind, role: slot.role, label: slot.label, required: slot.required, max_chars: slot.kind === "text" ? slot.fit.maxChars : null })),
      })),
    })),
    voices: voices.map((v) => ({
      id: v.id,
      label: v.label,
      language: v.language,
      provider: v.provider,
      sample_url: `/api/v1/voices/${encodeURIComponent(v.id)}/sample`,
      preview: v.local,
      ...(v.enabled ? {} : { label: `${v.label} (${v.note ?? "not configured"})` }),
    })),
    music: listMusicTracks().map((m) => ({ id: m.id, label: m.label, mood: m.mood, url: `/api/v1/music/${encodeURIComponent(m.id)}` })),
    models: models.map((m) => ({ id: m.id, label: m.label, provider: m.provider, available: m.enabled, reason: m.enabled ? null : m.note, preview: m.provider === "local" })),
    default_model_id: defaultModel.id,
    default_voice_id: voices.find((v) => v.enabled)?.id ?? null,
    lengths: VIDEO_LENGTHS,
    ratios: COMPOSITION_RATIOS,
    pricing: { per_15s: { ...VIDEO_COST_PER_15S } },
    scene_picture: scenePicturePrice(),
    balance: user?.data.credits ?? 0,
  };
}

// ---------------------------------------------------------------- create

function musicFor(mood: string): string | null {
  const tracks = listMusicTracks();
  return (tracks.find((t) => t.mood === mood) ?? tracks[0])?.id ?? null;
}

export function assertVoice(voiceId: string | null): void {
  if (!voiceId) return;
  const voice = listVoices().find((v) => v.id === voiceId);
  if (!voice || !voice.enabled) {
    throw new ApiError("unprocessable_entity", voice ? `${voice.label} is not available on this server: ${voice.note ?? "not configured"}.` : `There is no voice called "${voiceId}". Pick one from the list.`, {
      issues: [{ path: "voice_id", message: "unknown or unavailable voice" }],
    });
  }
}

export function assertModel(modelId: string): { label: string; provider: string } {
  const model = listLanguageModels().find((m) => m.id === modelId);
  if (!model || !model.enabled) {
    throw new ApiError("unprocessable_entity", model ? `${model.label} is not available: ${model.note ?? "not configured"}` : `There is no model called "${modelId}". Pick one from the list.`, {
      issues: [{ path: "model_id", message: "unknown or unavailable model" }],
    });
  }
  return model;
}

export interface CreateVideoExtra {
  /** Product facts the writer must use (name in the title and scenes). */
  product?: { name: string; price?: string | null; points?: string[] } | null;
  /** The product the video is made from: saved as `settings.product_id` with the video. */
  productId?: string | null;
  /** The owner's pictures for the scenes' picture slots, in order (repeated when there are more slots). */
  pictures?: readonly MediaValue[];
  /**
   * Server-side only (production pipelines): render with this published
   * version of `template_id` rather than its current one. Allowed for a
   * template that is no longer live: the version is an immutable snapshot.
   */
  templateVersion?: number | null;
}

/** Puts pictures into the scenes' picture slots in order; scenes keep their image prompt for when a picture is removed. */
function placePictures(body: CompositionBody, layouts: readonly { id: string; slots: readonly { id: string; kind: string }[] }[], pictures: readonly MediaValue[]): CompositionBody {
  if (pictures.length === 0) return body;
  let next = 0;
  const scenes = body.scenes.map((scene) => {
    const slot = layouts.find((l) => l.id === scene.layout_id)?.slots.find((s) => s.kind === "image");
    if (!slot) return scene;
    const picture = pictures[next++ % pictures.length]!;
    return { ...scene, values: { ...scene.values, [slot.id]: picture } };
  });
  return { ...body, scenes };
}

export async function createVideo(deps: VideoDeps, uid: string, raw: unknown, extra: CreateVideoExtra = {}): Promise<VideoView> {
  const parsed = createVideoInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those video settings are not valid.");
  const input = parsed.data;
  const model = assertModel(input.model_id);
  assertVoice(input.voice_id);
  const library = extra.templateVersion && input.template_id ? await pinnedLibrary(deps, input.template_id, extra.templateVersion) : await loadWriterLibrary(deps);
  if (input.template_id && !library.templates.some((t) => t.id === input.template_id)) {
    throw new ApiError("unprocessable_entity", `There is no template called "${input.template_id}". Pick one from the list.`, { issues: [{ path: "template_id", message: "unknown template" }] });
  }
  // Pictures come from the caller's own items (links, bulk rows, pipelines): refused before any model time is spent.
  const foreignPicture = (extra.pictures ?? []).findIndex((p) => mediaOrigin(p.key, { ownerId: uid, template: null }) === null);
  if (foreignPicture >= 0) {
    throw new ApiError("unprocessable_entity", "A picture for the scenes is not one of yours. Pick it from your images or assets.", { issues: [{ path: `pictures.${foreignPicture}`, message: "foreign media" }] });
  }
  const now = (deps.now ?? (() => new Date()))();
  const ref = deps.db.collection(content).doc();
  // Plan limits before any model time is spent: length over the plan is a 402 with the way up.
  await deps.db.runTransaction((tx) => assertWithinPlan(tx, { db: deps.db, uid, kind: "video", seconds: input.length_s, maxActiveJobs: Number.MAX_SAFE_INTEGER }));

  const written = await writePlan({
    db: deps.db,
    library,
    request: { brief: input.brief, length_s: input.length_s, aspect_ratio: input.aspect_ratio, template_id: input.template_id, product: extra.product ?? null },
    modelId: input.model_id,
    ownerId: uid,
    refId: ref.id,
  });
  const template = library.templates.find((t) => t.id === written.plan.template_id)!;
  const composed = composeFromPlan({
    plan: written.plan,
    ownerId: uid,
    aspectRatio: input.aspect_ratio,
    lengthS: input.length_s,
    template: { id: template.id, version: template.version.version, layouts: template.version.layouts },
    voiceId: input.voice_id,
    captions: input.captions && input.voice_id !== null,
    musicTrackId: input.music ? musicFor(template.version.music.mood) : null,
    musicVolume: template.version.music.volume,
  });
  const body = placePictures(composed, template.version.layouts, extra.pictures ?? []);
  assertOwnMedia(body, { ownerId: uid, template: template.version });
  const at = now.toISOString();
  const settings: VideoSettings & { aspect_ratio: CompositionRatio; product_id?: string } = {
    brief: input.brief,
    length_s: input.length_s,
    model_id: input.model_id,
    model_label: written.modelLabel,
    provider: model.provider,
    preview: written.preview,
    notice: written.notice,
    repairs: written.repairs.slice(0, 50),
    credits_spent: 0,
    render: null,
    files: null,
    duplicated_from: null,
    aspect_ratio: input.aspect_ratio,
    ...(extra.productId ? { product_id: extra.productId } : {}),
  };
  const batch = deps.db.batch();
  const created: ContentDoc = {
    owner_id: uid,
    kind: "video",
    title: body.title,
    status: "draft",
    visibility: "private",
    settings: settings as unknown as Record<string, unknown>,
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  };
  batch.create(ref, created);
  logContentChange(deps.db, batch, { id: ref.id, action: "create", before: null, after: created });
  batch.create(deps.db.collection(compositions).doc(ref.id), { ...body, created_at: at, updated_at: at });
  batch.create(deps.db.collection(compositionRevisions).doc(revisionId(ref.id, 0)), { content_id: ref.id, owner_id: uid, revision: 0, body, saved_at: at });
  await batch.commit();
  if (input.render_now) return requestRender(deps, uid, ref.id);
  return getVideo(deps, uid, ref.id);
}

// ---------------------------------------------------------------- edit

/** `internal.brand`: a brand snapshot set by lib/brand (never from the request body: it names blob keys). */
export async function editVideo(deps: VideoDeps, uid: string, id: string, raw: unknown, internal: { brand?: CompositionBody["brand"] } = {}): Promise<VideoView> {
  const parsed = editVideoInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That edit is not valid.");
  const edit = parsed.data;
  const library = edit.template_id ? await loadWriterLibrary(deps) : null;
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    const comp = await tx.get(deps.db.collection(compositions).doc(id));
    if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "video" || !comp) throw new ApiError("not_found", "There is no such video.");
    if (isRendering(settingsOf(snap.data))) throw new ApiError("conflict", "This video is rendering. Edit it when the render has finished, or cancel the render.", { issues: [{ path: "state", message: "rendering" }] });
    const body = migrateComposition(comp.data);
    if (body.revision !== edit.revision) {
      throw new ApiError("conflict", `This video changed since you opened it (revision ${body.revision}, yours ${edit.revision}). Reload to get the latest version.`, { issues: [{ path: "revision", message: "revision_conflict" }] });
    }
    let next: CompositionBody = { ...body };
    if (edit.title !== undefined) next.title = edit.title;
    if (edit.aspect_ratio) next.aspect_ratio = edit.aspect_ratio;
    if (edit.audio) {
      assertVoice(edit.audio.voice_id);
      if (edit.audio.music.track_id) {
        try {
          findMusicTrack(edit.audio.music.track_id);
        } catch {
          throw new ApiError("unprocessable_entity", `There is no music track called "${edit.audio.music.track_id}".`, { issues: [{ path: "audio.music.track_id", message: "unknown track" }] });
        }
      }
      next.audio = edit.audio;
    }
    let version: TemplateVersionDoc | null = await getTemplateVersion(deps.db, next.template.id, next.template.version);
    let layouts = version?.layouts ?? [];
    if (edit.template_id && edit.template_id !== body.template.id) {
      const t = library!.templates.find((x) => x.id === edit.template_id);
      if (!t) throw new ApiError("unprocessable_entity", `There is no template called "${edit.template_id}".`, { issues: [{ path: "template_id", message: "unknown template" }] });
      next.template = { id: t.id, version: t.current_version };
      version = t.version;
      layouts = t.version.layouts;
      next.scenes = retemplate(edit.scenes ?? body.scenes, layouts);
    } else if (edit.scenes) {
      const known = new Map(body.scenes.map((s) => [s.id, s]));
      next.scenes = edit.scenes.map((s, i) => {
        if (!layouts.some((l) => l.id === s.layout_id)) {
          throw new ApiError("unprocessable_entity", `Scene ${i + 1}: the template has no layout "${s.layout_id}".`, { issues: [{ path: `scenes.${i}.layout_id`, message: "unknown layout" }] });
        }
        // Keep the generated narration audio: the worker redoes it only when the text or voice changed.
        const voice = known.get(s.id)?.voice;
        return voice ? { ...s, voice } : s;
      });
    }
    if (internal.brand !== undefined) next.brand = internal.brand;
    // Whatever branch built it (scenes, template switch, restore, brand), every key the video will hold is checked.
    assertOwnMedia(next, { ownerId: uid, template: version });
    next.revision = body.revision + 1;
    const checked = compositionBodySchema.safeParse(next);
    if (!checked.success) throw ApiError.fromZod(checked.error, "That edit would make the video invalid.");
    next = checked.data;
    tx.set(deps.db.collection(compositions).doc(id), { ...next, created_at: comp.data.created_at, updated_at: at });
    tx.set(deps.db.collection(compositionRevisions).doc(revisionId(id, next.revision)), { content_id: id, owner_id: uid, revision: next.revision, body: next, saved_at: at });
    const patch = { title: next.title, settings: { ...snap.data.settings, aspect_ratio: next.aspect_ratio }, updated_at: at };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, { id, action: internal.brand !== undefined ? "apply_brand" : "update", before: snap.data, after: patch, composition: { before: body, after: next } });
  });
  return getVideo(deps, uid, id);
}

// ---------------------------------------------------------------- render

export function renderQualityFor(maxResolution: number): "720p" | "1080p" {
  return maxResolution >= 1080 ? "1080p" : "720p";
}

export interface RenderRequestOptions {
  /**
   * Already paid elsewhere (a bulk batch reserves its items' credits up front and
   * refunds them itself): no debit here, and the caller holds the user's job slot,
   * so the per-user cap is not checked again.
   */
  prepaid?: { credits: number };
}

export async function requestRender(deps: VideoDeps, uid: string, id: string, opts: RenderRequestOptions = {}): Promise<VideoView> {
  const { body } = await ownedVideo(deps.db, uid, id);
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const jobRef = deps.db.collection(jobs).doc();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such video.");
    const s = settingsOf(snap.data);
    if (isRendering(s)) throw new ApiError("conflict", "This video is already rendering.");
    const seconds = estimateSeconds(body);
    const check = await assertWithinPlan(tx, { db: deps.db, uid, kind: "video", seconds, ...(opts.prepaid ? { maxActiveJobs: Number.MAX_SAFE_INTEGER } : {}) });
    const quality = renderQualityFor(check.limits.maxResolution);
    const cost = opts.prepaid ? opts.prepaid.credits : videoCost({ seconds, provider: s.provider });
    if (!opts.prepaid) {
      const stage = await prepareDebit(tx, { db: deps.db, uid, amount: cost, reason: `video.render: ${Math.round(seconds)} s, ${s.model_label}`, ref: { jobId: jobRef.id, contentId: id }, now });
      stage();
    }
    const render: RenderState = {
      job_id: jobRef.id,
      state: "queued",
      stage: "queued",
      progress: 0,
      frames: null,
      error: null,
      revision: body.revision,
      credits: cost,
      refunded: false,
      quality,
      watermark: check.limits.watermark ? "Made with Promptframe" : null,
      started_at: at,
    };
    tx.create(jobRef, {
      type: VIDEO_RENDER_JOB,
      owner_id: uid,
      content_id: id,
      state: "queued",
      progress: 0,
      attempts: 0,
      max_attempts: VIDEO_JOB_MAX_ATTEMPTS,
      error: null,
      worker_id: null,
      lease_expires_at: null,
      input: { revision: body.revision, credits: cost, quality, watermark: render.watermark },
      created_at: at,
      updated_at: at,
    });
    const patch = { status: s.files ? ("ready" as const) : ("queued" as const), error: null, settings: { ...snap.data.settings, render, credits_spent: s.credits_spent + cost }, updated_at: at };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, { id, action: "render", before: snap.data, after: patch });
  });
  return getVideo(deps, uid, id);
}

/** The length a render will have: the scenes' lengths, or their narration when that is longer. */
export function estimateSeconds(body: CompositionBody): number {
  const fixed = body.scenes.reduce((sum, s) => sum + (s.duration_ms ?? 2500), 0) / 1000;
  const voiced = body.scenes.reduce((sum, s) => sum + (s.voice?.duration_ms ?? 0), 0) / 1000;
  return Math.max(1, Math.round(Math.max(fixed, voiced)));
}

export async function cancelRender(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  await ownedVideo(deps.db, uid, id);
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    if (!snap) throw new ApiError("not_found", "There is no such video.");
    const s = settingsOf(snap.data);
    if (!s.render || !isRendering(s)) throw new ApiError("conflict", "This video is not rendering.");
    const jobRef = deps.db.collection(jobs).doc(s.render.job_id);
    const job = await tx.get(jobRef);
    const stageRefund = await prepareRefund(tx, { db: deps.db, uid, jobId: s.render.job_id, reason: "video.render cancelled", contentId: id, now });
    stageRefund();
    if (job && (job.data.state === "queued" || job.data.state === "running")) {
      tx.update(jobRef, { state: "cancelled", error: "cancelled by the user", worker_id: null, lease_expires_at: null, updated_at: at });
    }
    const render: RenderState = { ...s.render, state: "cancelled", error: null, refunded: true };
    const patch = { status: s.files ? ("ready" as const) : ("draft" as const), settings: { ...snap.data.settings, render, credits_spent: Math.max(0, s.credits_spent - s.render.credits) }, updated_at: at };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, { id, action: "cancel", before: snap.data, after: patch });
  });
  return getVideo(deps, uid, id);
}

// ---------------------------------------------------------------- duplicate, share, delete

export async function duplicateVideo(deps: VideoDeps, uid: string, id: string): Promise<VideoView> {
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  // A copy holds the same keys: one planted before this check existed is not copied.
  assertOwnMedia(body, { ownerId: uid, template: await getTemplateVersion(deps.db, body.template.id, body.template.version) });
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const ref = deps.db.collection(content).doc();
  const title = `${body.title} (copy)`.slice(0, 200);
  const copy: CompositionBody = { ...body, title, revision: 0 };
  const settings = { ...doc.settings, render: null, files: null, credits_spent: 0, duplicated_from: id } as Record<string, unknown>;
  const batch = deps.db.batch();
  const created: ContentDoc = { owner_id: uid, kind: "video", title, status: "draft", visibility: "private", settings, blobs: { original: null, thumbnail: null, poster: null }, error: null, created_at: at, updated_at: at };
  batch.create(ref, created);
  logContentChange(deps.db, batch, { id: ref.id, action: "create", before: null, after: created });
  batch.create(deps.db.collection(compositions).doc(ref.id), { ...copy, created_at: at, updated_at: at });
  batch.create(deps.db.collection(compositionRevisions).doc(revisionId(ref.id, 0)), { content_id: ref.id, owner_id: uid, revision: 0, body: copy, saved_at: at });
  await batch.commit();
  return getVideo(deps, uid, ref.id);
}

export async function shareVideo(deps: VideoDeps, uid: string, id: string, raw: unknown): Promise<VideoView> {
  const parsed = shareInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Send { public: true } or { public: false }.");
  const { doc } = await ownedVideo(deps.db, uid, id);
  if (parsed.data.public && !settingsOf(doc).files) throw new ApiError("conflict", "Render the video before sharing it: there is nothing to watch yet.");
  const patch = { visibility: parsed.data.public ? ("public" as const) : ("private" as const), updated_at: (deps.now ?? (() => new Date()))().toISOString() };
  const batch = deps.db.batch();
  batch.update(deps.db.collection(content).doc(id), patch);
  logContentChange(deps.db, batch, { id, action: parsed.data.public ? "share" : "unshare", before: doc, after: patch });
  await batch.commit();
  refreshPublicViews([id]);
  return getVideo(deps, uid, id);
}

export async function deleteVideo(deps: VideoDeps, uid: string, id: string): Promise<void> {
  const { doc } = await ownedVideo(deps.db, uid, id);
  const s = settingsOf(doc);
  if (s.render && isRendering(s)) await cancelRender(deps, uid, id).catch(() => undefined);
  const revisions = await deps.db.collection(compositionRevisions).where("content_id", "==", id).get();
  const latest = (await deps.db.collection(content).doc(id).get())?.data ?? doc;
  const batch = deps.db.batch();
  batch.delete(deps.db.collection(content).doc(id));
  logContentChange(deps.db, batch, { id, action: "delete", before: latest, after: null });
  batch.delete(deps.db.collection(compositions).doc(id));
  for (const r of revisions) if (r.data.owner_id === uid) batch.delete(deps.db.collection(compositionRevisions).doc(r.id));
  await batch.commit();
  refreshPublicViews([id]);
  // Files last: a failure here leaves orphans, never a video pointing at missing files.
  for (const b of await deps.store.list(`videos/${uid}/${id}/`)) await deps.store.delete(b.key).catch(() => undefined);
}

// ---------------------------------------------------------------- revisions

export async function listRevisions(deps: VideoDeps, uid: string, id: string): Promise<RevisionSummary[]> {
  const { doc } = await ownedVideo(deps.db, uid, id);
  const rendered = settingsOf(doc).files?.revision ?? null;
  const rows = await deps.db.collection(compositionRevisions).where("content_id", "==", id).orderBy("revision", "desc").limit(50).get();
  return rows
    .filter((r) => r.data.owner_id === uid)
    .map((r) => ({ revision: r.data.revision, saved_at: r.data.saved_at, title: r.data.body.title, scenes: r.data.body.scenes.length, rendered: r.data.revision === rendered }));
}

export async function restoreRevision(deps: VideoDeps, uid: string, id: string, revision: number): Promise<VideoView> {
  const { body } = await ownedVideo(deps.db, uid, id);
  const snap = Number.isInteger(revision) && revision >= 0 ? await deps.db.collection(compositionRevisions).doc(revisionId(id, revision)).get() : null;
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", `There is no revision ${revision} of this video.`);
  const old = snap.data.body;
  return editVideo(deps, uid, id, {
    revision: body.revision,
    title: old.title,
    aspect_ratio: old.aspect_ratio,
    audio: old.audio,
    scenes: old.scenes.map(({ voice: _voice, ...s }) => s),
    ...(old.template.id !== body.template.id ? { template_id: old.template.id } : {}),
  });
}

// ---------------------------------------------------------------- helpers for other modules

export async function readOwnedComposition(db: Db, uid: string, id: string): Promise<{ doc: ContentDoc; body: CompositionBody }> {
  return ownedVideo(db, uid, id);
}

export function canvasFor(body: CompositionBody, quality: "720p" | "1080p") {
  return canvasSize(body.aspect_ratio, quality);
}

export type { CompositionDoc };
