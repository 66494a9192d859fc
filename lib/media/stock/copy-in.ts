import "server-only";
/**
 * A picked stock item becomes one of the person's assets: looked up again at
 * its provider (the browser never names the file to fetch), downloaded through
 * the URL guard (size caps, the type judged by the bytes, a deadline), stored
 * like any upload, with where it came from, its licence and its credit. Nothing
 * is hotlinked: scenes use the copy. Picking the same item twice reuses the
 * first copy.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { assets } from "@/lib/platform/db/collections";
import { safeFetch, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "@/lib/platform/http/safe-fetch";
import { LinkError } from "@/lib/platform/http/errors";
import { sniffContentType } from "@/lib/platform/storage/sniff";
import { getAsset, uploadAsset, type AssetDeps } from "@/lib/media/assets/assets";
import type { AssetView } from "@/lib/media/assets/contract";
import { EXTENSION_OF_TYPE } from "@/lib/media/assets/inspect";
import { tagsFromFileName, TAG_MAX, TAG_MAX_CHARS } from "@/lib/media/assets/words";
import { creditLine, PROVIDER_LABELS, type StockCandidate, type StockProviderId } from "./contract";

const CLIP_DOWNLOAD_MS = 90_000;
const PHOTO_DOWNLOAD_MS = 30_000;
/** How many of the person's newest assets are searched for an earlier copy of the same item. */
const REUSE_SCAN = 500;

/** The person's earlier copy of this stock item, if any. */
export async function findStockCopy(
  deps: Pick<AssetDeps, "db">,
  uid: string,
  c: { provider: string; id: string },
): Promise<string | null> {
  const rows = await deps.db
    .collection(assets)
    .where("owner_id", "==", uid)
    .orderBy("created_at", "desc")
    .limit(REUSE_SCAN)
    .get();
  return rows.find((r) => r.data.source?.provider === c.provider && r.data.source.id === c.id)?.id ?? null;
}

function tagsOf(c: StockCandidate): string[] {
  const out: string[] = [];
  // The title's own words, as people would type them (not stemmed: "running shoes", not "run shoe").
  for (const t of [...c.tags, ...tagsFromFileName(c.title)]) {
    const tag = t.trim().toLowerCase().slice(0, TAG_MAX_CHARS);
    if (tag && !out.includes(tag)) out.push(tag);
    if (out.length >= TAG_MAX) break;
  }
  return out;
}

/** Copies a stock candidate (as its provider described it) into the person's assets, or returns the earlier copy. */
export async function copyStockIn(
  deps: AssetDeps,
  a: { uid: string; candidate: StockCandidate; signal?: AbortSignal },
): Promise<AssetView> {
  const c = a.candidate;
  if (c.provider !== "pexels" && c.provider !== "pixabay") throw new Error("only stock is copied in");
  if (!c.file_url) throw new ApiError("unprocessable_entity", "This stock item has no file to download.");
  const earlier = await findStockCopy(deps, a.uid, c);
  if (earlier) return getAsset({ ...deps, uid: a.uid, id: earlier });
  const site = PROVIDER_LABELS[c.provider as StockProviderId];
  let bytes: Buffer;
  try {
    const got = await safeFetch(c.file_url, {
      kind: c.kind === "video" ? "video" : "image",
      maxBytes: c.kind === "video" ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES,
      timeoutMs: c.kind === "video" ? CLIP_DOWNLOAD_MS : PHOTO_DOWNLOAD_MS,
      signal: a.signal,
    });
    bytes = got.bytes;
  } catch (e) {
    if (e instanceof LinkError)
      throw new ApiError("service_unavailable", `The ${c.kind} could not be copied from ${site}: ${e.message}`, {
        cause: e,
      });
    throw e;
  }
  const type = sniffContentType(bytes.subarray(0, 32));
  const ext = type ? EXTENSION_OF_TYPE[type] : undefined;
  if (!ext) throw new ApiError("unsupported_media_type", `${site} sent a file that is not a picture or a clip.`);
  // The title without dots (a dot would read as an extension), then the extension the bytes deserve.
  const stem = (c.title || `${site} ${c.id}`)
    .replace(/[.\\/]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  const author = c.author ?? site;
  return uploadAsset({
    ...deps,
    uid: a.uid,
    name: `${stem || `${site} ${c.id}`}.${ext}`,
    bytes,
    origin: {
      tags: tagsOf(c),
      source: { provider: c.provider, id: c.id, page_url: c.page_url ?? "" },
      licence: { name: c.licence ?? "", url: c.licence_url ?? "" },
      attribution: {
        author,
        author_url: c.author_url,
        text: creditLine({ provider: c.provider, kind: c.kind, author: c.author }) ?? `From ${site}`,
      },
    },
  });
}
