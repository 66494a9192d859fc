import "server-only";
/**
 * Product facts → a product in the catalogue and a video made from it, the
 * same way a prompt makes one (createVideo: plan, storyboard, render, edit,
 * share). Picked image URLs are fetched through the URL guard and saved as
 * the owner's assets; they go into the scenes' picture slots and onto the
 * product. All or nothing: when any step fails, what this call wrote (video,
 * product, assets) is removed again and nothing is charged.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { uploadAsset } from "@/lib/media/assets/assets";
import { deleteAsset } from "@/lib/creation/workspace/asset-usage";
import type { MediaValue } from "@/lib/engine/composition/composition-schema";
import { assets } from "@/lib/platform/db/collections";
import { products, type ProductDoc } from "@/lib/creation/products/collections";
import { assertOwnImages, ownedProduct, productDoc } from "@/lib/creation/products/service";
import { priceInputSchema } from "@/lib/creation/products/contract";
import { createVideoInputSchema, type CreateVideoInput, type VideoView } from "@/lib/creation/video/contract";
import { MAX_BRIEF_CHARS } from "@/lib/creation/video/contract";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { deleteVideo } from "@/lib/creation/video/service/delete-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { productFactsSchema, type ProductFacts } from "./contract";
import { isLinkError } from "@/lib/platform/http/errors";
import { safeFetch, type Resolver } from "@/lib/platform/http/safe-fetch";
import { trimEndChars } from "@/lib/creation/video/brief/clean-product-name";

export interface ProductVideoInput {
  facts: ProductFacts;
  video: Omit<CreateVideoInput, "brief"> & { brief?: string };
  source: "link" | "manual" | "bulk";
  productId?: string;
}

export interface ProductVideoOptions {
  signal?: AbortSignal;
  /** Tests inject these for the image fetches. */
  resolver?: Resolver;
  allowHosts?: readonly string[];
  /** Render with this published version of the template (production pipelines); see CreateVideoExtra. */
  templateVersion?: number | null;
}

/** "$4.99", "€22.50", "£5": how a shopper writes it; a price that is not a plain number stays as the page wrote it. */
export function formatPrice(price: string | null, currency: string | null): string | null {
  if (!price) return null;
  if (!currency) return price;
  const amount = /^\d+(?:\.\d+)?$/.test(price) ? Number(price) : Number.NaN;
  if (Number.isFinite(amount)) {
    try {
      const whole = Number.isInteger(amount);
      return (
        new Intl.NumberFormat("en-US", {
          style: "currency",
          currency,
          minimumFractionDigits: whole ? 0 : undefined,
          maximumFractionDigits: whole ? 0 : undefined,
        })
          .format(amount)
          // Intl puts a no-break space after a code ("LKR 149,999"): a plain one, as the reader and the facts check expect.
          .replaceAll("\u00a0", " ")
      );
    } catch {
      // Not an ISO currency Intl knows: as written, with its code.
    }
  }
  return `${price} ${currency}`;
}

/** The writer's brief: the product's own words, name first so every plan opens with it. */
export function productBrief(
  facts: {
    name: string;
    description: string;
    price: string | null;
    currency: string | null;
    brand: string | null;
    points: string[];
  },
  extra?: string,
): string {
  // A page's description often repeats its points: each sentence is said once.
  const said = new Set(facts.points.map((p) => trimEndChars(p.toLowerCase(), ".!? ")));
  const lines = [
    `${facts.name}${facts.brand && !facts.name.toLowerCase().includes(facts.brand.toLowerCase()) ? ` by ${facts.brand}` : ""}.`,
    ...facts.points.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)),
    facts.description
      ? facts.description
          .split(/(?<=[.!?])\s+/)
          .filter((s) => !said.has(trimEndChars(s.toLowerCase(), ".!? ")))
          .slice(0, 3)
          .join(" ")
      : "",
    formatPrice(facts.price, facts.currency) ? `${facts.name} for ${formatPrice(facts.price, facts.currency)}.` : "",
    extra?.trim() ?? "",
  ].filter(Boolean);
  return lines.join(" ").slice(0, MAX_BRIEF_CHARS);
}

function fileNameFor(url: string, i: number): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last).slice(0, 120) : `product-image-${i + 1}`;
  } catch {
    return `product-image-${i + 1}`;
  }
}

export async function createProductVideo(
  deps: VideoDeps,
  uid: string,
  input: ProductVideoInput,
  opts: ProductVideoOptions = {},
): Promise<{ productId: string; video: VideoView }> {
  const parsedFacts = productFactsSchema.safeParse(input.facts);
  if (!parsedFacts.success) throw ApiError.fromZod(parsedFacts.error, "Those product details are not valid.");
  const facts = parsedFacts.data;
  const price = priceInputSchema.safeParse(facts.price);
  if (!price.success)
    throw new ApiError("unprocessable_entity", "Write the price as a number such as 49.99.", {
      issues: [{ path: "facts.price", message: "invalid price" }],
    });
  const brief = productBrief({ ...facts, price: price.data }, input.video.brief);
  // Settings are checked before anything is fetched or written.
  const videoInput = createVideoInputSchema.safeParse({ ...input.video, brief });
  if (!videoInput.success) throw ApiError.fromZod(videoInput.error, "Those video settings are not valid.");
  const renderNow = videoInput.data.render_now;

  const existing: { id: string; doc: ProductDoc } | null = input.productId
    ? { id: input.productId, doc: await ownedProduct(deps.db, uid, input.productId) }
    : null;
  await assertOwnImages(deps.db, uid, facts.image_asset_ids, "facts.image_asset_ids");

  const created = { assets: [] as string[], productId: null as string | null, videoId: null as string | null };
  const rollback = async () => {
    if (created.videoId)
      await deleteVideo(deps, uid, created.videoId).catch((e) => console.error("[links] rollback: video", e));
    if (created.productId)
      await deps.db
        .collection(products)
        .doc(created.productId)
        .delete()
        .catch((e) => console.error("[links] rollback: product", e));
    for (const id of created.assets)
      await deleteAsset({ db: deps.db, store: deps.store, uid, id, force: true }).catch((e: unknown) =>
        console.error("[links] rollback: asset", e),
      );
  };

  try {
    // 1. The picked pages' pictures become the owner's assets (a picture that cannot be read is skipped, not fatal).
    const fetchedIds: string[] = [];
    for (const [i, url] of facts.image_urls.entries()) {
      try {
        const img = await safeFetch(url, {
          kind: "image",
          signal: opts.signal,
          resolver: opts.resolver,
          allowHosts: opts.allowHosts,
        });
        const asset = await uploadAsset({
          db: deps.db,
          store: deps.store,
          uid,
          name: fileNameFor(img.url, i),
          bytes: new Uint8Array(img.bytes),
        });
        created.assets.push(asset.id);
        fetchedIds.push(asset.id);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        if (!(isLinkError(e) || e instanceof ApiError)) throw e;
        console.warn(`[links] skipped picture ${url}: ${(e as Error).message}`);
      }
    }

    // 2. The product: reused as it is, or saved with the facts and its pictures.
    const now = (deps.now ?? (() => new Date()))();
    let productId: string;
    let imageIds: string[];
    if (existing) {
      productId = existing.id;
      imageIds = [...new Set([...facts.image_asset_ids, ...fetchedIds, ...existing.doc.image_asset_ids])];
    } else {
      imageIds = [...new Set([...facts.image_asset_ids, ...fetchedIds])].slice(0, 12);
      const ref = deps.db.collection(products).doc();
      await ref.create(
        productDoc(
          uid,
          {
            name: facts.name,
            description: facts.description,
            price: price.data,
            currency: facts.currency,
            brand: facts.brand,
            points: facts.points,
            image_asset_ids: imageIds,
            link: facts.link,
          },
          input.source,
          now.toISOString(),
        ),
      );
      created.productId = ref.id;
      productId = ref.id;
    }

    // 3. The video, with the product's facts for the writer and its pictures in the scenes.
    const pictures: MediaValue[] = [];
    for (const id of imageIds) {
      const a = await deps.db.collection(assets).doc(id).get();
      if (a && a.data.owner_id === uid && a.data.content_type.startsWith("image/")) {
        pictures.push({
          type: "media",
          key: a.data.storage_key,
          media_type: a.data.content_type,
          source: "asset",
          asset_id: id,
        });
      }
    }
    const draft = await createVideo(
      deps,
      uid,
      { ...videoInput.data, render_now: false },
      {
        product: {
          name: facts.name,
          price: formatPrice(price.data, facts.currency),
          points: facts.points,
          brand: facts.brand,
          category: facts.category,
        },
        productId,
        pictures,
        templateVersion: opts.templateVersion ?? null,
      },
    );
    created.videoId = draft.id;
    const video = renderNow ? await requestRender(deps, uid, draft.id) : draft;
    return { productId, video };
  } catch (e) {
    await rollback();
    throw e;
  }
}
