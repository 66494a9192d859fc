import "server-only";
/**
 * Designs: a composition (kind design) rendered as stills. Create from a
 * template and layout with sample content, from one of my products, or from
 * a video's scene; read, edit with revisions (409 on a stale one), delete,
 * duplicate, resize into the other ratios (one new design per ratio, all in
 * one resize set) and share. Exports are in export.ts, the render job in
 * worker.ts. Every function checks ownership and answers a typed ApiError.
 *
 * Stored like a video: `content` (kind design: the list/status record, the
 * export state and files in `settings`), `compositions/{id}`, and
 * `composition_revisions`.
 */
import { ApiError } from "@/lib/api/errors";
import { signedUrlTtl } from "@/lib/images/present-image";
import { compositions, templates } from "@/lib/composition/collections";
import { COMPOSITION_SCHEMA_VERSION, DEFAULT_AUDIO, compositionBodySchema, type CompositionBody, type Scene, type SlotValue } from "@/lib/composition/composition-schema";
import type { LayoutSnapshot } from "@/lib/composition/layout-schema";
import { getTemplateVersion, listLiveTemplates } from "@/lib/composition/library";
import { assertOwnMedia, withoutForeignMedia } from "@/lib/composition/media-access";
import { migrateComposition } from "@/lib/composition/migrations";
import { COMPOSITION_RATIOS, sizeForWidth, type CompositionRatio } from "@/lib/composition/ratios";
import type { RenderProps } from "@/lib/composition/render-props";
import { resolveRenderProps } from "@/lib/composition/resolve";
import { ensureSampleMedia } from "@/lib/composition/sample-media";
import { sampleValues } from "@/lib/composition/starter";
import { assets, content, users, type ContentDoc } from "@/lib/db/collections";
import type { Db } from "@/lib/db/db";
import { logContentChange } from "@/lib/update-log/content";
import { products } from "@/lib/products/collections";
import { refreshPublicViews } from "@/lib/public-views/refresh";
import type { BlobStore } from "@/lib/storage/types";
import { retemplate } from "@/lib/video/compose";
import { compositionRevisions, revisionId } from "@/lib/video/collections";
import { sceneImageInputSchema } from "@/lib/video/contract";
import { randomId } from "@/lib/video/ids";
import { scenesWithPicture } from "@/lib/video/media";
import { scenePicturePrice, withScenePictureCharge } from "@/lib/video/scene-picture";
import { createDesignInputSchema, DESIGN_EXPORT_COST, editDesignInputSchema, resizeDesignInputSchema, type DesignFormat, type DesignOptions, type DesignView, type ExportStatusView, type ResizeSibling } from "./contract";
import { formatPrice, productLayout, productValues, type ProductFacts } from "./fill";

export const DESIGN_RENDER_JOB = "design.render";
export const DESIGN_JOB_TYPES = [DESIGN_RENDER_JOB] as const;
const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Long enough for every entrance to finish before the still frame. */
const PAGE_MS = 3000;
const PREVIEW_WIDTH = 480;

export interface DesignDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
  /** Makes sure the starter library is in the store (seeded once per process). */
  ready?: () => Promise<void>;
}

export interface DesignExportState {
  job_id: string;
  state: ExportStatusView["state"];
  format: DesignFormat;
  quality: number | null;
  progress: number;
  pages: { rendered: number; total: number };
  error: string | null;
  revision: number;
  credits: number;
  refunded: boolean;
  quality_tier: "720p" | "1080p";
  watermark: string | null;
  started_at: string;
}

export interface DesignFilesState {
  format: DesignFormat;
  quality: number | null;
  revision: number;
  pages: { key: string; width: number; height: number; size_bytes: number }[];
  thumbnail_key: string;
  rendered_at: string;
}

/** What `content.settings` holds for a design. */
export interface DesignSettings {
  aspect_ratio: CompositionRatio;
  product_id: string | null;
  from_video: { content_id: string; scene_id: string } | null;
  /** The design this one was resized from (null for an original). */
  resize_of: string | null;
  /** The resize set: the original's id; every resize of it (and of its resizes) shares it. */
  resize_set: string;
  duplicated_from: string | null;
  credits_spent: number;
  export: DesignExportState | null;
  files: DesignFilesState | null;
}

export function designSettingsOf(doc: ContentDoc): DesignSettings {
  return doc.settings as unknown as DesignSettings;
}

export function isExporting(s: DesignSettings): boolean {
  // Read defensively: a damaged or hand-made document may lack the field.
  const state = s.export?.state;
  return state === "queued" || state === "running";
}

const nowOf = (deps: DesignDeps) => (deps.now ?? (() => new Date()))();

// ---------------------------------------------------------------- reading

export async function ownedDesign(db: Db, uid: string, id: string): Promise<{ doc: ContentDoc; body: CompositionBody }> {
  if (!ID.test(id)) throw new ApiError("not_found", "There is no such design.");
  const [snap, comp] = await Promise.all([db.collection(content).doc(id).get(), db.collection(compositions).doc(id).get()]);
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design") throw new ApiError("not_found", "There is no such design.");
  if (!comp) throw new ApiError("unprocessable_entity", "This design's document is damaged and cannot be opened. Duplicate or delete it.");
  try {
    return { doc: snap.data, body: migrateComposition(comp.data) };
  } catch {
    throw new ApiError("unprocessable_entity", "This design's document is damaged and cannot be opened. Delete it.");
  }
}

function statusOf(doc: ContentDoc): DesignView["status"] {
  const s = designSettingsOf(doc);
  if (isExporting(s)) return "exporting";
  if (s.files) return "ready";
  return s.export?.state === "failed" ? "failed" : "draft";
}

async function signed(store: BlobStore, key: string | null | undefined, now: Date): Promise<string | null> {
  return key ? store.signedUrl(key, { expiresInSeconds: signedUrlTtl(now) }) : null;
}

export function downloadPath(id: string, format: DesignFormat, page?: number): string {
  return `/api/v1/designs/${encodeURIComponent(id)}/download?format=${format}${page ? `&page=${page}` : ""}`;
}

async function siblingsOf(deps: DesignDeps, uid: string, set: string, now: Date): Promise<ResizeSibling[]> {
  const rows = await deps.db.collection(content).where("owner_id", "==", uid).where("settings.resize_set" as keyof ContentDoc & string, "==", set as never).orderBy("created_at", "desc").limit(40).get();
  const out: ResizeSibling[] = [];
  for (const r of rows) {
    if (r.data.kind !== "design") continue;
    const s = designSettingsOf(r.data);
    out.push({ id: r.id, title: r.data.title, aspect_ratio: s.aspect_ratio, thumbnail_url: await signed(deps.store, r.data.blobs.thumbnail, now) });
  }
  // Oldest first: the original, then its resizes in the order they were made.
  return out.reverse();
}

export async function toDesignView(deps: DesignDeps, id: string, doc: ContentDoc, body: CompositionBody): Promise<DesignView> {
  const now = nowOf(deps);
  const s = designSettingsOf(doc);
  const t = await deps.db.collection(templates).doc(body.template.id).get();
  const e = s.export;
  return {
    id,
    kind: "design",
    title: doc.title,
    status: statusOf(doc),
    visibility: doc.visibility,
    aspect_ratio: body.aspect_ratio,
    revision: body.revision,
    composition: body,
    template: { id: body.template.id, name: t?.data.name ?? body.template.id, version: body.template.version },
    export: e ? { job_id: e.job_id, state: e.state, format: e.format, progress: e.progress, pages: e.pages, error: e.error, revision: e.revision, credits: e.credits, refunded: e.refunded } : null,
    files: s.files
      ? {
          format: s.files.format,
          quality: s.files.quality,
          revision: s.files.revision,
          pages: await Promise.all(s.files.pages.map(async (p) => ({ url: (await signed(deps.store, p.key, now))!, width: p.width, height: p.height, size_bytes: p.size_bytes }))),
          download_url: downloadPath(id, s.files.format),
          rendered_at: s.files.rendered_at,
        }
      : null,
    thumbnail_url: await signed(deps.store, doc.blobs.thumbnail, now),
    resize: { set_id: s.resize_set, resized_from: s.resize_of, siblings: await siblingsOf(deps, doc.owner_id, s.resize_set, now) },
    product_id: s.product_id,
    from_video: s.from_video,
    credits_spent: s.credits_spent,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export async function getDesign(deps: DesignDeps, uid: string, id: string): Promise<DesignView> {
  const { doc, body } = await ownedDesign(deps.db, uid, id);
  return toDesignView(deps, id, doc, body);
}

/** Player props of the stored design (signed URLs), for the editor's still preview. */
export async function designPlayerProps(deps: DesignDeps, uid: string, id: string): Promise<{ props: RenderProps; revision: number }> {
  const { body: stored } = await ownedDesign(deps.db, uid, id);
  const version = await getTemplateVersion(deps.db, stored.template.id, stored.template.version);
  if (!version) throw new ApiError("unprocessable_entity", "This design's template version is missing; switch it to another template.");
  // A foreign key that reached the store (written before the check existed, or by hand) is never signed.
  const body = withoutForeignMedia(stored, { ownerId: uid, template: version }, `player of design ${id}`);
  if (body.scenes.some((s) => Object.values(s.values).some((v) => v.type === "media" && v.key.startsWith("samples/")))) await ensureSampleMedia(deps.store);
  const ttl = signedUrlTtl();
  const urls = new Map<string, string>();
  for (const s of body.scenes) for (const v of Object.values(s.values)) if (v.type === "media" && !urls.has(v.key)) urls.set(v.key, await deps.store.signedUrl(v.key, { expiresInSeconds: ttl }));
  const props = resolveRenderProps({ composition: body, templateVersion: version, mediaUrl: (k) => urls.get(k) ?? "", size: sizeForWidth(body.aspect_ratio, PREVIEW_WIDTH), estimateMissingNarration: false });
  return { props, revision: body.revision };
}

// ---------------------------------------------------------------- create

interface Picked {
  template: { id: string; version: number; name: string };
  layouts: LayoutSnapshot[];
}

async function pickTemplate(deps: DesignDeps, templateId: string | undefined, forProduct: boolean): Promise<Picked> {
  await deps.ready?.();
  const live = await listLiveTemplates(deps.db);
  if (templateId) {
    const t = live.find((x) => x.id === templateId);
    if (!t) throw new ApiError("unprocessable_entity", `There is no template called "${templateId}". Pick one from the gallery.`, { issues: [{ path: "template_id", message: "unknown template" }] });
    const v = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (!v) throw new ApiError("unprocessable_entity", `The template "${t.name}" cannot be used right now.`, { issues: [{ path: "template_id", message: "template version missing" }] });
    return { template: { id: t.id, version: t.current_version, name: t.name }, layouts: v.layouts };
  }
  for (const t of live) {
    const v = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (v && v.layouts.length > 0 && (!forProduct || v.layouts.some((l) => l.slots.some((s) => s.role === "price")))) {
      return { template: { id: t.id, version: t.current_version, name: t.name }, layouts: v.layouts };
    }
  }
  throw new ApiError("service_unavailable", "No template is available yet. Try again in a moment.");
}

function pickLayout(p: Picked, layoutId: string | undefined, forProduct: boolean): LayoutSnapshot {
  if (layoutId) {
    const l = p.layouts.find((x) => x.id === layoutId);
    if (!l) throw new ApiError("unprocessable_entity", `The template "${p.template.name}" has no layout "${layoutId}".`, { issues: [{ path: "layout_id", message: "unknown layout" }] });
    return l;
  }
  return (forProduct ? productLayout(p.layouts) : p.layouts[0])!;
}

async function productFacts(deps: DesignDeps, uid: string, productId: string): Promise<ProductFacts & { id: string }> {
  const snap = ID.test(productId) ? await deps.db.collection(products).doc(productId).get() : null;
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("unprocessable_entity", "There is no such product among yours.", { issues: [{ path: "product_id", message: "unknown product" }] });
  const p = snap.data;
  let picture: ProductFacts["picture"] = null;
  for (const assetId of p.image_asset_ids) {
    const a = ID.test(assetId) ? await deps.db.collection(assets).doc(assetId).get() : null;
    if (a && a.data.owner_id === uid && a.data.content_type.startsWith("image/")) {
      picture = { key: a.data.storage_key, media_type: a.data.content_type, asset_id: assetId };
      break;
    }
  }
  return { id: productId, name: p.name, description: p.description, price_amount: p.price_amount, currency: p.currency, brand: p.brand, points: p.points, link: p.link, picture };
}

function page(layoutId: string, values: Record<string, SlotValue>): Scene {
  return { id: randomId(), layout_id: layoutId, values, narration: "", duration_ms: PAGE_MS };
}

function designBody(a: { uid: string; title: string; ratio: CompositionRatio; template: { id: string; version: number }; scenes: Scene[] }): CompositionBody {
  const checked = compositionBodySchema.safeParse({
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: a.uid,
    kind: "design",
    title: a.title.slice(0, 200),
    aspect_ratio: a.ratio,
    template: a.template,
    scenes: a.scenes,
    audio: { ...DEFAULT_AUDIO, captions: false },
    brand: null,
    revision: 0,
  });
  if (!checked.success) throw ApiError.fromZod(checked.error, "That design would not be valid.");
  return checked.data;
}

function newSettings(over: Partial<DesignSettings> & Pick<DesignSettings, "aspect_ratio" | "resize_set">): DesignSettings {
  return { product_id: null, from_video: null, resize_of: null, duplicated_from: null, credits_spent: 0, export: null, files: null, ...over };
}

/** 422 unless every key in `body` may appear in a design of `uid` (lib/composition/media-access.ts); checked before any copy is made. */
async function assertDesignMedia(db: Db, uid: string, body: Pick<CompositionBody, "template" | "scenes" | "brand">): Promise<void> {
  assertOwnMedia(body, { ownerId: uid, template: await getTemplateVersion(db, body.template.id, body.template.version) }, "Page");
}

/**
 * Pictures a new design shares with the item it was made from (a video's
 * scene pictures, a design's generated ones) are copied under the new
 * design's own prefix: deleting the source removes its files, and the copy
 * must keep showing. Shared samples and my assets and images stay shared.
 */
async function ownMedia(deps: DesignDeps, uid: string, newId: string, scenes: readonly Scene[]): Promise<Scene[]> {
  const copied = new Map<string, string>();
  const own = (key: string) => key.startsWith(`videos/${uid}/`) || key.startsWith(`designs/${uid}/`);
  const out: Scene[] = [];
  for (const scene of scenes) {
    const values: Record<string, SlotValue> = {};
    for (const [slot, v] of Object.entries(scene.values)) {
      if (v.type !== "media" || !own(v.key)) {
        values[slot] = v;
        continue;
      }
      let key = copied.get(v.key);
      if (!key) {
        const got = await deps.store.get(v.key);
        if (!got) {
          values[slot] = { type: "none" };
          continue;
        }
        key = `designs/${uid}/${newId}/media/${v.key.split("/").pop()}`;
        await deps.store.put(key, got.body, { allowedTypes: [got.info.contentType] });
        copied.set(v.key, key);
      }
      values[slot] = { ...v, key };
    }
    out.push({ ...scene, values });
  }
  return out;
}

/** Writes a new design (content + composition + revision 0) in one batch. */
async function insertDesign(deps: DesignDeps, uid: string, body: CompositionBody, settings: (id: string) => DesignSettings, id?: string): Promise<string> {
  const at = nowOf(deps).toISOString();
  const ref = id ? deps.db.collection(content).doc(id) : deps.db.collection(content).doc();
  const batch = deps.db.batch();
  const doc: ContentDoc = {
    owner_id: uid,
    kind: "design",
    title: body.title,
    status: "draft",
    visibility: "private",
    settings: settings(ref.id) as unknown as Record<string, unknown>,
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  };
  batch.create(ref, doc);
  logContentChange(deps.db, batch, { id: ref.id, action: "create", before: null, after: doc });
  batch.create(deps.db.collection(compositions).doc(ref.id), { ...body, created_at: at, updated_at: at });
  batch.create(deps.db.collection(compositionRevisions).doc(revisionId(ref.id, 0)), { content_id: ref.id, owner_id: uid, revision: 0, body, saved_at: at });
  await batch.commit();
  return ref.id;
}

export async function createDesign(deps: DesignDeps, uid: string, raw: unknown): Promise<DesignView> {
  const parsed = createDesignInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those design settings are not valid.");
  const input = parsed.data;

  if (input.from_video) {
    const { content_id, scene_id } = input.from_video;
    const video = ID.test(content_id) ? await deps.db.collection(content).doc(content_id).get() : null;
    const comp = video ? await deps.db.collection(compositions).doc(content_id).get() : null;
    if (!video || !comp || video.data.owner_id !== uid || video.data.kind !== "video") {
      throw new ApiError("unprocessable_entity", "There is no such video among yours.", { issues: [{ path: "from_video.content_id", message: "unknown video" }] });
    }
    const vbody = migrateComposition(comp.data);
    const scene = vbody.scenes.find((s) => s.id === scene_id);
    if (!scene) throw new ApiError("unprocessable_entity", "That video has no such scene.", { issues: [{ path: "from_video.scene_id", message: "unknown scene" }] });
    const index = vbody.scenes.indexOf(scene) + 1;
    await assertDesignMedia(deps.db, uid, { template: vbody.template, scenes: [page(scene.layout_id, scene.values)], brand: null });
    const newId = deps.db.collection(content).doc().id;
    const body = designBody({
      uid,
      title: input.title ?? `${vbody.title} – scene ${index}`,
      ratio: vbody.aspect_ratio,
      template: vbody.template,
      scenes: await ownMedia(deps, uid, newId, [page(scene.layout_id, scene.values)]),
    });
    const id = await insertDesign(deps, uid, body, (own) => newSettings({ aspect_ratio: body.aspect_ratio, resize_set: own, from_video: { content_id, scene_id } }), newId);
    return getDesign(deps, uid, id);
  }

  const product = input.product_id ? await productFacts(deps, uid, input.product_id) : null;
  const picked = await pickTemplate(deps, input.template_id, product !== null);
  const layout = pickLayout(picked, input.layout_id, product !== null);
  let values: Record<string, SlotValue>;
  if (product) values = productValues(layout, product);
  else {
    await ensureSampleMedia(deps.store);
    values = sampleValues(layout);
  }
  const body = designBody({
    uid,
    title: input.title ?? (product ? product.name : `${picked.template.name} design`),
    ratio: input.aspect_ratio,
    template: { id: picked.template.id, version: picked.template.version },
    scenes: [page(layout.id, values)],
  });
  await assertDesignMedia(deps.db, uid, body);
  const id = await insertDesign(deps, uid, body, (own) => newSettings({ aspect_ratio: body.aspect_ratio, resize_set: own, product_id: product?.id ?? null }));
  return getDesign(deps, uid, id);
}

// ---------------------------------------------------------------- edit

export async function editDesign(deps: DesignDeps, uid: string, id: string, raw: unknown): Promise<DesignView> {
  const parsed = editDesignInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That edit is not valid.");
  const edit = parsed.data;
  let switchTo: Picked | null = null;
  if (edit.template_id) switchTo = await pickTemplate(deps, edit.template_id, false);
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    const comp = await tx.get(deps.db.collection(compositions).doc(id));
    if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design" || !comp) throw new ApiError("not_found", "There is no such design.");
    if (isExporting(designSettingsOf(snap.data))) throw new ApiError("conflict", "This design is exporting. Edit it when the export has finished.", { issues: [{ path: "state", message: "rendering" }] });
    const body = migrateComposition(comp.data);
    if (body.revision !== edit.revision) {
      throw new ApiError("conflict", `This design changed since you opened it (revision ${body.revision}, yours ${edit.revision}). Reload to get the latest version.`, { issues: [{ path: "revision", message: "revision_conflict" }] });
    }
    let next: CompositionBody = { ...body };
    if (edit.title !== undefined) next.title = edit.title;
    const scenes = (edit.scenes ?? body.scenes).map((s) => ({ ...s, narration: "", duration_ms: PAGE_MS }));
    if (switchTo && switchTo.template.id !== body.template.id) {
      next.template = { id: switchTo.template.id, version: switchTo.template.version };
      next.scenes = retemplate(scenes, switchTo.layouts);
    } else {
      const layouts = (await getTemplateVersion(deps.db, body.template.id, body.template.version))?.layouts ?? [];
      for (const [i, s] of scenes.entries()) {
        if (!layouts.some((l) => l.id === s.layout_id)) {
          throw new ApiError("unprocessable_entity", `Page ${i + 1}: the template has no layout "${s.layout_id}".`, { issues: [{ path: `scenes.${i}.layout_id`, message: "unknown layout" }] });
        }
      }
      next.scenes = scenes;
    }
    // With or without a template switch, every key the design will hold is checked.
    assertOwnMedia(next, { ownerId: uid, template: await getTemplateVersion(deps.db, next.template.id, next.template.version) }, "Page");
    next.revision = body.revision + 1;
    const checked = compositionBodySchema.safeParse(next);
    if (!checked.success) throw ApiError.fromZod(checked.error, "That edit would make the design invalid.");
    next = checked.data;
    tx.set(deps.db.collection(compositions).doc(id), { ...next, created_at: comp.data.created_at, updated_at: at });
    tx.set(deps.db.collection(compositionRevisions).doc(revisionId(id, next.revision)), { content_id: id, owner_id: uid, revision: next.revision, body: next, saved_at: at });
    tx.update(deps.db.collection(content).doc(id), { title: next.title, updated_at: at });
    logContentChange(deps.db, tx, { id, action: "update", before: snap.data, after: { title: next.title, updated_at: at }, composition: { before: body, after: next } });
  });
  return getDesign(deps, uid, id);
}

// ---------------------------------------------------------------- duplicate, resize, share, delete

export async function duplicateDesign(deps: DesignDeps, uid: string, id: string): Promise<DesignView> {
  const { doc, body } = await ownedDesign(deps.db, uid, id);
  const s = designSettingsOf(doc);
  await assertDesignMedia(deps.db, uid, body);
  const ref = deps.db.collection(content).doc();
  const copy = { ...body, title: `${body.title} (copy)`.slice(0, 200), scenes: await ownMedia(deps, uid, ref.id, body.scenes), revision: 0 };
  const newId = await insertDesign(deps, uid, copy, (own) => newSettings({ aspect_ratio: body.aspect_ratio, resize_set: own, product_id: s.product_id, from_video: s.from_video, duplicated_from: id }), ref.id);
  return getDesign(deps, uid, newId);
}

/** Canva-style Resize: one new design per ratio asked, same pages and template, linked to this one's resize set. */
export async function resizeDesign(deps: DesignDeps, uid: string, id: string, raw: unknown): Promise<DesignView[]> {
  const parsed = resizeDesignInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Pick the sizes to make.");
  const { doc, body } = await ownedDesign(deps.db, uid, id);
  const ratios = parsed.data.aspect_ratios;
  const own = ratios.indexOf(body.aspect_ratio);
  if (own >= 0) throw new ApiError("unprocessable_entity", `This design is already ${body.aspect_ratio}: pick the other sizes.`, { issues: [{ path: `aspect_ratios.${own}`, message: "same ratio" }] });
  const s = designSettingsOf(doc);
  await assertDesignMedia(deps.db, uid, body);
  const at = nowOf(deps).toISOString();
  const batch = deps.db.batch();
  const ids: string[] = [];
  for (const ratio of ratios) {
    const ref = deps.db.collection(content).doc();
    ids.push(ref.id);
    const copy: CompositionBody = { ...body, aspect_ratio: ratio, scenes: await ownMedia(deps, uid, ref.id, body.scenes), revision: 0 };
    const settings = newSettings({ aspect_ratio: ratio, resize_set: s.resize_set, resize_of: id, product_id: s.product_id, from_video: s.from_video });
    const created: ContentDoc = { owner_id: uid, kind: "design", title: body.title, status: "draft", visibility: "private", settings: settings as unknown as Record<string, unknown>, blobs: { original: null, thumbnail: null, poster: null }, error: null, created_at: at, updated_at: at };
    batch.create(ref, created);
    logContentChange(deps.db, batch, { id: ref.id, action: "create", before: null, after: created });
    batch.create(deps.db.collection(compositions).doc(ref.id), { ...copy, created_at: at, updated_at: at });
    batch.create(deps.db.collection(compositionRevisions).doc(revisionId(ref.id, 0)), { content_id: ref.id, owner_id: uid, revision: 0, body: copy, saved_at: at });
  }
  // All sizes or none (copied pictures of a failed batch are orphans, never missing files).
  await batch.commit();
  return Promise.all(ids.map((x) => getDesign(deps, uid, x)));
}

export async function shareDesign(deps: DesignDeps, uid: string, id: string, makePublic: boolean): Promise<DesignView> {
  const { doc } = await ownedDesign(deps.db, uid, id);
  if (makePublic && !designSettingsOf(doc).files) throw new ApiError("conflict", "Export the design before sharing it: there is no picture to show yet.");
  const patch = { visibility: makePublic ? ("public" as const) : ("private" as const), updated_at: nowOf(deps).toISOString() };
  const batch = deps.db.batch();
  batch.update(deps.db.collection(content).doc(id), patch);
  logContentChange(deps.db, batch, { id, action: makePublic ? "share" : "unshare", before: doc, after: patch });
  await batch.commit();
  refreshPublicViews([id]);
  return getDesign(deps, uid, id);
}

/** Needs only the content doc: a design whose composition is damaged or missing can still be deleted. */
export async function deleteDesign(deps: DesignDeps, uid: string, id: string): Promise<void> {
  const snap = ID.test(id) ? await deps.db.collection(content).doc(id).get() : null;
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design") throw new ApiError("not_found", "There is no such design.");
  const doc = snap.data;
  if (isExporting(designSettingsOf(doc))) throw new ApiError("conflict", "This design is exporting. Delete it when the export has finished.");
  const revisions = await deps.db.collection(compositionRevisions).where("content_id", "==", id).get();
  const batch = deps.db.batch();
  batch.delete(deps.db.collection(content).doc(id));
  logContentChange(deps.db, batch, { id, action: "delete", before: doc, after: null });
  if (await deps.db.collection(compositions).doc(id).get()) batch.delete(deps.db.collection(compositions).doc(id));
  for (const r of revisions) if (r.data.owner_id === uid) batch.delete(deps.db.collection(compositionRevisions).doc(r.id));
  await batch.commit();
  refreshPublicViews([id]);
  // Files last: a failure here leaves orphans, never a design pointing at missing files.
  // Generated page pictures are stored where scene pictures are (lib/video/media.ts).
  for (const prefix of [`designs/${uid}/${id}/`, `videos/${uid}/${id}/`]) for (const b of await deps.store.list(prefix)) await deps.store.delete(b.key).catch(() => undefined);
}

// ---------------------------------------------------------------- options, pictures

export async function designOptions(deps: DesignDeps, uid: string, productId: string | null = null): Promise<DesignOptions> {
  await deps.ready?.();
  const live = await listLiveTemplates(deps.db);
  const out: DesignOptions["templates"] = [];
  for (const t of live) {
    const v = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (!v) continue;
    out.push({
      id: t.id,
      name: t.name,
      description: t.description,
      version: t.current_version,
      colors: { background: v.style.palette.background, accent: v.style.palette.accent, text: v.style.palette.text },
      layouts: v.layouts.map((l) => ({
        id: l.id,
        name: l.name,
        slots: l.slots.map((s) => ({ id: s.id, kind: s.kind, role: s.role, label: s.label, required: s.required, max_chars: s.kind === "text" ? s.fit.maxChars : null })),
        boxes: l.boxes,
      })),
    });
  }
  const user = await deps.db.collection(users).doc(uid).get();
  let product: DesignOptions["product"] = null;
  if (productId) {
    const facts = await productFacts(deps, uid, productId).catch(() => null);
    if (facts) {
      const picture = facts.picture ? await deps.store.signedUrl(facts.picture.key, { expiresInSeconds: signedUrlTtl() }) : null;
      product = { id: facts.id, name: facts.name, price: formatPrice(facts.price_amount, facts.currency), picture_url: picture };
    }
  }
  return { templates: out, product, ratios: COMPOSITION_RATIOS, export_cost: DESIGN_EXPORT_COST, scene_picture: scenePicturePrice(), balance: user?.data.credits ?? 0 };
}

/** Sets a page's picture: generated now, or one of my images or assets (pictures only). */
export async function setDesignImage(deps: DesignDeps, uid: string, id: string, sceneId: string, raw: unknown): Promise<DesignView> {
  const parsed = sceneImageInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Say which picture to use.");
  const { body } = await ownedDesign(deps.db, uid, id);
  // A generated picture from a paid provider is debited first and refunded if the picture or the edit fails.
  return withScenePictureCharge({ db: deps.db, uid, contentId: id, input: parsed.data, noun: "page" }, async () => {
    const scenes = await scenesWithPicture(deps, { uid, id, body, sceneId, input: parsed.data, noun: "page", owner: "design", clips: false });
    return editDesign(deps, uid, id, { revision: parsed.data.revision, scenes });
  });
}
