import "server-only";
/**
 * Designs: what every use case in this folder shares (one file a use case beside it:
 * create-design.ts, edit-design.ts, resize-design.ts, ...). A design is a composition
 * (kind design) rendered as stills; exports are in ../export.ts, the render job in
 * ../worker.ts. Every use case checks ownership and answers a typed ApiError.
 *
 * Stored like a video: `content` (kind design: the list/status record, the
 * export state and files in `settings`), `compositions/{id}`, and
 * `composition_revisions`.
 *
 * Here: the job constants, the stored settings' types, the owned-design read and
 * its view, and the helpers that build and write a new design.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { compositions, templates } from "@/lib/engine/composition/collections";
import {
  COMPOSITION_SCHEMA_VERSION,
  DEFAULT_AUDIO,
  compositionBodySchema,
  type CompositionBody,
  type Scene,
  type SlotValue,
} from "@/lib/engine/composition/composition-schema";
import type { LayoutSnapshot } from "@/lib/engine/composition/layout-schema";
import { getTemplateVersion, listLiveTemplates } from "@/lib/engine/composition/library";
import { assertOwnMedia } from "@/lib/engine/composition/media-access";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { assets, content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { products } from "@/lib/creation/products/collections";
import type { BlobStore } from "@/lib/platform/storage/types";
import { randomId } from "@/lib/creation/video/ids";
import type { DesignFormat, DesignView, ExportStatusView, ResizeSibling } from "../contract";
import { productLayout, type ProductFacts } from "../fill";
import { DOC_ID } from "@/lib/platform/db/ids";
import { stageNewComposition } from "@/lib/creation/video/new-composition";

export const DESIGN_RENDER_JOB = "design.render";
export const DESIGN_JOB_TYPES = [DESIGN_RENDER_JOB] as const;
/** Long enough for every entrance to finish before the still frame. */
export const PAGE_MS = 3000;
export const PREVIEW_WIDTH = 480;

export interface DesignDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
  /** Makes sure the starter library is in the store (seeded once per process). */
  ready?: () => Promise<void>;
}

/** The export status the API shows, and what only the job needs. */
export interface DesignExportState extends ExportStatusView {
  quality: number | null;
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

export const nowOf = (deps: DesignDeps) => (deps.now ?? (() => new Date()))();

export async function ownedDesign(
  db: Db,
  uid: string,
  id: string,
): Promise<{ doc: ContentDoc; body: CompositionBody }> {
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such design.");
  const [snap, comp] = await Promise.all([
    db.collection(content).doc(id).get(),
    db.collection(compositions).doc(id).get(),
  ]);
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design")
    throw new ApiError("not_found", "There is no such design.");
  if (!comp)
    throw new ApiError(
      "unprocessable_entity",
      "This design's document is damaged and cannot be opened. Duplicate or delete it.",
    );
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
  const rows = await deps.db
    .collection(content)
    .where("owner_id", "==", uid)
    .where("settings.resize_set" as keyof ContentDoc & string, "==", set as never)
    .orderBy("created_at", "desc")
    .limit(40)
    .get();
  const out: ResizeSibling[] = [];
  for (const r of rows) {
    if (r.data.kind !== "design") continue;
    const s = designSettingsOf(r.data);
    out.push({
      id: r.id,
      title: r.data.title,
      aspect_ratio: s.aspect_ratio,
      thumbnail_url: await signed(deps.store, r.data.blobs.thumbnail, now),
    });
  }
  // Oldest first: the original, then its resizes in the order they were made.
  return out.reverse();
}

export async function toDesignView(
  deps: DesignDeps,
  id: string,
  doc: ContentDoc,
  body: CompositionBody,
): Promise<DesignView> {
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
    export: e
      ? {
          job_id: e.job_id,
          state: e.state,
          format: e.format,
          progress: e.progress,
          pages: e.pages,
          error: e.error,
          revision: e.revision,
          credits: e.credits,
          refunded: e.refunded,
        }
      : null,
    files: s.files
      ? {
          format: s.files.format,
          quality: s.files.quality,
          revision: s.files.revision,
          pages: await Promise.all(
            s.files.pages.map(async (p) => ({
              url: (await signed(deps.store, p.key, now))!,
              width: p.width,
              height: p.height,
              size_bytes: p.size_bytes,
            })),
          ),
          download_url: downloadPath(id, s.files.format),
          rendered_at: s.files.rendered_at,
        }
      : null,
    thumbnail_url: await signed(deps.store, doc.blobs.thumbnail, now),
    resize: {
      set_id: s.resize_set,
      resized_from: s.resize_of,
      siblings: await siblingsOf(deps, doc.owner_id, s.resize_set, now),
    },
    product_id: s.product_id,
    from_video: s.from_video,
    credits_spent: s.credits_spent,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export interface Picked {
  template: { id: string; version: number; name: string };
  layouts: LayoutSnapshot[];
}

export async function pickTemplate(
  deps: DesignDeps,
  templateId: string | undefined,
  forProduct: boolean,
): Promise<Picked> {
  await deps.ready?.();
  const live = await listLiveTemplates(deps.db);
  if (templateId) {
    const t = live.find((x) => x.id === templateId);
    if (!t)
      throw new ApiError(
        "unprocessable_entity",
        `There is no template called "${templateId}". Pick one from the gallery.`,
        { issues: [{ path: "template_id", message: "unknown template" }] },
      );
    const v = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (!v)
      throw new ApiError("unprocessable_entity", `The template "${t.name}" cannot be used right now.`, {
        issues: [{ path: "template_id", message: "template version missing" }],
      });
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

export function pickLayout(p: Picked, layoutId: string | undefined, forProduct: boolean): LayoutSnapshot {
  if (layoutId) {
    const l = p.layouts.find((x) => x.id === layoutId);
    if (!l)
      throw new ApiError("unprocessable_entity", `The template "${p.template.name}" has no layout "${layoutId}".`, {
        issues: [{ path: "layout_id", message: "unknown layout" }],
      });
    return l;
  }
  return (forProduct ? productLayout(p.layouts) : p.layouts[0])!;
}

export async function productFacts(
  deps: DesignDeps,
  uid: string,
  productId: string,
): Promise<ProductFacts & { id: string }> {
  const snap = DOC_ID.test(productId) ? await deps.db.collection(products).doc(productId).get() : null;
  if (!snap || snap.data.owner_id !== uid)
    throw new ApiError("unprocessable_entity", "There is no such product among yours.", {
      issues: [{ path: "product_id", message: "unknown product" }],
    });
  const p = snap.data;
  let picture: ProductFacts["picture"] = null;
  for (const assetId of p.image_asset_ids) {
    const a = DOC_ID.test(assetId) ? await deps.db.collection(assets).doc(assetId).get() : null;
    if (a && a.data.owner_id === uid && a.data.content_type.startsWith("image/")) {
      picture = { key: a.data.storage_key, media_type: a.data.content_type, asset_id: assetId };
      break;
    }
  }
  return {
    id: productId,
    name: p.name,
    description: p.description,
    price_amount: p.price_amount,
    currency: p.currency,
    brand: p.brand,
    points: p.points,
    link: p.link,
    picture,
  };
}

export function page(layoutId: string, values: Record<string, SlotValue>): Scene {
  return { id: randomId(), layout_id: layoutId, values, narration: "", duration_ms: PAGE_MS };
}

export function designBody(a: {
  uid: string;
  title: string;
  ratio: CompositionRatio;
  template: { id: string; version: number };
  scenes: Scene[];
}): CompositionBody {
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

export function newSettings(
  over: Partial<DesignSettings> & Pick<DesignSettings, "aspect_ratio" | "resize_set">,
): DesignSettings {
  return {
    product_id: null,
    from_video: null,
    resize_of: null,
    duplicated_from: null,
    credits_spent: 0,
    export: null,
    files: null,
    ...over,
  };
}

/** 422 unless every key in `body` may appear in a design of `uid` (lib/engine/composition/media-access.ts); checked before any copy is made. */
export async function assertDesignMedia(
  db: Db,
  uid: string,
  body: Pick<CompositionBody, "template" | "scenes" | "brand">,
): Promise<void> {
  assertOwnMedia(
    body,
    { ownerId: uid, template: await getTemplateVersion(db, body.template.id, body.template.version) },
    "Page",
  );
}

/**
 * Pictures a new design shares with the item it was made from (a video's
 * scene pictures, a design's generated ones) are copied under the new
 * design's own prefix: deleting the source removes its files, and the copy
 * must keep showing. Shared samples and my assets and images stay shared.
 */
export async function ownMedia(
  deps: DesignDeps,
  uid: string,
  newId: string,
  scenes: readonly Scene[],
): Promise<Scene[]> {
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
export async function insertDesign(
  deps: DesignDeps,
  uid: string,
  body: CompositionBody,
  settings: (id: string) => DesignSettings,
  id?: string,
): Promise<string> {
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
  stageNewComposition(deps.db, batch, { id: ref.id, doc, body, at });
  await batch.commit();
  return ref.id;
}
