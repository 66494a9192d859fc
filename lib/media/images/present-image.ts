import "server-only";
/**
 * The one way a `content` document of kind "image" becomes the contract's
 * `ImageItem` (lib/media/images/contract.ts): settings read defensively from
 * the free-form `settings` record lib/media/images writes, blob keys turned into
 * signed, time-limited URLs, and the likes / remixes counts. Whose image it
 * is and what it was made from (`source_image_id`, often the owner's private
 * original) are told only to the owner: others see `is_mine: false` and no ids.
 */
import type { ImageItem, ImageSettings } from "@/lib/media/images/contract";
import type { ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { mayServe } from "@/lib/engine/composition/media-access";
import { ASPECT_RATIOS, type AspectRatio } from "@/lib/media/images/schema";
import { loadImageCounts, NO_COUNTS, type ImageCounts } from "@/lib/media/likes/counts";
import type { BlobStore } from "@/lib/platform/storage/types";

export type { ImageCounts } from "@/lib/media/likes/counts";

/** Signed URLs live at least this long. */
export const SIGNED_URL_TTL_SECONDS = 3600;

/**
 * Seconds until an expiry on a whole hour between one and two hours away:
 * every URL signed within the same hour is identical, so browsers and CDNs
 * can cache the image instead of refetching it on every page load.
 */
export function signedUrlTtl(now: Date = new Date()): number {
  const nowSec = Math.floor(now.getTime() / 1000);
  return 2 * SIGNED_URL_TTL_SECONDS - (nowSec % SIGNED_URL_TTL_SECONDS);
}

export interface PresentOptions {
  /** Who is looking (null when signed out); only the owner sees a failed image's reason. */
  viewerUid: string | null;
  store: BlobStore;
  /** Likes / remixes / liked_by_me; zeros when left out. `presentImages` loads them. */
  counts?: ImageCounts;
  now?: Date;
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const int = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);
const dim = (v: unknown): number | null => {
  const n = int(v);
  return n !== null && n > 0 ? n : null;
};

/** `forOwner` false: the ids of what the image was made from are left out (they name the owner's own items). */
export function presentSettings(raw: Record<string, unknown>, forOwner: boolean): ImageSettings {
  const ratio = str(raw.aspect_ratio);
  return {
    prompt: str(raw.prompt) ?? "",
    negative_prompt: str(raw.negative_prompt),
    vibe_id: str(raw.vibe_id),
    vibe_name: str(raw.vibe_name),
    aspect_ratio: ratio && (ASPECT_RATIOS as readonly string[]).includes(ratio) ? (ratio as AspectRatio) : "1:1",
    seed: int(raw.seed) ?? 0,
    model_id: str(raw.model_id) ?? "",
    model_label: str(raw.model_label) ?? str(raw.model_id) ?? "",
    source_image_id: forOwner ? str(raw.source_image_id) : null,
    width: dim(raw.width),
    height: dim(raw.height),
  };
}

export async function presentImage(snap: DocSnapshot<ContentDoc>, opts: PresentOptions): Promise<ImageItem> {
  const d = snap.data;
  const counts = opts.counts ?? NO_COUNTS;
  const ttl = signedUrlTtl(opts.now);
  const sign = (key: string) => opts.store.signedUrl(key, { expiresInSeconds: ttl });
  const servable = (key: string | null) =>
    key && mayServe(key, { ownerId: d.owner_id, template: null }, `image ${snap.id}`) ? key : null;
  const original = servable(d.blobs.original);
  const urls = original
    ? { original: await sign(original), thumbnail: await sign(servable(d.blobs.thumbnail) ?? original) }
    : null;
  const isOwner = opts.viewerUid !== null && opts.viewerUid === d.owner_id;
  return {
    id: snap.id,
    is_mine: isOwner,
    // "draft" is not an image state; a draft image is one not started yet.
    status: d.status === "draft" ? "queued" : d.status,
    error: isOwner ? d.error : d.error === null ? null : "This image could not be made.",
    title: d.title,
    visibility: d.visibility,
    settings: presentSettings(d.settings, isOwner),
    urls,
    job_id: str(d.settings.job_id),
    likes: counts.likes,
    remixes: counts.remixes,
    liked_by_me: counts.liked_by_me,
    created_at: d.created_at,
  };
}

/** A page of images with their counts, in the order given. */
export async function presentImages(
  snaps: readonly DocSnapshot<ContentDoc>[],
  opts: { viewerUid: string | null; store: BlobStore; db: Db; now?: Date },
): Promise<ImageItem[]> {
  const counts = await loadImageCounts({ db: opts.db, ids: snaps.map((s) => s.id), viewerUid: opts.viewerUid });
  return Promise.all(
    snaps.map((s) =>
      presentImage(s, { viewerUid: opts.viewerUid, store: opts.store, counts: counts.get(s.id), now: opts.now }),
    ),
  );
}
