import "server-only";
/**
 * The brand kit: read (defaults until saved), save (every asset it names
 * checked: mine, and of the right kind), and apply to a video as a snapshot
 * on its composition, only when the user asks.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { kindOf } from "@/lib/media/assets/assets";
import type { Brand, BrandFont } from "@/lib/engine/composition/composition-schema";
import { assets, type AssetDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import type { VideoView } from "@/lib/creation/video/contract";
import { brandKits } from "./collections";
import {
  applyBrandInputSchema,
  brandKitInputSchema,
  DEFAULT_BRAND_KIT,
  type BrandFontRef,
  type BrandKitInput,
  type BrandKitView,
} from "./contract";

export interface BrandDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
}

async function ownedAsset(db: Db, uid: string, id: string): Promise<AssetDoc | null> {
  const snap = await db.collection(assets).doc(id).get();
  return snap && snap.data.owner_id === uid ? snap.data : null;
}

async function present(
  deps: BrandDeps,
  uid: string,
  kit: BrandKitInput,
  saved: boolean,
  updatedAt: string | null,
): Promise<BrandKitView> {
  const ttl = signedUrlTtl();
  let logo: BrandKitView["logo"] = null;
  if (kit.logo_asset_id) {
    const a = await ownedAsset(deps.db, uid, kit.logo_asset_id);
    if (a)
      logo = {
        id: kit.logo_asset_id,
        name: a.name ?? a.filename,
        url: await deps.store.signedUrl(a.storage_key, { expiresInSeconds: ttl }),
      };
  }
  const fontIds = [
    ...new Set([kit.fonts.heading, kit.fonts.body].flatMap((f) => (f.kind === "asset" ? [f.asset_id] : []))),
  ];
  const font_assets: BrandKitView["font_assets"] = [];
  for (const id of fontIds) {
    const a = await ownedAsset(deps.db, uid, id);
    if (a)
      font_assets.push({
        id,
        name: a.name ?? a.filename,
        family: a.font_family ?? "Font",
        url: await deps.store.signedUrl(a.storage_key, { expiresInSeconds: ttl }),
      });
  }
  return { ...kit, saved, logo, font_assets, updated_at: updatedAt };
}

export async function getBrandKit(deps: BrandDeps, uid: string): Promise<BrandKitView> {
  const snap = await deps.db.collection(brandKits).doc(uid).get();
  if (!snap) return present(deps, uid, DEFAULT_BRAND_KIT, false, null);
  const { owner_id: _o, created_at: _c, updated_at, ...kit } = snap.data;
  return present(deps, uid, kit, true, updated_at);
}

export async function saveBrandKit(deps: BrandDeps, uid: string, raw: unknown): Promise<BrandKitView> {
  const parsed = brandKitInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That brand kit is not valid.");
  const kit = parsed.data;
  if (kit.logo_asset_id) {
    const a = await ownedAsset(deps.db, uid, kit.logo_asset_id);
    if (!a)
      throw new ApiError("unprocessable_entity", "The logo is not one of your assets.", {
        issues: [{ path: "logo_asset_id", message: "unknown asset" }],
      });
    if (!["image", "logo"].includes(kindOf(a)))
      throw new ApiError("unprocessable_entity", "The logo must be an image or logo asset.", {
        issues: [{ path: "logo_asset_id", message: "not a picture" }],
      });
  }
  for (const role of ["heading", "body"] as const) {
    const f = kit.fonts[role];
    if (f.kind !== "asset") continue;
    const a = await ownedAsset(deps.db, uid, f.asset_id);
    if (!a || kindOf(a) !== "font")
      throw new ApiError(
        "unprocessable_entity",
        `The ${role === "heading" ? "headline" : "body"} font must be one of your font assets.`,
        { issues: [{ path: `fonts.${role}`, message: "not a font asset" }] },
      );
  }
  const at = (deps.now ?? (() => new Date()))().toISOString();
  const ref = deps.db.collection(brandKits).doc(uid);
  await deps.db.runTransaction(async (tx) => {
    const prev = await tx.get(ref);
    tx.set(ref, { ...kit, owner_id: uid, created_at: prev?.data.created_at ?? at, updated_at: at });
  });
  return getBrandKit(deps, uid);
}

async function fontSnapshot(deps: BrandDeps, uid: string, f: BrandFontRef): Promise<BrandFont | undefined> {
  if (f.kind === "bundled") return f;
  const a = await ownedAsset(deps.db, uid, f.asset_id);
  // A font deleted since the kit was saved: the template's own font stays.
  return a && kindOf(a) === "font"
    ? { kind: "asset", asset_id: f.asset_id, key: a.storage_key, family: a.font_family ?? "Brand font" }
    : undefined;
}

/** The kit as a composition stores it (blob keys resolved now). */
export async function brandSnapshot(deps: BrandDeps, uid: string): Promise<Brand> {
  const kit = await getBrandKit(deps, uid);
  const logo = kit.logo_asset_id ? await ownedAsset(deps.db, uid, kit.logo_asset_id) : null;
  const [heading, body] = await Promise.all([
    fontSnapshot(deps, uid, kit.fonts.heading),
    fontSnapshot(deps, uid, kit.fonts.body),
  ]);
  return {
    apply: true,
    palette: kit.colors,
    ...(logo ? { logo_key: logo.storage_key, logo_asset_id: kit.logo_asset_id! } : {}),
    fonts: { ...(heading ? { heading } : {}), ...(body ? { body } : {}) },
    ...(kit.caption_style ? { caption_style: kit.caption_style } : {}),
  };
}

/** "Apply my brand kit" on a video: a fresh snapshot of the kit, or off (the template's own look). */
export async function applyBrandToVideo(deps: VideoDeps, uid: string, id: string, raw: unknown): Promise<VideoView> {
  const parsed = applyBrandInputSchema.safeParse(raw);
  if (!parsed.success)
    throw ApiError.fromZod(parsed.error, "Say whether to apply the brand kit, with the revision you edited.");
  const brand = parsed.data.apply ? await brandSnapshot(deps, uid) : null;
  return editVideo(deps, uid, id, { revision: parsed.data.revision }, { brand });
}
