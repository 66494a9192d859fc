import "server-only";
/**
 * The product catalogue: what a user sells, made by hand, from a link or a
 * bulk row. Every function checks ownership; images are the owner's assets.
 * Deleting a product keeps the content made from it (it only loses the link
 * back, which the content screens tolerate).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { assets, content } from "@/lib/platform/db/collections";
import { assetDetails } from "@/lib/platform/db/collections-library";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import {
  isWebLink,
  productInputSchema,
  productPatchSchema,
  type ProductContentItem,
  type ProductView,
} from "./contract";
import { productNameLower, products, type ProductDoc } from "./collections";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface ProductDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
}

export const PRODUCT_PAGE_SIZE = 24;

function notFound(): ApiError {
  return new ApiError("not_found", "There is no such product.");
}

export function priceToString(amount: number | null): string | null {
  if (amount === null) return null;
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function priceToAmount(price: string | null | undefined): number | null {
  if (price === null || price === undefined || price === "") return null;
  const n = Number(price);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
}

export async function toProductView(deps: ProductDeps, id: string, doc: ProductDoc): Promise<ProductView> {
  const ttl = signedUrlTtl(deps.now?.());
  const images = (
    await Promise.all(
      doc.image_asset_ids.map(async (assetId) => {
        const [a, d] = await Promise.all([
          deps.db.collection(assets).doc(assetId).get(),
          deps.db.collection(assetDetails).doc(assetId).get(),
        ]);
        // An asset deleted from /assets simply drops out of the product's pictures.
        if (!a || a.data.owner_id !== doc.owner_id) return null;
        const url = await deps.store.signedUrl(a.data.storage_key, { expiresInSeconds: ttl });
        const thumb = d?.data.thumbnail_key
          ? await deps.store.signedUrl(d.data.thumbnail_key, { expiresInSeconds: ttl })
          : url;
        return { asset_id: assetId, url, thumbnail_url: thumb };
      }),
    )
  ).filter((x): x is NonNullable<typeof x> => x !== null);
  return {
    id,
    name: doc.name,
    description: doc.description,
    price: priceToString(doc.price_amount),
    currency: doc.currency,
    brand: doc.brand,
    points: doc.points,
    images,
    // Stored before links were held to http(s): anything else is not shown (nor offered as a link).
    link: doc.link && isWebLink(doc.link) ? doc.link : null,
    source: doc.source,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export async function ownedProduct(db: Db, uid: string, id: string): Promise<ProductDoc> {
  if (!DOC_ID.test(id)) throw notFound();
  const snap = await db.collection(products).doc(id).get();
  if (!snap || snap.data.owner_id !== uid) throw notFound();
  return snap.data;
}

/** Checks that every asset id is one of the user's pictures. */
export async function assertOwnImages(
  db: Db,
  uid: string,
  ids: readonly string[],
  path = "image_asset_ids",
): Promise<void> {
  for (const [i, id] of ids.entries()) {
    const a = DOC_ID.test(id) ? await db.collection(assets).doc(id).get() : null;
    if (!a || a.data.owner_id !== uid)
      throw new ApiError("unprocessable_entity", "One of the images is not among your assets.", {
        issues: [{ path: `${path}.${i}`, message: "unknown asset" }],
      });
    if (!a.data.content_type.startsWith("image/"))
      throw new ApiError("unprocessable_entity", "Product images must be pictures.", {
        issues: [{ path: `${path}.${i}`, message: "not an image" }],
      });
  }
}

export async function getProduct(deps: ProductDeps, uid: string, id: string): Promise<ProductView> {
  return toProductView(deps, id, await ownedProduct(deps.db, uid, id));
}

export async function listProducts(
  deps: ProductDeps,
  uid: string,
  opts: { q?: string | null; cursor?: string | null; limit?: number } = {},
): Promise<{ items: ProductView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(opts.limit ?? PRODUCT_PAGE_SIZE, 1), 100);
  const col = deps.db.collection(products);
  const q = (opts.q ?? "").trim().toLowerCase().slice(0, 200);
  let query = q
    ? col
        .where("owner_id", "==", uid)
        .where("name_lower", ">=", q)
        .where("name_lower", "<=", `${q}\uf8ff`)
        .orderBy("name_lower", "asc")
    : col.where("owner_id", "==", uid).orderBy("created_at", "desc");
  if (opts.cursor) {
    const after = DOC_ID.test(opts.cursor) ? await col.doc(opts.cursor).get() : null;
    if (!after || after.data.owner_id !== uid) return { items: [], nextCursor: null };
    query = query.startAfter(after);
  }
  const rows = await query.limit(limit + 1).get();
  const page = rows.slice(0, limit);
  return {
    items: await Promise.all(page.map((r) => toProductView(deps, r.id, r.data))),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

/** Builds the stored document from checked input (no write). */
export function productDoc(
  uid: string,
  input: ReturnType<typeof productInputSchema.parse>,
  source: ProductDoc["source"],
  at: string,
  rating: ProductDoc["rating"] = null,
): ProductDoc {
  return {
    owner_id: uid,
    name: input.name,
    name_lower: productNameLower(input.name),
    description: input.description,
    price_amount: priceToAmount(input.price),
    currency: input.currency,
    brand: input.brand,
    points: input.points,
    image_asset_ids: [...new Set(input.image_asset_ids)],
    link: input.link,
    source,
    rating,
    created_at: at,
    updated_at: at,
  };
}

export async function createProduct(deps: ProductDeps, uid: string, raw: unknown): Promise<ProductView> {
  const parsed = productInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those product details are not valid.");
  await assertOwnImages(deps.db, uid, parsed.data.image_asset_ids);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  const ref = deps.db.collection(products).doc();
  const doc = productDoc(uid, parsed.data, "manual", at);
  await ref.create(doc);
  return toProductView(deps, ref.id, doc);
}

export async function updateProduct(deps: ProductDeps, uid: string, id: string, raw: unknown): Promise<ProductView> {
  const parsed = productPatchSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those changes are not valid.");
  const patch = parsed.data;
  if (patch.image_asset_ids) await assertOwnImages(deps.db, uid, patch.image_asset_ids);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  const ref = deps.db.collection(products).doc(DOC_ID.test(id) ? id : "-");
  const next = await deps.db.runTransaction(async (tx) => {
    const snap = DOC_ID.test(id) ? await tx.get(ref) : null;
    if (!snap || snap.data.owner_id !== uid) throw notFound();
    const d = snap.data;
    const updated: ProductDoc = {
      ...d,
      ...(patch.name !== undefined ? { name: patch.name, name_lower: productNameLower(patch.name) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.price !== undefined ? { price_amount: priceToAmount(patch.price) } : {}),
      ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
      ...(patch.brand !== undefined ? { brand: patch.brand } : {}),
      ...(patch.points !== undefined ? { points: patch.points } : {}),
      ...(patch.image_asset_ids !== undefined ? { image_asset_ids: [...new Set(patch.image_asset_ids)] } : {}),
      ...(patch.link !== undefined ? { link: patch.link } : {}),
      updated_at: at,
    };
    tx.set(ref, updated);
    return updated;
  });
  return toProductView(deps, id, next);
}

/** Deletes the product only: its images stay in /assets and the content made from it stays. */
export async function deleteProduct(deps: ProductDeps, uid: string, id: string): Promise<void> {
  await ownedProduct(deps.db, uid, id);
  await deps.db.collection(products).doc(id).delete();
}

function hrefFor(kind: string, id: string): string {
  if (kind === "video") return `/videos/${id}`;
  if (kind === "image") return `/image-gen/${id}`;
  return `/content/${id}`;
}

export async function productContent(
  deps: ProductDeps,
  uid: string,
  id: string,
  limit = 50,
): Promise<ProductContentItem[]> {
  await ownedProduct(deps.db, uid, id);
  const ttl = signedUrlTtl(deps.now?.());
  // The index (owner_id, settings.product_id, created_at desc) is declared with the content collection.
  const col = deps.db.collection(content) as unknown as {
    where(
      field: string,
      op: "==",
      value: unknown,
    ): {
      where(
        field: string,
        op: "==",
        value: unknown,
      ): {
        orderBy(
          f: string,
          d: "desc",
        ): {
          limit(n: number): {
            get(): Promise<{ id: string; data: import("@/lib/platform/db/collections").ContentDoc }[]>;
          };
        };
      };
    };
  };
  const rows = await col
    .where("owner_id", "==", uid)
    .where("settings.product_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(limit)
    .get();
  return Promise.all(
    rows.map(async (r) => {
      const d = r.data;
      const thumbKey =
        d.blobs.thumbnail ??
        d.blobs.poster ??
        (d.settings as { video?: { files?: { poster_key?: string } } }).video?.files?.poster_key ??
        (d.settings as { files?: { poster_key?: string } }).files?.poster_key ??
        null;
      return {
        id: r.id,
        kind: d.kind,
        title: d.title,
        status: d.status,
        href: hrefFor(d.kind, r.id),
        thumbnail_url: thumbKey ? await deps.store.signedUrl(thumbKey, { expiresInSeconds: ttl }) : null,
        created_at: d.created_at,
      };
    }),
  );
}
