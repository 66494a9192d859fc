/**
 * schema.org Product in JSON-LD, as shops write it: a Product at the top, in
 * an array, inside `@graph`, or as a ProductGroup's variant; `offers` as an
 * Offer, a list of them, an AggregateOffer (lowPrice) or with a
 * priceSpecification; `image` as a string, a list, or ImageObjects; `brand`
 * as a string or a Brand/Organization. Pure.
 */

type Json = unknown;
type Obj = Record<string, Json>;

export interface JsonLdProduct {
  name: string;
  description: string;
  price: string | null;
  currency: string | null;
  brand: string | null;
  /** The shop's category, its last step when written as a path ("Home & Living > Drinkware" -> "Drinkware"). */
  category: string | null;
  images: string[];
  rating: { value: number; count: number | null } | null;
  /** Free-form features some shops list (additionalProperty values, "feature" text). */
  features: string[];
}

const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: Json): Json[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function types(o: Obj): string[] {
  return list(o["@type"]).map((t) =>
    String(t)
      .replace(/^https?:\/\/schema\.org\//i, "")
      .toLowerCase(),
  );
}

function text(v: Json): string {
  if (typeof v === "string") return v.trim();
  if (typeof v === "number") return String(v);
  if (isObj(v)) return text(v["name"] ?? v["@value"] ?? "");
  if (Array.isArray(v)) return text(v[0]);
  return "";
}

/** Every object in the JSON-LD blocks, depth first (graphs, arrays, nested values). */
function* walk(v: Json, depth = 0): Generator<Obj> {
  if (depth > 8) return;
  if (Array.isArray(v)) {
    for (const x of v) yield* walk(x, depth + 1);
  } else if (isObj(v)) {
    yield v;
    for (const [k, x] of Object.entries(v)) if (k !== "@context" && typeof x === "object") yield* walk(x, depth + 1);
  }
}

export function findProducts(blocks: readonly Json[]): Obj[] {
  const out: Obj[] = [];
  for (const o of walk(blocks as Json)) {
    const t = types(o);
    if (
      t.includes("product") ||
      t.includes("productgroup") ||
      t.includes("individualproduct") ||
      t.includes("productmodel")
    )
      out.push(o);
  }
  return out;
}

function priceOf(value: Json): string | null {
  if (value === undefined || value === null || value === "") return null;
  const raw = typeof value === "number" ? String(value) : String(value).trim();
  // "1,299.00", "19,99", "$49.99": keep the digits and the last decimal separator.
  const cleaned = raw.replace(/[^\d.,]/g, "");
  if (!/\d/.test(cleaned)) return null;
  const lastSep = Math.max(cleaned.lastIndexOf("."), cleaned.lastIndexOf(","));
  const decimals = lastSep >= 0 ? cleaned.length - lastSep - 1 : 0;
  let normal: string;
  if (lastSep >= 0 && decimals > 0 && decimals <= 2)
    normal = `${cleaned.slice(0, lastSep).replace(/[.,]/g, "")}.${cleaned.slice(lastSep + 1)}`;
  else normal = cleaned.replace(/[.,]/g, "");
  const n = Number(normal);
  if (!Number.isFinite(n) || n < 0) return null;
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function offerPrice(offers: Json): { price: string | null; currency: string | null } {
  for (const o of list(offers)) {
    if (!isObj(o)) continue;
    const spec = list(o["priceSpecification"]).find(isObj);
    const price =
      priceOf(o["price"]) ?? priceOf(o["lowPrice"]) ?? (spec ? priceOf(spec["price"] ?? spec["minPrice"]) : null);
    const currency = text(o["priceCurrency"]) || (spec ? text(spec["priceCurrency"]) : "") || null;
    if (price !== null)
      return { price, currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : null };
    // An AggregateOffer may nest its offers.
    const nested = offerPrice(o["offers"]);
    if (nested.price !== null) return nested;
  }
  return { price: null, currency: null };
}

function imagesOf(v: Json): string[] {
  const out: string[] = [];
  for (const x of list(v)) {
    if (typeof x === "string") out.push(x.trim());
    else if (isObj(x)) {
      const u = x["contentUrl"] ?? x["url"] ?? x["@id"];
      if (typeof u === "string") out.push(u.trim());
      else out.push(...imagesOf(u));
    }
  }
  return out.filter(Boolean);
}

function ratingOf(v: Json): JsonLdProduct["rating"] {
  const r = list(v).find(isObj);
  if (!r) return null;
  const value = Number(r["ratingValue"]);
  const best = Number(r["bestRating"] ?? 5) || 5;
  if (!Number.isFinite(value) || value <= 0) return null;
  const count = Number(r["reviewCount"] ?? r["ratingCount"]);
  return {
    value: Math.round(Math.min(5, (value / best) * 5) * 10) / 10,
    count: Number.isFinite(count) && count >= 0 ? Math.round(count) : null,
  };
}

function categoryOf(v: Json): string | null {
  const steps = text(v)
    .split(/\s?[>/|]\s?/u)
    .map((x) => x.trim())
    .filter(Boolean);
  const last = steps[steps.length - 1] ?? "";
  return last && last.length <= 80 && !/^https?:/iu.test(text(v)) ? last : null;
}

/** The page's main product: the first Product with a name, its price taken from it or its variants. */
export function productFromJsonLd(blocks: readonly Json[]): JsonLdProduct | null {
  const products = findProducts(blocks).filter((p) => text(p["name"]).length > 0);
  const main = products[0];
  if (!main) return null;
  let { price, currency } = offerPrice(main["offers"]);
  const images = imagesOf(main["image"]);
  // A ProductGroup keeps its prices and pictures on the variants.
  for (const v of list(main["hasVariant"]).filter(isObj)) {
    if (price === null) ({ price, currency } = offerPrice(v["offers"]));
    if (images.length === 0) images.push(...imagesOf(v["image"]));
  }
  const features = list(main["additionalProperty"])
    .filter(isObj)
    .map((p) => [text(p["name"]), text(p["value"])].filter(Boolean).join(": "))
    .filter((s) => s.length > 0 && s.length <= 120);
  return {
    name: text(main["name"]),
    description: text(main["description"]),
    price,
    currency,
    brand: text(main["brand"]) || text(main["manufacturer"]) || null,
    category: categoryOf(main["category"]),
    images,
    rating: ratingOf(main["aggregateRating"]),
    features,
  };
}

export { priceOf as normalisePrice };
