/**
 * Extraction on saved real-world pages (tests/fixtures/links, sources in its
 * README) and on the JSON-LD shapes shops write.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { LinkError } from "@/lib/platform/http/errors";
import { extractFromHtml, firstTextPrice, NO_PRODUCT_NOTICE } from "./extract-html";
import { HTML_MAX_BYTES } from "@/lib/platform/http/safe-fetch";
import { productFromJsonLd } from "./product-jsonld";
import { trimEndChars } from "@/lib/creation/video/brief/clean-product-name";

const fixture = (name: string) => readFileSync(path.join(process.cwd(), "tests/fixtures/links", name), "utf8");

/** Shop pages: the name without the shop's additions, the author or brand and the category in their own fields. */
const SHOP_PAGES: {
  file: string;
  url: string;
  name: string;
  brand: string | null;
  category: string | null;
  price: string;
  currency: string;
  point: string;
}[] = [
  {
    file: "amazon-kindle-book.html",
    url: "https://www.amazon.com/Whole-Truth-Shaw-Book-ebook/dp/B000VMHMJK",
    name: "The Whole Truth",
    brand: "David Baldacci",
    category: "Mystery, Thriller & Suspense books",
    price: "4.99",
    currency: "USD",
    point: "A war is being sold to the world one rumour at a time.",
  },
  {
    file: "amazon-bottle.html",
    url: "https://www.amazon.com/Trailmark-Insulated-Stainless-Steel-Bottle/dp/B0EXAMPLE1",
    name: "Trailmark Insulated Stainless Steel Water Bottle, 32 oz, Keeps Drinks Cold 24 Hours",
    brand: null,
    category: "Sports & Outdoors",
    price: "27.99",
    currency: "USD",
    point: "Double-wall vacuum insulation keeps drinks cold for 24 hours and hot for 12.",
  },
  {
    file: "etsy-mug.html",
    url: "https://www.etsy.com/listing/5555555555/hand-thrown-stoneware-mug",
    name: "Hand-Thrown Stoneware Mug in Speckled Oatmeal Glaze, 12 oz",
    brand: "ClayAndKiln",
    category: "Mugs",
    price: "38",
    currency: "USD",
    point: "Holds 12 oz, a generous cup of coffee with room for milk.",
  },
  {
    file: "walmart-bottle.html",
    url: "https://www.walmart.com/ip/123456789",
    name: "Mainstays 24 oz Stainless Steel Water Bottle with Flip Lid, Sage",
    brand: "Mainstays",
    category: "Water Bottles",
    price: "9.97",
    currency: "USD",
    point: "One-hand flip lid that locks shut",
  },
  {
    file: "shopify-tea.html",
    url: "https://kettleandleaf.example/products/smoky-lapsang-souchong",
    name: "Smoky Lapsang Souchong Loose Leaf Tea, 100 g",
    brand: null,
    category: null,
    price: "14.50",
    currency: "GBP",
    point: "100 g of whole loose leaves in a resealable tin",
  },
];

/** What a shop adds to a name, anywhere in it. */
const SHOP_SUFFIX =
  /kindle|edition|ebook|paperback|hardcover|\bby\s|amazon|walmart|etsy|kettle & leaf|@|\s[|–-]\s\S+$|:\s*(?:books|electronics|sports)/iu;

describe("shop pages: the product's name without the shop's additions", () => {
  for (const shop of SHOP_PAGES) {
    it(`${shop.file}: name, brand or author, category; no suffix in the name, the points or the description`, async () => {
      const page = await extractFromHtml({ html: fixture(shop.file), url: shop.url });
      expect(page).toMatchObject({
        name: shop.name,
        brand: shop.brand,
        category: shop.category,
        price: shop.price,
        currency: shop.currency,
      });
      expect(page.name).not.toMatch(SHOP_SUFFIX);
      // The raw title stays available, and differs where the shop added something.
      expect(page.raw_name.length).toBeGreaterThan(page.name.length);
      expect(page.raw_name).toContain(page.name);
      expect(page.points).toContain(shop.point);
      for (const p of page.points) {
        // No piece of the shop's title, no marketplace boilerplate, no price glued to a sentence.
        expect(page.raw_name.toLowerCase()).not.toContain(trimEndChars(p.toLowerCase()));
        expect(p).not.toMatch(/Download it once|favorites from Etsy|Ships from|at Walmart\.com|^[$£€]\d/u);
      }
      expect(page.description).not.toMatch(/Download it once|favorites from Etsy|^Amazon\.com/u);
      expect(page.description.length).toBeGreaterThan(20);
      expect(page.images.length).toBeGreaterThan(0);
    });
  }
});

describe("saved pages", () => {
  it("a WooCommerce product (xmobile.lk): Product in a nested @graph, price in a priceSpecification list", async () => {
    const page = await extractFromHtml({
      html: fixture("xmobile-redmi.html"),
      url: "https://xmobile.lk/product/xiaomi-redmi-note-14-pro-plus-5g-12gb-ram-512gb/",
    });
    expect(page).toMatchObject({
      kind: "product",
      name: "Xiaomi Redmi Note 14 Pro Plus 5G 12GB RAM 512GB",
      price: "149999",
      currency: "LKR",
      brand: "Xiaomi",
      notices: [],
    });
    expect(page.images).toEqual([
      "https://xmobile.lk/wp-content/uploads/2025/03/Xiaomi-Redmi-Note-14-Pro-5G-8GB-RAM-256GB3.jpg",
    ]);
    // The description's lines become points; "6.67″" is not cut at its decimal point.
    expect(page.points).toContain("Display: 6.67″ OLED, 120Hz refresh rate.");
    expect(page.points).toContain("Battery: 5110mAh, 45W fast charging.");
    expect(page.points.length).toBeLessThanOrEqual(8);
  });

  it("a bookshop page with no structured data (gibertjeune.fr): the heading, the price in the text, and a notice", async () => {
    const page = await extractFromHtml({
      html: fixture("gibert-jeune-book.html"),
      url: "https://www.gibertjeune.fr/article/7466710-la-legende-de-darkseid-ostrander-john-urban-comics",
    });
    expect(page).toMatchObject({
      kind: "page",
      name: "La légende de Darkseid",
      price: "22.50",
      currency: "EUR",
      images: [],
    });
    expect(page.notices).toContain(NO_PRODUCT_NOTICE);
    expect(page.notices.join(" ")).toMatch(/22\.50 EUR from the page's text/);
    expect(page.notices.join(" ")).toMatch(/no pictures/);
  });

  it("a supermarket page with only a Twitter product card (spinneyslebanon.com)", async () => {
    const page = await extractFromHtml({
      html: fixture("spinneys-feta.html"),
      url: "https://www.spinneyslebanon.com/mevgal-bio-feta-cheese-200g.html",
    });
    expect(page).toMatchObject({ kind: "page", name: "Mevgal Bio Feta Cheese 200g", price: "139999", currency: "LBP" });
    expect(page.description).toMatch(/^This bio feta cheese is smooth and creamy/);
    expect(page.images[0]).toMatch(
      /^https:\/\/d145dj1pf6foch\.cloudfront\.net\/catalog\/product\/.+489874-v001-1_1\.jpg$/,
    );
    expect(page.notices).toContain(NO_PRODUCT_NOTICE);
  });

  it("an article (anisse.astier.eu): the heading as the name, its sentences as points, no price", async () => {
    const page = await extractFromHtml({
      html: fixture("astier-article.html"),
      url: "https://anisse.astier.eu/awk-driven-iot.html",
    });
    expect(page).toMatchObject({ kind: "page", name: "awk driven IoT", price: null, currency: null });
    expect(page.points[0]).toBe(
      "With a Raspberry Pi or other modern single-board computers, you can make very simple toys.",
    );
    expect(page.points.length).toBe(8);
    expect(page.points.every((p) => p.length <= 160)).toBe(true);
    expect(page.notices).toContain(NO_PRODUCT_NOTICE);
  });
});

describe("JSON-LD shapes", () => {
  it("reads arrays, AggregateOffer, ImageObject lists, brand strings, ratings and ProductGroup variants", () => {
    expect(
      productFromJsonLd([
        [
          { "@type": "WebSite", name: "Shop" },
          {
            "@type": ["Product"],
            name: "Trail Shoe",
            brand: "Acme",
            image: [{ "@type": "ImageObject", url: "https://cdn.test/a.jpg" }, "https://cdn.test/b.jpg"],
            offers: { "@type": "AggregateOffer", lowPrice: 89.5, highPrice: 120, priceCurrency: "eur" },
            aggregateRating: { ratingValue: "9", bestRating: "10", reviewCount: "31" },
          },
        ],
      ]),
    ).toMatchObject({
      name: "Trail Shoe",
      brand: "Acme",
      price: "89.50",
      currency: "EUR",
      images: ["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"],
      rating: { value: 4.5, count: 31 },
    });
    expect(
      productFromJsonLd([
        {
          "@type": "ProductGroup",
          name: "Mug",
          hasVariant: [
            {
              "@type": "Product",
              name: "Mug blue",
              image: "https://cdn.test/m.jpg",
              offers: { price: "1.299,00", priceCurrency: "EUR" },
            },
          ],
        },
      ]),
    ).toMatchObject({ name: "Mug", price: "1299", images: ["https://cdn.test/m.jpg"] });
    expect(productFromJsonLd([{ "@graph": [{ "@type": "Organization", name: "X" }] }])).toBeNull();
  });

  it("finds a sign-in wall and refuses it with a clear reason", async () => {
    const html = `<html><head><title>Sign in to continue</title></head><body><form><label>Email <input type="email"></label><label>Password <input type="password"></label><button>Log in</button></form></body></html>`;
    await expect(extractFromHtml({ html, url: "https://shop.test/account" })).rejects.toMatchObject({
      reason: "sign_in_required",
    });
    await expect(extractFromHtml({ html, url: "https://shop.test/account" })).rejects.toBeInstanceOf(LinkError);
  });
});

describe("prices in the page's text", () => {
  it("reads an amount with a sign before it or a sign or code after it, and nothing else", () => {
    expect(firstTextPrice("Now only $49.99 while stocks last")).toEqual({ amount: "49.99", sign: "$" });
    expect(firstTextPrice("Prix : 22,50 € TTC")).toEqual({ amount: "22,50", sign: "€" });
    expect(firstTextPrice("Total 1.299,00 EUR.")).toEqual({ amount: "1.299,00", sign: "EUR" });
    expect(firstTextPrice("£ 1,250.00")).toEqual({ amount: "1,250.00", sign: "£" });
    expect(firstTextPrice("Call 555.12 today, or 12.50. Then $3.")).toBeNull();
    expect(firstTextPrice("Serial 1234567.89 € is not a price")).toBeNull();
  });

  // Hostile text: one long run of digit groups. The regular expression this replaced restarted at
  // every digit (4 KB -> 32 KB took 47x longer; a 240 KB page blocked the server for 10 s).
  it("costs the text's length, up to a whole 6 MB page", async () => {
    const digits = (n: number) => `1${",234".repeat(n / 4)}`;
    const g = await growth({ size: HTML_MAX_BYTES / 8, input: digits, run: firstTextPrice });
    expect(g.ratio).toBeLessThanOrEqual(MAX_GROWTH_FOR_8X);
  });

  it("a page of digit groups with no structured data reads in linear time (the whole extraction)", async () => {
    const page = (n: number) =>
      `<html><head><title>Digits</title></head><body><main><p>1${",234".repeat(n / 4)}</p></main></body></html>`;
    const g = await growth({
      size: 24_000,
      input: page,
      run: (html) => extractFromHtml({ html, url: "https://shop.test/digits" }),
      rounds: 2,
    });
    expect(g.ratio).toBeLessThanOrEqual(MAX_GROWTH_FOR_8X);
  });
});
