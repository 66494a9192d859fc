import "server-only";
/**
 * A stock candidate picked for a scene (or a design's page): looked up again
 * at its provider by id, copied into the person's assets with its licence and
 * credit (lib/media/stock/copy-in.ts), and used as that asset. The browser
 * names the item, never the file to fetch.
 */
import { ApiError } from "@/lib/platform/api/errors";
import type { MediaValue } from "@/lib/engine/composition/composition-schema";
import { assets } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import { PROVIDER_LABELS } from "@/lib/media/stock/contract";
import { copyStockIn } from "@/lib/media/stock/copy-in";
import { StockProviderError } from "@/lib/media/stock/http";
import { getStockItem, stockProviders } from "@/lib/media/stock/search";
import { clipFacts } from "./clips";

export async function stockPicture(
  deps: { db: Db; store: BlobStore },
  a: {
    uid: string;
    ratio: string;
    input: { provider: "pexels" | "pixabay"; id: string; kind: "photo" | "video" };
    clips: boolean;
  },
): Promise<MediaValue> {
  const site = PROVIDER_LABELS[a.input.provider];
  if (a.input.kind === "video" && !a.clips)
    throw new ApiError("unprocessable_entity", "A page takes a still picture; pick a photo instead of a clip.");
  if (!stockProviders().some((p) => p.id === a.input.provider))
    throw new ApiError("unprocessable_entity", `${site} is not available here. Pick another picture.`, {
      issues: [{ path: "provider", message: "not configured" }],
    });
  let item;
  try {
    item = await getStockItem({ provider: a.input.provider, id: a.input.id, kind: a.input.kind, ratio: a.ratio });
  } catch (e) {
    if (e instanceof StockProviderError) throw new ApiError("service_unavailable", `${e.message} Try again shortly.`);
    throw e;
  }
  if (!item) throw new ApiError("not_found", `${site} has no such ${a.input.kind} any more. Pick another one.`);
  const asset = await copyStockIn(deps, { uid: a.uid, candidate: item });
  const stored = await deps.db.collection(assets).doc(asset.id).get();
  if (!stored) throw new ApiError("not_found", "The copied file is missing; pick it again.");
  return {
    type: "media",
    key: stored.data.storage_key,
    media_type: stored.data.content_type,
    source: "asset",
    asset_id: asset.id,
    ...clipFacts(stored.data),
  };
}
