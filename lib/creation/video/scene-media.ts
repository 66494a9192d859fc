import "server-only";
/**
 * Media that matches the words: for each scene with a picture slot and no
 * picture yet, the best of the person's own assets and images when it fits
 * the scene's words well enough, else the best stock item when a stock
 * provider is configured (copied into the person's assets), else nothing (the
 * caller generates a picture with the image model, as before). No item is
 * used twice in one video, and the ratio's orientation is preferred. Each
 * decision comes back with the reason, for the log.
 */
import type { CompositionBody, MediaValue, Scene } from "@/lib/engine/composition/composition-schema";
import { assets } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import { products } from "@/lib/creation/products/collections";
import { copyStockIn } from "@/lib/media/stock/copy-in";
import { listOwnMedia, type OwnItem } from "@/lib/media/stock/own-media";
import { candidateKey, fitsWell, rankCandidates } from "@/lib/media/stock/rank";
import { searchStock, stockConfigured } from "@/lib/media/stock/search";
import type { StockProvider } from "@/lib/media/stock/provider";
import { visualQueryFrom } from "./brief/visual-query";
import { clipFacts } from "./clips";

export type SceneMediaChoice =
  | { sceneId: string; value: MediaValue; from: "own" | "stock"; reason: string }
  | { sceneId: string; value: null; from: "generate"; reason: string };

/** The words a scene's picture is searched with: the writer's query, else its own words, else the picture prompt. */
export function sceneQuery(scene: Pick<Scene, "visual_query" | "values" | "narration" | "image_prompt">): string {
  if (scene.visual_query?.trim()) return scene.visual_query.trim();
  const texts = Object.values(scene.values).flatMap((v) => (v.type === "text" ? [v.text] : []));
  return visualQueryFrom([...texts, scene.narration].join(" ")) || visualQueryFrom(scene.image_prompt ?? "");
}

/** Every media already in the video, as candidate keys (so nothing is repeated). */
export function usedMediaKeys(body: Pick<CompositionBody, "scenes">): Set<string> {
  const used = new Set<string>();
  for (const s of body.scenes)
    for (const v of Object.values(s.values)) {
      if (v.type !== "media") continue;
      if (v.asset_id) used.add(candidateKey({ provider: "assets", id: v.asset_id }));
      if (v.content_id) used.add(candidateKey({ provider: "images", id: v.content_id }));
    }
  return used;
}

/** Asset id → names of the person's products that show it (own media matches by product too). */
export async function productNamesByAsset(db: Db, uid: string): Promise<Map<string, string[]>> {
  const rows = await db.collection(products).where("owner_id", "==", uid).limit(200).get();
  const out = new Map<string, string[]>();
  for (const r of rows) for (const id of r.data.image_asset_ids) out.set(id, [...(out.get(id) ?? []), r.data.name]);
  return out;
}

export function ownMediaValue(
  item: Pick<OwnItem, "provider" | "id" | "key" | "contentType" | "kind" | "duration_s" | "thumbKey">,
): MediaValue {
  if (item.provider !== "assets")
    return { type: "media", key: item.key, media_type: item.contentType, source: "content", content_id: item.id };
  // A clip carries its length (so it loops when the scene outlasts it) and its poster (the editor's thumbnails).
  const clip =
    item.kind === "video"
      ? clipFacts({
          content_type: item.contentType,
          duration_ms: item.duration_s !== null ? item.duration_s * 1000 : null,
          thumbnail_key: item.thumbKey !== item.key ? item.thumbKey : null,
        })
      : {};
  return { type: "media", key: item.key, media_type: item.contentType, source: "asset", asset_id: item.id, ...clip };
}

/**
 * Chooses media for the scenes given, in order. Stock failures (a provider
 * down, a download refused) fall through to the image model with the reason.
 */
export async function chooseSceneMedia(a: {
  db: Db;
  store: BlobStore;
  uid: string;
  body: Pick<CompositionBody, "scenes" | "aspect_ratio">;
  sceneIds: readonly string[];
  signal?: AbortSignal;
  /** Tests: stock providers instead of the configured ones. */
  providers?: StockProvider[];
  /** Called after each scene's choice (the worker saves and reports progress). */
  onChoice?: (c: SceneMediaChoice) => Promise<void>;
}): Promise<SceneMediaChoice[]> {
  const used = usedMediaKeys(a.body);
  const own = await listOwnMedia({ db: a.db, uid: a.uid, productNames: await productNamesByAsset(a.db, a.uid) });
  const stockOn = a.providers ? a.providers.length > 0 : stockConfigured();
  const out: SceneMediaChoice[] = [];
  for (const sceneId of a.sceneIds) {
    a.signal?.throwIfAborted();
    const scene = a.body.scenes.find((s) => s.id === sceneId);
    if (!scene) continue;
    const query = sceneQuery(scene);
    const choice = await chooseOne({ ...a, sceneId, query, own, used, stockOn });
    if (choice.value) {
      if (choice.value.asset_id) used.add(candidateKey({ provider: "assets", id: choice.value.asset_id }));
      if (choice.value.content_id) used.add(candidateKey({ provider: "images", id: choice.value.content_id }));
    }
    out.push(choice);
    await a.onChoice?.(choice);
  }
  return out;
}

async function chooseOne(a: {
  db: Db;
  store: BlobStore;
  uid: string;
  body: Pick<CompositionBody, "aspect_ratio">;
  sceneId: string;
  query: string;
  own: OwnItem[];
  used: Set<string>;
  stockOn: boolean;
  signal?: AbortSignal;
  providers?: StockProvider[];
}): Promise<SceneMediaChoice> {
  const ratio = a.body.aspect_ratio;
  if (!a.query)
    return { sceneId: a.sceneId, value: null, from: "generate", reason: "the scene has no words to search with" };
  const bestOwn = rankCandidates({ query: a.query, candidates: a.own, ratio, used: a.used })[0];
  if (bestOwn && fitsWell(bestOwn))
    return {
      sceneId: a.sceneId,
      value: ownMediaValue(bestOwn.item),
      from: "own",
      reason: `own ${bestOwn.item.provider === "assets" ? "asset" : "image"} ${bestOwn.item.id} matched "${bestOwn.matched.join(", ")}" of "${a.query}"`,
    };
  const ownNote = bestOwn
    ? `no own media matched "${a.query}" well enough (best matched ${bestOwn.matched.length} word${bestOwn.matched.length === 1 ? "" : "s"})`
    : "no own media to match";
  if (!a.stockOn)
    return { sceneId: a.sceneId, value: null, from: "generate", reason: `${ownNote}; no stock provider configured` };
  const found = await searchStock({ query: a.query, kind: "any", ratio, signal: a.signal, providers: a.providers });
  const ranked = rankCandidates({ query: a.query, candidates: found.candidates, ratio });
  // A stock item already copied in for an earlier scene is one of my assets now: compare those too.
  for (const r of ranked) {
    if (a.used.has(candidateKey(r.item))) continue;
    try {
      const asset = await copyStockIn(
        { db: a.db, store: a.store },
        { uid: a.uid, candidate: r.item, signal: a.signal },
      );
      if (a.used.has(candidateKey({ provider: "assets", id: asset.id }))) continue;
      a.used.add(candidateKey(r.item));
      a.used.add(candidateKey({ provider: "assets", id: asset.id }));
      const stored = await a.db.collection(assets).doc(asset.id).get();
      if (!stored) continue;
      return {
        sceneId: a.sceneId,
        value: {
          type: "media",
          key: stored.data.storage_key,
          media_type: stored.data.content_type,
          source: "asset",
          asset_id: asset.id,
          ...clipFacts(stored.data),
        },
        from: "stock",
        reason: `${ownNote}; ${r.item.provider} ${r.item.kind} ${r.item.id} for "${a.query}" copied in as asset ${asset.id}`,
      };
    } catch (e) {
      if (a.signal?.aborted) throw e;
      const why = (e as { message?: string }).message ?? "it failed";
      return {
        sceneId: a.sceneId,
        value: null,
        from: "generate",
        reason: `${ownNote}; copying ${r.item.provider} ${r.item.id} failed (${why})`,
      };
    }
  }
  const problems = found.problems.length ? ` (${found.problems.join(" ")})` : "";
  return {
    sceneId: a.sceneId,
    value: null,
    from: "generate",
    reason: `${ownNote}; no stock result for "${a.query}"${problems}`,
  };
}
