import "server-only";
/**
 * Pages: create, read, edit (revision-checked), publish, delete. A page is a
 * `content` document of kind "page"; its blocks live in `settings.page`.
 * Status draft = unpublished, ready = published (visibility public). Every
 * function checks ownership; another user's page is the same 404 as none.
 * Blocks may only name the owner's own content, checked on every save.
 */
import { logContentChange } from "@/lib/platform/update-log/content";
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { mayServe } from "@/lib/engine/composition/media-access";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import {
  createPageInputSchema,
  editPageInputSchema,
  mediaKey,
  mediaRefsOf,
  publicPagePath,
  publishInputSchema,
  type MediaPreview,
  type MediaRef,
  type PageBlock,
  type PageView,
} from "./contract";
import { resolveMedia } from "./media";
import { refreshPublicPages } from "./refresh";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface PageDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
}

/** What `content.settings.page` holds. */
export interface PageSettings {
  blocks: PageBlock[];
  revision: number;
  /** The first text block's first words: the page's description (search, Open Graph). */
  description: string;
  /** The first picture or video, for the workspace card. */
  cover: MediaRef | null;
  published_at: string | null;
}

const notFound = () => new ApiError("not_found", "There is no such page.");

export function pageSettingsOf(doc: ContentDoc): PageSettings {
  const raw = (doc.settings as { page?: Partial<PageSettings> }).page ?? {};
  return {
    blocks: Array.isArray(raw.blocks) ? raw.blocks : [],
    revision: typeof raw.revision === "number" ? raw.revision : 0,
    description: typeof raw.description === "string" ? raw.description : "",
    cover: raw.cover ?? null,
    published_at: raw.published_at ?? null,
  };
}

/** Plain words of a text block (markdown marks dropped), for descriptions and search. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>]+/g, "")
    .replace(/^\s*-\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function describeBlocks(blocks: readonly PageBlock[]): { description: string; cover: MediaRef | null } {
  const text = blocks.find((b) => b.type === "text" && plainText(b.text).length > 0);
  const description = text && text.type === "text" ? plainText(text.text).slice(0, 200) : "";
  const first = mediaRefsOf(blocks)[0];
  return { description, cover: first ? first.ref : null };
}

async function ownedPage(db: Db, uid: string, id: string): Promise<ContentDoc> {
  if (!DOC_ID.test(id)) throw notFound();
  const snap = await db.collection(content).doc(id).get();
  if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "page") throw notFound();
  return snap.data;
}

/**
 * Every media the blocks name must be the owner's own, and of a kind the
 * block can show: a video block a video; pictures an image, a design or an
 * uploaded image. Answers 422 with the path of each offending field.
 */
export async function assertOwnMedia(db: Db, uid: string, blocks: readonly PageBlock[]): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  const seen = new Map<string, Awaited<ReturnType<typeof resolveMedia>>>();
  await Promise.all(
    blocks.map(async (block, i) => {
      const refs = mediaRefsOf([block]);
      for (const r of refs) {
        const key = mediaKey(r.ref);
        if (!seen.has(key)) seen.set(key, await resolveMedia(db, uid, r.ref));
        const found = seen.get(key);
        const field = r.n === null ? (block.type === "video" ? "content_id" : "media") : `items.${r.n}`;
        const path = `blocks.${i}.${field}`;
        if (!found) issues.push({ path, message: "Not one of your videos, images, designs or uploads." });
        else if (r.as === "video" && found.kind !== "video")
          issues.push({ path, message: "A video block shows one of your videos." });
        else if (r.as === "picture" && found.kind === "video")
          issues.push({ path, message: "Pick a picture here; add a video block for a video." });
      }
    }),
  );
  if (issues.length > 0) {
    issues.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
    throw new ApiError("unprocessable_entity", "A block names content that is not yours to use.", { issues });
  }
}

async function previews(
  deps: PageDeps,
  uid: string,
  blocks: readonly PageBlock[],
  now: Date,
): Promise<Record<string, MediaPreview>> {
  const ttl = signedUrlTtl(now);
  const sign = (key: string | null) =>
    key && mayServe(key, { ownerId: uid, template: null }, "page editor")
      ? deps.store.signedUrl(key, { expiresInSeconds: ttl })
      : Promise.resolve(null);
  const out: Record<string, MediaPreview> = {};
  const refs = new Map(mediaRefsOf(blocks).map((r) => [mediaKey(r.ref), r.ref]));
  await Promise.all(
    [...refs].map(async ([key, ref]) => {
      const m = await resolveMedia(deps.db, uid, ref);
      out[key] = m
        ? {
            key,
            kind: m.kind,
            title: m.title,
            thumbnail_url: await sign(m.thumb_key ?? m.still_key),
            video_url: await sign(m.video_key),
            missing: false,
          }
        : {
            key,
            kind: "asset_id" in ref ? "asset" : "image",
            title: "Missing",
            thumbnail_url: null,
            video_url: null,
            missing: true,
          };
    }),
  );
  return out;
}

export async function toPageView(deps: PageDeps, id: string, doc: ContentDoc): Promise<PageView> {
  const s = pageSettingsOf(doc);
  const now = (deps.now ?? (() => new Date()))();
  return {
    id,
    kind: "page",
    title: doc.title,
    blocks: s.blocks,
    revision: s.revision,
    published: doc.visibility === "public",
    public_path: publicPagePath(id),
    media: await previews(deps, doc.owner_id, s.blocks, now),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export async function createPage(deps: PageDeps, uid: string, raw: unknown): Promise<PageView> {
  const parsed = createPageInputSchema.safeParse(raw ?? {});
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That page is not valid.");
  const { title, blocks } = parsed.data;
  await assertOwnMedia(deps.db, uid, blocks);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  const settings: PageSettings = { blocks, revision: 0, ...describeBlocks(blocks), published_at: null };
  const ref = deps.db.collection(content).doc();
  const created: ContentDoc = {
    owner_id: uid,
    kind: "page",
    title,
    status: "draft",
    visibility: "private",
    settings: { page: settings },
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  };
  const batch = deps.db.batch();
  batch.create(ref, created);
  logContentChange(deps.db, batch, { id: ref.id, action: "create", before: null, after: created });
  await batch.commit();
  return getPage(deps, uid, ref.id);
}

export async function getPage(deps: PageDeps, uid: string, id: string): Promise<PageView> {
  return toPageView(deps, id, await ownedPage(deps.db, uid, id));
}

export async function editPage(deps: PageDeps, uid: string, id: string, raw: unknown): Promise<PageView> {
  const parsed = editPageInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That edit is not valid.");
  const edit = parsed.data;
  await ownedPage(deps.db, uid, id);
  if (edit.blocks) await assertOwnMedia(deps.db, uid, edit.blocks);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  let published = false;
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(content).doc(id);
    const snap = await tx.get(ref);
    if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "page") throw notFound();
    const s = pageSettingsOf(snap.data);
    if (s.revision !== edit.revision) {
      throw new ApiError(
        "conflict",
        `This page changed since you opened it (revision ${s.revision}, yours ${edit.revision}). Reload to get the latest version.`,
        {
          issues: [{ path: "revision", message: "revision_conflict" }],
        },
      );
    }
    const blocks = edit.blocks ?? s.blocks;
    const next: PageSettings = { ...s, blocks, revision: s.revision + 1, ...describeBlocks(blocks) };
    const patch = {
      title: edit.title ?? snap.data.title,
      settings: { ...snap.data.settings, page: next },
      updated_at: at,
    };
    tx.update(ref, patch);
    logContentChange(deps.db, tx, { id, action: "update", before: snap.data, after: patch });
    published = snap.data.visibility === "public";
  });
  if (published) refreshPublicPages([id]);
  return getPage(deps, uid, id);
}

export async function publishPage(deps: PageDeps, uid: string, id: string, raw: unknown): Promise<PageView> {
  const parsed = publishInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Send { published: true } or { published: false }.");
  const doc = await ownedPage(deps.db, uid, id);
  const s = pageSettingsOf(doc);
  if (parsed.data.published && s.blocks.length === 0)
    throw new ApiError("conflict", "Add a block before publishing: the page is empty.");
  const at = (deps.now ?? (() => new Date()))().toISOString();
  const patch = {
    visibility: parsed.data.published ? ("public" as const) : ("private" as const),
    status: parsed.data.published ? ("ready" as const) : ("draft" as const),
    settings: { ...doc.settings, page: { ...s, published_at: parsed.data.published ? at : s.published_at } },
    updated_at: at,
  };
  const batch = deps.db.batch();
  batch.update(deps.db.collection(content).doc(id), patch);
  logContentChange(deps.db, batch, {
    id,
    action: parsed.data.published ? "publish" : "unpublish",
    before: doc,
    after: patch,
  });
  await batch.commit();
  refreshPublicPages([id]);
  return getPage(deps, uid, id);
}

export async function deletePage(deps: PageDeps, uid: string, id: string): Promise<void> {
  const doc = await ownedPage(deps.db, uid, id);
  const batch = deps.db.batch();
  batch.delete(deps.db.collection(content).doc(id));
  logContentChange(deps.db, batch, { id, action: "delete", before: doc, after: null });
  await batch.commit();
  refreshPublicPages([id]);
}

/**
 * The kind of a content id, for the editor route to pick its editor (the
 * editors load through the API, which checks ownership; the kind alone tells
 * nothing worth hiding). Null when there is no such content.
 */
export async function contentKindOf(db: Db, id: string): Promise<ContentDoc["kind"] | null> {
  if (!DOC_ID.test(id)) return null;
  return (await db.collection(content).doc(id).get())?.data.kind ?? null;
}
