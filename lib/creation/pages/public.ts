import "server-only";
/**
 * The public side of pages: what `/pages/{id}` renders (published pages only)
 * and the stable media URLs it links to. A media URL answers only while the
 * page is published and only for the media its blocks name, resolved among
 * the page owner's own content; anything else is a 404.
 */
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { mayServe } from "@/lib/engine/composition/media-access";
import { content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import type { MediaRef, PageBlock, PublicBlock, PublicPicture } from "./contract";

export type { PublicBlock, PublicPicture };
import { resolveMedia, type ResolvedMedia } from "./media";
import { pageSettingsOf } from "./service";
import { DOC_ID } from "@/lib/platform/db/ids";

export const PAGE_MEDIA_VARIANTS = ["file", "poster"] as const;
export type PageMediaVariant = (typeof PAGE_MEDIA_VARIANTS)[number];

export function pageMediaPath(
  pageId: string,
  blockId: string,
  n: number | null,
  variant: PageMediaVariant = "file",
): string {
  const base = `/api/v1/public/pages/${encodeURIComponent(pageId)}/media/${encodeURIComponent(blockId)}${n === null ? "" : `/${n}`}`;
  return variant === "file" ? base : `${base}?v=${variant}`;
}

export interface PublicPage {
  id: string;
  title: string;
  description: string;
  blocks: PublicBlock[];
  /** Path of the first video poster or picture, for Open Graph. */
  image: string | null;
  updated_at: string;
}

async function readPublished(db: Db, id: string) {
  if (!DOC_ID.test(id)) return null;
  const snap = await db.collection(content).doc(id).get();
  if (!snap || snap.data.kind !== "page" || snap.data.visibility !== "public") return null;
  return snap.data;
}

/** A published page with its media as stable public URLs (media that is gone or unrendered is left out), or null. */
export async function readPublicPage(db: Db, id: string): Promise<PublicPage | null> {
  const doc = await readPublished(db, id);
  if (!doc) return null;
  const s = pageSettingsOf(doc);
  const cache = new Map<string, Promise<ResolvedMedia | null>>();
  const resolve = (ref: MediaRef) => {
    const key = "asset_id" in ref ? `a:${ref.asset_id}` : `c:${ref.content_id}`;
    if (!cache.has(key)) cache.set(key, resolveMedia(db, doc.owner_id, ref));
    return cache.get(key)!;
  };
  const picture = async (
    blockId: string,
    n: number | null,
    ref: MediaRef,
    alt: string,
  ): Promise<PublicPicture | null> => {
    const m = await resolve(ref);
    if (!m || m.kind === "video" || !m.still_key) return null;
    return { src: pageMediaPath(id, blockId, n), alt: alt || m.title };
  };
  const blocks = await Promise.all(
    s.blocks.map(async (b: PageBlock): Promise<PublicBlock | null> => {
      switch (b.type) {
        case "heading":
          return { id: b.id, type: "heading", text: b.text, level: b.level };
        case "text":
          return b.text.trim() ? { id: b.id, type: "text", text: b.text } : null;
        case "button":
          return { id: b.id, type: "button", label: b.label, url: b.url };
        case "video": {
          const m = await resolve({ content_id: b.content_id });
          if (!m || m.kind !== "video" || !m.video_key) return null;
          return {
            id: b.id,
            type: "video",
            title: m.title,
            src: pageMediaPath(id, b.id, null),
            poster: m.still_key ? pageMediaPath(id, b.id, null, "poster") : null,
          };
        }
        case "image": {
          const p = await picture(b.id, null, b.media, b.alt);
          return p ? { id: b.id, type: "image", picture: p } : null;
        }
        case "gallery": {
          const pictures = (await Promise.all(b.items.map((item, n) => picture(b.id, n, item, "")))).filter(
            (p): p is PublicPicture => p !== null,
          );
          return pictures.length ? { id: b.id, type: "gallery", pictures } : null;
        }
      }
    }),
  );
  const shown = blocks.filter((b): b is PublicBlock => b !== null);
  let image: string | null = null;
  for (const b of shown) {
    if (b.type === "video" && b.poster) image = b.poster;
    else if (b.type === "image") image = b.picture.src;
    else if (b.type === "gallery") image = b.pictures[0]!.src;
    if (image) break;
  }
  return { id, title: doc.title, description: s.description, blocks: shown, image, updated_at: doc.updated_at };
}

/** The signed URL behind one of a published page's media URLs, or null. */
export async function signedPublicPageMedia(a: {
  db: Db;
  store: BlobStore;
  pageId: string;
  blockId: string;
  n: string | null;
  variant: string | null;
  now?: Date;
}): Promise<string | null> {
  const variant = a.variant ?? "file";
  if (!(PAGE_MEDIA_VARIANTS as readonly string[]).includes(variant)) return null;
  if (a.n !== null && !/^(0|[1-9][0-9]?)$/.test(a.n)) return null;
  const doc = await readPublished(a.db, a.pageId);
  if (!doc) return null;
  const block = pageSettingsOf(doc).blocks.find((b) => b.id === a.blockId);
  if (!block) return null;
  let ref: MediaRef | null = null;
  if (block.type === "video" && a.n === null) ref = { content_id: block.content_id };
  else if (block.type === "image" && a.n === null) ref = block.media;
  else if (block.type === "gallery" && a.n !== null) ref = block.items[Number(a.n)] ?? null;
  if (!ref) return null;
  const m = await resolveMedia(a.db, doc.owner_id, ref);
  if (!m) return null;
  let key: string | null;
  if (block.type === "video") key = m.kind !== "video" ? null : variant === "poster" ? m.still_key : m.video_key;
  else key = m.kind === "video" || variant === "poster" ? null : m.still_key;
  if (!key || !mayServe(key, { ownerId: doc.owner_id, template: null }, `public page ${a.pageId}`)) return null;
  return a.store.signedUrl(key, { expiresInSeconds: signedUrlTtl(a.now) });
}
