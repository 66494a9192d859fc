/**
 * Where an asset is used (videos and designs, products, the brand kit) and
 * deleting it. Deleting a used asset takes it out of the library, the brand
 * kit and products' pictures, but keeps its original file while content
 * still points at it: compositions hold the file's key, so a video that used
 * the asset keeps rendering exactly as it was.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { brandKits } from "@/lib/creation/brand/collections";
import { DEFAULT_BRAND_KIT } from "@/lib/creation/brand/contract";
import { compositions } from "@/lib/engine/composition/collections";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { assets, type AssetDoc } from "@/lib/platform/db/collections";
import { assetDetails } from "@/lib/platform/db/collections-library";
import { products } from "@/lib/creation/products/collections";
import type { AssetUsage } from "@/lib/media/assets/contract";
import { notFound, readOwnedAsset, type AssetDeps } from "@/lib/media/assets/assets";

/** How many of the owner's compositions and products a usage check reads (newest first). */
const SCAN = 1000;

function compositionUses(body: Pick<CompositionBody, "scenes" | "brand">, id: string, key: string): number[] | null {
  const scenes: number[] = [];
  body.scenes.forEach((s, i) => {
    if (Object.values(s.values).some((v) => v.type === "media" && (v.asset_id === id || v.key === key)))
      scenes.push(i + 1);
  });
  const b = body.brand;
  const inBrand = Boolean(
    b?.apply &&
      (b.logo_asset_id === id ||
        b.logo_key === key ||
        [b.fonts?.heading, b.fonts?.body].some((f) => f?.kind === "asset" && (f.asset_id === id || f.key === key))),
  );
  return scenes.length > 0 || inBrand ? scenes : null;
}

export async function assetUsageOf(deps: AssetDeps, uid: string, id: string, doc: AssetDoc): Promise<AssetUsage> {
  const [comps, prods, kit] = await Promise.all([
    deps.db.collection(compositions).where("owner_id", "==", uid).orderBy("updated_at", "desc").limit(SCAN).get(),
    deps.db.collection(products).where("owner_id", "==", uid).orderBy("created_at", "desc").limit(SCAN).get(),
    deps.db.collection(brandKits).doc(uid).get(),
  ]);
  const videos: AssetUsage["videos"] = [];
  for (const c of comps) {
    const scenes = compositionUses(c.data, id, doc.storage_key);
    if (scenes)
      videos.push({
        id: c.id,
        title: c.data.title || "Untitled",
        kind: c.data.kind,
        href: c.data.kind === "video" ? `/videos/${c.id}` : `/content/${c.id}/edit`,
        scenes,
      });
  }
  const productList = prods
    .filter((p) => p.data.image_asset_ids.includes(id))
    .map((p) => ({ id: p.id, name: p.data.name, href: `/product?id=${p.id}` }));
  const fields: string[] = [];
  if (kit) {
    if (kit.data.logo_asset_id === id) fields.push("logo");
    if (kit.data.fonts.heading.kind === "asset" && kit.data.fonts.heading.asset_id === id) fields.push("headline font");
    if (kit.data.fonts.body.kind === "asset" && kit.data.fonts.body.asset_id === id) fields.push("body font");
  }
  return {
    videos,
    products: productList,
    brand_kit: fields.length ? { fields } : null,
    total: videos.length + productList.length + (fields.length ? 1 : 0),
  };
}

export async function assetUsage(deps: AssetDeps & { uid: string; id: string }): Promise<AssetUsage> {
  const snap = await readOwnedAsset(deps.db, deps.uid, deps.id);
  return assetUsageOf(deps, deps.uid, deps.id, snap.data);
}

function describe(u: AssetUsage): string {
  const parts: string[] = [];
  if (u.videos.length) parts.push(`${u.videos.length} video${u.videos.length === 1 ? "" : "s or designs"}`);
  if (u.products.length) parts.push(`${u.products.length} product${u.products.length === 1 ? "" : "s"}`);
  if (u.brand_kit) parts.push("your brand kit");
  return parts.join(", ");
}

/**
 * Deletes an unused asset at once. A used one needs `force`: it then leaves
 * the library, the brand kit (which falls back to no logo / the default
 * font) and products' pictures; videos keep its file and render unchanged.
 */
export async function deleteAsset(
  a: AssetDeps & { uid: string; id: string; force?: boolean },
): Promise<{ deleted: 1; kept_for: AssetUsage }> {
  const snap = await readOwnedAsset(a.db, a.uid, a.id).catch(() => {
    throw notFound();
  });
  const usage = await assetUsageOf(a, a.uid, a.id, snap.data);
  if (usage.total > 0 && !a.force) {
    throw new ApiError(
      "conflict",
      `This asset is used by ${describe(usage)}. Delete it anyway to take it out of the library: videos that use it keep showing it.`,
      {
        issues: [{ path: "id", message: "in_use" }],
      },
    );
  }
  const ref = a.db.collection(assets).doc(a.id);
  const detailsRef = a.db.collection(assetDetails).doc(a.id);
  const at = (a.now ?? new Date()).toISOString();
  const removed = await a.db.runTransaction(async (tx) => {
    const s = await tx.get(ref);
    const details = await tx.get(detailsRef);
    if (!s || s.data.owner_id !== a.uid) throw notFound();
    const kitRef = a.db.collection(brandKits).doc(a.uid);
    const kit = usage.brand_kit ? await tx.get(kitRef) : null;
    const prods = await Promise.all(usage.products.map((p) => tx.get(a.db.collection(products).doc(p.id))));
    tx.delete(ref);
    if (details) tx.delete(detailsRef);
    if (kit) {
      const f = kit.data.fonts;
      tx.update(kitRef, {
        logo_asset_id: kit.data.logo_asset_id === a.id ? null : kit.data.logo_asset_id,
        fonts: {
          heading:
            f.heading.kind === "asset" && f.heading.asset_id === a.id ? DEFAULT_BRAND_KIT.fonts.heading : f.heading,
          body: f.body.kind === "asset" && f.body.asset_id === a.id ? DEFAULT_BRAND_KIT.fonts.body : f.body,
        },
        updated_at: at,
      });
    }
    for (const p of prods)
      if (p)
        tx.update(a.db.collection(products).doc(p.id), {
          image_asset_ids: p.data.image_asset_ids.filter((x) => x !== a.id),
          updated_at: at,
        });
    const thumb = s.data.thumbnail_key ?? details?.data.thumbnail_key ?? null;
    // The original stays while videos point at it: they render from its key.
    return [usage.videos.length ? null : s.data.storage_key, thumb];
  });
  // The documents are gone first, so nothing points at a missing file; a file left behind is only an orphan.
  await Promise.all(
    removed
      .filter((k): k is string => k !== null)
      .map((k) => a.store.delete(k).catch((e) => console.error(`[assets] could not delete blob ${k}:`, e))),
  );
  return { deleted: 1, kept_for: usage };
}
