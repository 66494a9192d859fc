import "server-only";
/**
 * "My assets": the provider that always works, offline too. The person's own
 * pictures and clips (assets) and generated images, described by their
 * names, tags, prompts and the products they belong to (the caller passes
 * those: products are another domain's), ranked by the same words as stock.
 * Only the few shown get signed URLs.
 */
import { assets, content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { kindOf } from "@/lib/media/assets/assets";
import type { StockCandidate } from "./contract";
import type { Rankable } from "./rank";

const ASSET_SCAN = 300;
const IMAGE_SCAN = 150;

export interface OwnItem extends Rankable {
  provider: "assets" | "images";
  kind: "photo" | "video";
  duration_s: number | null;
  /** The stored file, and the picture shown while choosing. */
  key: string;
  thumbKey: string;
  contentType: string;
}

/** The person's pictures and clips (newest first), described for matching. `productNames`: asset id → names of products it belongs to. */
export async function listOwnMedia(a: {
  db: Db;
  uid: string;
  productNames?: ReadonlyMap<string, readonly string[]>;
  clips?: boolean;
}): Promise<OwnItem[]> {
  const [assetRows, imageRows] = await Promise.all([
    a.db.collection(assets).where("owner_id", "==", a.uid).orderBy("created_at", "desc").limit(ASSET_SCAN).get(),
    a.db
      .collection(content)
      .where("owner_id", "==", a.uid)
      .where("kind", "==", "image")
      .orderBy("created_at", "desc")
      .limit(IMAGE_SCAN)
      .get(),
  ]);
  const out: OwnItem[] = [];
  for (const r of assetRows) {
    const kind = kindOf(r.data);
    if (kind !== "image" && !(kind === "video" && a.clips !== false)) continue;
    const products = a.productNames?.get(r.id) ?? [];
    out.push({
      provider: "assets",
      id: r.id,
      kind: kind === "video" ? "video" : "photo",
      title: [r.data.name ?? r.data.filename, ...products].join(" "),
      tags: r.data.tags,
      width: r.data.width ?? 0,
      height: r.data.height ?? 0,
      duration_s: r.data.duration_ms !== null ? r.data.duration_ms / 1000 : null,
      key: r.data.storage_key,
      thumbKey: r.data.thumbnail_key ?? r.data.storage_key,
      contentType: r.data.content_type,
    });
  }
  for (const r of imageRows) {
    const original = r.data.blobs.original;
    if (r.data.status !== "ready" || !original) continue;
    const s = r.data.settings as { prompt?: unknown; width?: unknown; height?: unknown };
    out.push({
      provider: "images",
      id: r.id,
      kind: "photo",
      title: [r.data.title, typeof s.prompt === "string" ? s.prompt : ""].join(" ").slice(0, 600),
      tags: [],
      width: typeof s.width === "number" ? s.width : 0,
      height: typeof s.height === "number" ? s.height : 0,
      duration_s: null,
      key: original,
      thumbKey: r.data.blobs.thumbnail ?? original,
      contentType: "image/png",
    });
  }
  return out;
}

/** An own item as a candidate to show (a signed thumbnail; nothing to download). */
export async function ownCandidate(store: BlobStore, item: OwnItem, now?: Date): Promise<StockCandidate> {
  return {
    provider: item.provider,
    id: item.id,
    kind: item.kind,
    title: item.title.slice(0, 300),
    tags: item.tags.slice(0, 40),
    width: item.width,
    height: item.height,
    duration_s: item.duration_s,
    thumbnail_url: await store.signedUrl(item.thumbKey, { expiresInSeconds: signedUrlTtl(now) }),
    file_url: null,
    file_type: item.contentType,
    author: null,
    author_url: null,
    page_url: null,
    licence: null,
    licence_url: null,
  };
}
