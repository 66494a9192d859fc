import "server-only";
/**
 * What a saved or fetched page says about itself: metadata and JSON-LD with
 * open-graph-scraper (given the HTML, so no second fetch), the schema.org
 * Product (lib/creation/links/product-jsonld.ts), the article text with Mozilla's
 * Readability over a linkedom document, and the picture candidates. A page
 * with no product data falls back to its title, description, text and
 * pictures and says so in `notices`.
 */
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import ogs from "open-graph-scraper";
import type { ExtractedPage } from "./contract";
import { LinkError } from "@/lib/platform/http/errors";
import { normalisePrice, productFromJsonLd } from "./product-jsonld";
import { cleanProductName, trimEndChars } from "@/lib/creation/video/brief/clean-product-name";

const MAX_POINTS = 8;
const MAX_IMAGES = 12;
const POINT_MAX_CHARS = 160;

export const NO_PRODUCT_NOTICE =
  "No product data on this page: we used its title, description and text. Check the name and points.";

function clean(s: string | null | undefined): string {
  return (s ?? "").replace(/\s+/g, " ").trim();
}

function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  const { document } = parseHTML(
    `<!doctype html><html><body><textarea>${s.replace(/</g, "&lt;")}</textarea></body></html>`,
  );
  return document.querySelector("textarea")?.textContent ?? s;
}

function absolute(u: string | null | undefined, base: string): string | null {
  if (!u) return null;
  const t = u.trim();
  if (!t || t.startsWith("data:") || t.startsWith("blob:")) return null;
  try {
    const url = new URL(t, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Sentences and list lines: a full stop inside a number ("6.67″") does not end a sentence, a line break does. */
function piecesOf(text: string): string[] {
  return text
    .split(/\r?\n+|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u)
    .map(clean)
    .filter(Boolean);
}

/** Elements that end a line of text when a page is read as text. */
const BLOCKS = "p, li, div, section, article, h1, h2, h3, h4, h5, h6, br, tr, dd, dt, blockquote, ul, ol, figcaption";

/**
 * The article's text with a line break after each block, so list items and
 * paragraphs stay apart ("tin" + "Brews" is not "tinBrews", a price above a
 * list is not the first point's opening words).
 */
function linesOf(html: string | null | undefined): string {
  if (!html) return "";
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const el of Array.from(document.querySelectorAll(BLOCKS))) el.after(document.createTextNode("\n"));
  return (document.body?.textContent ?? "").split("\n").map(clean).filter(Boolean).join("\n");
}

/** Short, readable sentences for key points. */
export function pointsFrom(texts: readonly string[], max = MAX_POINTS): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of texts) {
    for (const s of piecesOf(t)) {
      const p = s.replace(/^[-•*·\s]+/, "").trim();
      if (p.length < 12 || p.length > POINT_MAX_CHARS) continue;
      if (!/\p{L}/u.test(p)) continue;
      const key = p.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(p);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** The largest-looking content pictures: skip icons, sprites, tracking pixels and SVG logos. */
function pageImages(document: Document, base: string): string[] {
  const out: string[] = [];
  const imgs = Array.from(
    document.querySelectorAll("main img, article img, [itemtype*='Product'] img, img"),
  ) as HTMLImageElement[];
  for (const img of imgs) {
    const w = Number(img.getAttribute("width") ?? "0");
    const h = Number(img.getAttribute("height") ?? "0");
    if ((w > 0 && w < 120) || (h > 0 && h < 120)) continue;
    const srcset = img.getAttribute("srcset") ?? img.getAttribute("data-srcset");
    // The widest candidate of a srcset, else src / lazy-load attributes.
    let src =
      img.getAttribute("data-zoom-image") ??
      img.getAttribute("data-large_image") ??
      img.getAttribute("data-old-hires") ??
      null;
    if (!src && srcset) {
      const candidates = srcset
        .split(",")
        .map((c) => c.trim().split(/\s+/))
        .map(([u, d]) => ({ u, w: Number((d ?? "").replace(/[^\d.]/g, "")) || 0 }))
        .filter((c) => c.u);
      src = candidates.sort((a, b) => b.w - a.w)[0]?.u ?? null;
    }
    src ??= img.getAttribute("data-src") ?? img.getAttribute("src");
    const abs = absolute(src, base);
    if (!abs) continue;
    if (/\.svg(\?|$)|sprite|pixel|spacer|logo|icon|badge|avatar|gravatar|payment|flag/i.test(abs)) continue;
    out.push(abs);
  }
  return out;
}

/** What a marketplace writes around every item, not about this one. */
const SHOP_BOILERPLATE = [
  "favorites from etsy shoppers",
  "download it once and read it on your kindle device",
  "use features like bookmarks, note taking and highlighting",
  "read it on your kindle device",
];

/**
 * A marketplace's own summary line ("This Mugs item by ClayAndKiln has 312
 * favorites from Etsy shoppers. Ships from …"): the category and the shop.
 * String search, no pattern over the text.
 */
export function marketplaceLine(description: string): { category: string; shop: string } | null {
  if (!description.startsWith("This ")) return null;
  const by = description.indexOf(" item by ");
  if (by < 6 || by > 90) return null;
  const has = description.indexOf(" has ", by);
  const shopEnd = has > 0 ? has : description.indexOf(".", by);
  if (shopEnd < 0 || shopEnd - by > 60) return null;
  const category = description.slice(5, by).trim();
  const shop = description.slice(by + 9, shopEnd).trim();
  return category && shop && !shop.includes(" ") ? { category, shop } : null;
}

/** A marketplace's name inside a sentence ("… at Walmart.com"). */
const MARKETPLACES = ["walmart.com", "amazon.com", "amazon.co", "etsy.com", "ebay.com"];

/** A marketplace summary's other sentences ("Ships from Portland, OR.", "Listed on Nov 2, 2026"). */
const SHOP_LINE_STARTS = ["ships from ", "listed on "];

/** A description that is the shop's boilerplate or the page's title again. */
function isShopText(description: string, title: string): boolean {
  const l = description.toLowerCase();
  const t = title.toLowerCase();
  return (
    SHOP_BOILERPLATE.some((b) => l.includes(b)) ||
    (t.length >= 8 && (l === t || l.startsWith(t))) ||
    marketplaceLine(description) !== null
  );
}

/** Key points without the page's own title (or a piece of it) repeated and without the shop's boilerplate. */
function withoutShopLines(points: readonly string[], rawName: string): string[] {
  const title = trimEndChars(rawName.toLowerCase());
  return points
    .filter((p) => {
      const l = p.toLowerCase();
      const bare = trimEndChars(l);
      if (title.length >= 8 && (l.startsWith(title) || title.includes(bare))) return false;
      if (MARKETPLACES.some((m) => l.includes(m)) && title.length >= 8 && l.includes(title.slice(0, 24))) return false;
      if (SHOP_LINE_STARTS.some((b) => l.startsWith(b))) return false;
      return !SHOP_BOILERPLATE.some((b) => l.includes(b));
    })
    .slice(0, MAX_POINTS);
}

function dedupe(urls: readonly (string | null)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const u of urls) {
    if (!u) continue;
    // Shops serve one picture at many sizes: the same path without its query is the same picture.
    const bare = u.replace(/^https?:/, "");
    const query = bare.search(/[?#]/);
    const key = (query < 0 ? bare : bare.slice(0, query)).replace(/(_\d+x\d*|_\d*x\d+)(?=\.\w+$)/, "");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(u);
  }
  return out;
}

function looksLikeSignInWall(document: Document, text: string): boolean {
  const password = document.querySelector("input[type=password]");
  if (!password) return false;
  const heading = clean(`${document.title} ${document.querySelector("h1")?.textContent ?? ""}`);
  return /\b(sign[ -]?in|log[ -]?in|login|anmelden|connexion|iniciar sesi)/i.test(heading) && text.length < 2000;
}

type Found = { price: string; currency: string | null; fromText?: boolean };

/** Price tags in the head: Open Graph product / og price, or a Twitter product card labelled PRICE. */
function metaPriceOf(meta: (name: string) => string): Found | null {
  const price = normalisePrice(meta("product:price:amount") || meta("og:price:amount"));
  const currency = (meta("product:price:currency") || meta("og:price:currency")).toUpperCase();
  if (price) return { price, currency: /^[A-Z]{3}$/.test(currency) ? currency : null };
  for (const n of [1, 2]) {
    if (!/price/i.test(meta(`twitter:label${n}`))) continue;
    const data = meta(`twitter:data${n}`);
    const p = normalisePrice(data);
    const code = /\b([A-Z]{3})\b|^([A-Z]{3})(?=[\d\s])/.exec(data);
    if (p) return { price: p, currency: code ? (code[1] ?? code[2])! : currencyOfSymbol(data) };
  }
  return null;
}

const SYMBOLS: Record<string, string> = { "€": "EUR", $: "USD", "£": "GBP", "¥": "JPY", "₹": "INR" };
function currencyOfSymbol(text: string): string | null {
  for (const [sym, code] of Object.entries(SYMBOLS)) if (text.includes(sym)) return code;
  return null;
}

/** The first price written in the page's body ("22,50 €", "$49.99"), for pages without structured data. */
function textPriceOf(document: Document): Found | null {
  const body = document.querySelector("main") ?? document.body;
  if (!body) return null;
  for (const el of Array.from(body.querySelectorAll("script, style, noscript, template, pre, code"))) el.remove();
  const found = firstTextPrice(clean(body.textContent));
  if (!found) return null;
  const price = normalisePrice(found.amount);
  return price
    ? { price, currency: /^[A-Z]{3}$/.test(found.sign) ? found.sign : (SYMBOLS[found.sign] ?? null), fromText: true }
    : null;
}

const PREFIX_SIGNS = ["$", "€", "£"];
const SUFFIX_SIGNS = ["€", "EUR", "USD", "GBP", "$", "£"];
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
/** An amount with cents: 1-6 digits, groups of three after "." or ",", then two decimals ("1.299,00", "49.99"). */
const AMOUNT = /^\d{1,6}(?:[.,]\d{3})*[.,]\d{2}$/;
const MAX_AMOUNT_CHARS = 24;

/**
 * The first amount with a currency sign before it ("$49.99", "€ 22,50") or a
 * sign or code after it ("22,50 €", "19.99 USD"). One pass: each run of
 * digits and separators is read once and tested whole, so a page of digits
 * costs its length (the regular expression this replaces restarted at every
 * digit: quadratic, 10 s for a 240 KB page).
 */
export function firstTextPrice(text: string): { amount: string; sign: string } | null {
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i])) {
      i++;
      continue;
    }
    let end = i;
    while (end < text.length && (isDigit(text[end]) || text[end] === "." || text[end] === ",")) end++;
    // A sentence's full stop or comma after the amount is not part of it.
    let last = end;
    while (last > i && !isDigit(text[last - 1])) last--;
    // "999.999.999,99" is as long as a price gets; a longer run of digits is not one.
    const amount = last - i <= MAX_AMOUNT_CHARS ? text.slice(i, last) : "";
    if (AMOUNT.test(amount)) {
      const before = text[i - 1] === " " ? text[i - 2] : text[i - 1];
      if (before !== undefined && PREFIX_SIGNS.includes(before)) return { amount, sign: before };
      const after = text.slice(text[end] === " " ? end + 1 : end, end + 4);
      const sign = last === end ? SUFFIX_SIGNS.find((s) => after.startsWith(s)) : undefined;
      if (sign) return { amount, sign };
    }
    i = end;
  }
  return null;
}

export interface ExtractInput {
  html: string;
  /** The page's URL after redirects (resolves relative links). */
  url: string;
}

export async function extractFromHtml({ html, url }: ExtractInput): Promise<ExtractedPage> {
  const { result } = await ogs({ html, onlyGetOpenGraphInfo: false }).catch(() => ({
    result: {} as Awaited<ReturnType<typeof ogs>>["result"],
  }));
  const { document } = parseHTML(html);
  const jsonLd = (result.jsonLD ?? []) as unknown[];
  const product = productFromJsonLd(jsonLd);
  const meta = (name: string) =>
    clean(document.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute("content"));

  // Readability changes the document it reads: give it its own copy.
  let article: {
    title?: string | null;
    textContent?: string | null;
    content?: string | null;
    excerpt?: string | null;
    siteName?: string | null;
  } | null = null;
  try {
    article = new Readability(parseHTML(html).document as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const articleText = linesOf(article?.content);
  if (!product && looksLikeSignInWall(document as unknown as Document, articleText)) {
    throw new LinkError(
      "sign_in_required",
      "This page asks for a sign-in before it shows anything, so we cannot read it. Use a public page, or add the product by hand.",
    );
  }

  const h1 = clean(document.querySelector("h1")?.textContent);
  let title = decodeEntities(
    clean(result.ogTitle) || clean(result.twitterTitle) || clean(document.title) || clean(article?.title) || h1,
  );
  const pageTitle = title;
  // "Product name | Shop" titles: the page's own heading is the better name when the title contains it.
  if (h1 && h1.length >= 3 && title.toLowerCase().includes(h1.toLowerCase())) title = h1;
  const pageDescription = decodeEntities(
    clean(result.ogDescription) || clean(result.twitterDescription) || meta("description") || clean(article?.excerpt),
  );
  // A marketplace's description is often its own boilerplate or the title again: the page's text says more.
  const description = isShopText(pageDescription, pageTitle) ? pointsFrom([articleText], 3).join(" ") : pageDescription;
  const siteName = clean(result.ogSiteName) || clean(article?.siteName) || null;
  // The shop's title keeps the author and category even when the heading gives the name.
  const fromTitle = cleanProductName(pageTitle, { siteName });
  const listing = marketplaceLine(pageDescription);

  const metaImages = [...(result.ogImage ?? []), ...(result.twitterImage ?? [])].map((i) =>
    absolute((i as { url?: string }).url, url),
  );
  const notices: string[] = [];
  let page: ExtractedPage;
  if (product) {
    const rawName = decodeEntities(product.name);
    const cleaned = cleanProductName(rawName, { siteName });
    const name = cleaned.name;
    const productDescription = decodeEntities(product.description) || description;
    const metaPrice = normalisePrice(meta("product:price:amount") || meta("og:price:amount"));
    const price = product.price ?? metaPrice;
    const currency =
      product.currency ?? ((meta("product:price:currency") || meta("og:price:currency")).toUpperCase() || null);
    if (price === null)
      notices.push("The page names the product but shows no price: add one if you want it in the video.");
    page = {
      url,
      kind: "product",
      name,
      raw_name: rawName,
      description: productDescription.slice(0, 5000),
      price,
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
      brand: product.brand
        ? decodeEntities(product.brand)
        : (cleaned.brand ?? fromTitle.brand ?? listing?.shop ?? null),
      category: product.category
        ? decodeEntities(product.category)
        : (cleaned.category ?? fromTitle.category ?? listing?.category ?? null),
      rating: product.rating,
      points: withoutShopLines(
        pointsFrom(
          [...product.features, decodeEntities(product.description), description, articleText],
          MAX_POINTS * 2,
        ),
        rawName,
      ),
      images: dedupe([
        ...product.images.map((i) => absolute(i, url)),
        ...metaImages,
        ...pageImages(document as unknown as Document, url),
      ]).slice(0, MAX_IMAGES),
      site_name: siteName,
      notices,
    };
  } else {
    notices.push(NO_PRODUCT_NOTICE);
    const rawName = (title || h1 || new URL(url).hostname).slice(0, 200);
    const cleaned = cleanProductName(rawName, { siteName });
    const name = cleaned.name;
    const found = metaPriceOf(meta) ?? textPriceOf(document as unknown as Document);
    if (found?.fromText)
      notices.push(
        `We read the price ${found.price}${found.currency ? ` ${found.currency}` : ""} from the page's text: check it.`,
      );
    page = {
      url,
      kind: "page",
      name,
      raw_name: pageTitle || rawName,
      description: description.slice(0, 5000),
      price: found?.price ?? null,
      currency: found?.currency ?? null,
      brand: cleaned.brand ?? fromTitle.brand ?? listing?.shop ?? null,
      category: cleaned.category ?? fromTitle.category ?? listing?.category ?? null,
      rating: null,
      points: withoutShopLines(pointsFrom([articleText, description], MAX_POINTS * 2), rawName),
      images: dedupe([...metaImages, ...pageImages(document as unknown as Document, url)]).slice(0, MAX_IMAGES),
      site_name: siteName,
      notices,
    };
  }
  if (page.images.length === 0)
    notices.push(
      "We found no pictures on this page: add images from your assets, or the video gets generated pictures.",
    );
  if (page.points.length === 0 && !page.description)
    notices.push("We found little text on this page: add a few key points so the video has something to say.");
  return page;
}
