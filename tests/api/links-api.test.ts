/**
 * The links and products routes called directly with real emulator tokens,
 * against saved pages served from 127.0.0.1 (listed in URL_FETCH_ALLOW_HOSTS
 * for this file only): link → facts → product + video (its name in the
 * title and scenes, its pictures in the scenes), all or nothing on failure,
 * and the catalogue (create, search, edit, content made from it, delete).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { png } from "@/tests/support/media";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

// The first import of the routes compiles them.
jest.setTimeout(30_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-links-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.URL_FETCH_ALLOW_HOSTS = "127.0.0.1";

let extract: typeof import("@/app/api/v1/links/extract/route");
let linkVideo: typeof import("@/app/api/v1/links/video/route");
let productsRoute: typeof import("@/app/api/v1/products/route");
let productRoute: typeof import("@/app/api/v1/products/[id]/route");
let productContent: typeof import("@/app/api/v1/products/[id]/content/route");
let alice: TestUser;
let bob: TestUser;
let server: http.Server;
let base: string;

const VIDEO = {
  aspect_ratio: "9:16",
  length_s: 15,
  template_id: null,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};

async function counts(uid: string) {
  const { getDb } = await import("@/lib/platform/db");
  const { content, assets } = await import("@/lib/platform/db/collections");
  const { products } = await import("@/lib/creation/products/collections");
  const db = getDb();
  return {
    products: await db.collection(products).where("owner_id", "==", uid).count(),
    assets: await db.collection(assets).where("owner_id", "==", uid).count(),
    content: await db.collection(content).where("owner_id", "==", uid).count(),
  };
}

beforeAll(async () => {
  const picture = await png(320, 320, "#2a7");
  const page = readFileSync(path.join(process.cwd(), "tests/fixtures/links/xmobile-redmi.html"), "utf8");
  server = http.createServer((rq, rs) => {
    const p = rq.url ?? "/";
    if (p === "/product")
      return void rs
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          page.replaceAll(
            "https:\\/\\/xmobile.lk\\/wp-content\\/uploads\\/2025\\/03",
            `${base.replaceAll("/", "\\/")}\\/img`,
          ),
        );
    if (p.startsWith("/img/")) return void rs.writeHead(200, { "content-type": "image/png" }).end(picture);
    if (p === "/article")
      return void rs
        .writeHead(200, { "content-type": "text/html" })
        .end(readFileSync(path.join(process.cwd(), "tests/fixtures/links/astier-article.html")));
    if (p === "/feed.json") return void rs.writeHead(200, { "content-type": "application/json" }).end("{}");
    if (p === "/members") return void rs.writeHead(403, { "content-type": "text/html" }).end("nope");
    rs.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  extract = await import("@/app/api/v1/links/extract/route");
  linkVideo = await import("@/app/api/v1/links/video/route");
  productsRoute = await import("@/app/api/v1/products/route");
  productRoute = await import("@/app/api/v1/products/[id]/route");
  productContent = await import("@/app/api/v1/products/[id]/content/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  for (const [u, credits] of [
    [alice, 50],
    [bob, 0],
  ] as const) {
    await getDb()
      .collection(users)
      .doc(u.uid)
      .create({
        user_id: u.uid,
        email: `${u.uid}@example.com`,
        name: "T",
        photo_url: null,
        provider: "password",
        is_staff: false,
        credits,
        plan: "free",
        created_at: at,
        last_login_at: at,
      });
  }
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (route: { POST: (r: never, c: never) => Promise<Response> }, url: string, token: string, body: unknown) =>
  route.POST(req(url, { method: "POST", token, json: body }) as never, noParams as never);

it("extracts a product page's facts, free and without saving anything", async () => {
  expect(
    (await extract.POST(req("/api/v1/links/extract", { method: "POST", json: { url: `${base}/product` } }), noParams))
      .status,
  ).toBe(401);
  const before = await counts(alice.uid);
  const { status, body } = await json(
    await post(extract, "/api/v1/links/extract", alice.token, { url: `${base}/product` }),
  );
  expect(status).toBe(200);
  expect(body.data).toMatchObject({
    kind: "product",
    name: "Xiaomi Redmi Note 14 Pro Plus 5G 12GB RAM 512GB",
    price: "149999",
    currency: "LKR",
    brand: "Xiaomi",
  });
  expect(body.data.images).toEqual([`${base}/img/Xiaomi-Redmi-Note-14-Pro-5G-8GB-RAM-256GB3.jpg`]);
  expect(await counts(alice.uid)).toEqual(before);
});

it("refuses bad links with a typed 4xx and a reason", async () => {
  const cases: [string, number, string][] = [
    ["http://169.254.169.254/latest/meta-data/", 422, "blocked_address"],
    ["http://localhost:3000/", 422, "blocked_address"],
    ["ftp://example.com/file", 422, "invalid_url"],
    [`${base}/feed.json`, 415, "not_html"],
    [`${base}/members`, 422, "sign_in_required"],
    [`${base}/missing`, 422, "not_found"],
  ];
  for (const [url, status, reason] of cases) {
    const res = await json(await post(extract, "/api/v1/links/extract", alice.token, { url }));
    expect([url, res.status, res.body.error.issues?.[0]?.message]).toEqual([url, status, reason]);
    expect(res.body.error.message.length).toBeGreaterThan(10);
  }
  expect((await post(extract, "/api/v1/links/extract", alice.token, { url: "" })).status).toBe(422);
});

it("makes the product and its video: the name in the title and scenes, the page's picture in the scenes, the content linked back", async () => {
  const page = (await json(await post(extract, "/api/v1/links/extract", alice.token, { url: `${base}/product` }))).body
    .data;
  const facts = {
    name: page.name,
    description: page.description,
    price: page.price,
    currency: page.currency,
    brand: page.brand,
    points: ["Edited: a 6.67 inch OLED screen at 120Hz.", ...page.points.slice(1, 3)],
    image_urls: page.images,
    link: page.url,
  };
  const made = await json(await post(linkVideo, "/api/v1/links/video", alice.token, { facts, video: VIDEO }));
  expect(made.status).toBe(201);
  const { product_id, video } = made.body.data;
  expect(video.title).toContain("Xiaomi Redmi Note 14 Pro Plus");
  const texts = video.composition.scenes.flatMap((s: { values: Record<string, { type: string; text?: string }> }) =>
    Object.values(s.values)
      .filter((v) => v.type === "text")
      .map((v) => v.text),
  );
  expect(texts.some((t: string) => t.includes("Xiaomi Redmi Note"))).toBe(true);
  const media = video.composition.scenes.flatMap(
    (s: { values: Record<string, { type: string; source?: string; asset_id?: string }> }) =>
      Object.values(s.values).filter((v) => v.type === "media"),
  );
  expect(media.length).toBeGreaterThan(0);
  expect(media[0]).toMatchObject({ source: "asset" });

  const product = (
    await json(
      await productRoute.GET(req(`/api/v1/products/${product_id}`, { token: alice.token }), withId(product_id)),
    )
  ).body.data;
  expect(product).toMatchObject({
    name: page.name,
    price: "149999",
    currency: "LKR",
    brand: "Xiaomi",
    source: "link",
    link: `${base}/product`,
  });
  expect(product.points[0]).toBe("Edited: a 6.67 inch OLED screen at 120Hz.");
  expect(product.images).toHaveLength(1);
  expect(product.images[0].asset_id).toBe(media[0].asset_id);
  const madeFrom = (
    await json(
      await productContent.GET(
        req(`/api/v1/products/${product_id}/content`, { token: alice.token }),
        withId(product_id),
      ),
    )
  ).body.data;
  expect(madeFrom).toEqual([expect.objectContaining({ id: video.id, kind: "video", href: `/videos/${video.id}` })]);
  expect(
    (await productContent.GET(req(`/api/v1/products/${product_id}/content`, { token: bob.token }), withId(product_id)))
      .status,
  ).toBe(404);

  // "Make a video" again from the catalogue reuses the product.
  const again = await json(
    await post(linkVideo, "/api/v1/links/video", alice.token, {
      facts: {
        name: product.name,
        price: product.price,
        currency: product.currency,
        points: product.points,
        image_asset_ids: product.images.map((i: { asset_id: string }) => i.asset_id),
      },
      video: VIDEO,
      product_id,
    }),
  );
  expect(again.status).toBe(201);
  expect(again.body.data.product_id).toBe(product_id);
  expect(
    (
      await json(
        await productContent.GET(
          req(`/api/v1/products/${product_id}/content`, { token: alice.token }),
          withId(product_id),
        ),
      )
    ).body.data,
  ).toHaveLength(2);
});

it("is all or nothing: bad settings, a foreign product or a render the user cannot pay for leave nothing behind and charge nothing", async () => {
  const facts = {
    name: "Desk lamp",
    price: "29.90",
    currency: "EUR",
    points: ["Warm light for late work."],
    image_urls: [`${base}/img/lamp.png`],
  };
  const before = await counts(bob.uid);
  const badModel = await json(
    await post(linkVideo, "/api/v1/links/video", bob.token, { facts, video: { ...VIDEO, model_id: "nope/model" } }),
  );
  expect(badModel.status).toBe(422);
  const badFacts = await json(
    await post(linkVideo, "/api/v1/links/video", bob.token, { facts: { ...facts, name: "" }, video: VIDEO }),
  );
  expect(badFacts.status).toBe(422);
  const badPrice = await json(
    await post(linkVideo, "/api/v1/links/video", bob.token, { facts: { ...facts, price: "cheap" }, video: VIDEO }),
  );
  expect(badPrice.status).toBe(422);
  const aliceProduct = (await json(await post(productsRoute, "/api/v1/products", alice.token, { name: "Alice's mug" })))
    .body.data.id;
  expect(
    (await post(linkVideo, "/api/v1/links/video", bob.token, { facts, video: VIDEO, product_id: aliceProduct })).status,
  ).toBe(404);
  // Bob has no credits: the render is refused after the plan, and everything made on the way is removed.
  const poor = await json(
    await post(linkVideo, "/api/v1/links/video", bob.token, { facts, video: { ...VIDEO, render_now: true } }),
  );
  expect(poor.status).toBe(402);
  expect(await counts(bob.uid)).toEqual(before);
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  expect((await getDb().collection(users).doc(bob.uid).get())!.data.credits).toBe(0);
});

it("keeps a catalogue: create by hand, search by name, edit, refuse bad input, delete (its content stays)", async () => {
  const made = await json(
    await post(productsRoute, "/api/v1/products", bob.token, {
      name: "Linen Apron",
      price: "34,5",
      currency: "eur",
      points: ["Washed linen."],
      link: "https://shop.test/apron",
    }),
  );
  expect(made.status).toBe(201);
  expect(made.body.data).toMatchObject({
    name: "Linen Apron",
    price: "34.50",
    currency: "EUR",
    source: "manual",
    images: [],
  });
  await post(productsRoute, "/api/v1/products", bob.token, { name: "Oak board" });
  const id = made.body.data.id;

  const search = async (q: string, token = bob.token) =>
    (
      await json(await productsRoute.GET(req(`/api/v1/products?q=${encodeURIComponent(q)}`, { token }), noParams))
    ).body.data.map((p: { name: string }) => p.name);
  expect(await search("lin")).toEqual(["Linen Apron"]);
  expect(await search("OAK")).toEqual(["Oak board"]);
  expect(await search("")).toEqual(["Oak board", "Linen Apron"]);
  expect(await search("lin", alice.token)).toEqual([]);

  for (const bad of [
    { name: "" },
    { name: "X", price: "abc" },
    { name: "X", currency: "EURO" },
    { name: "X", link: "javascript:alert(1)" },
    { name: "X", image_asset_ids: ["not-mine"] },
    { name: "X", points: Array(9).fill("A point.") },
  ]) {
    expect((await post(productsRoute, "/api/v1/products", bob.token, bad)).status).toBe(422);
  }
  const edited = await json(
    await productRoute.PATCH(
      req(`/api/v1/products/${id}`, {
        method: "PATCH",
        token: bob.token,
        json: { name: "Linen Apron, sand", price: null },
      }),
      withId(id),
    ),
  );
  expect(edited.body.data).toMatchObject({ name: "Linen Apron, sand", price: null, currency: "EUR" });
  expect(
    (
      await productRoute.PATCH(
        req(`/api/v1/products/${id}`, { method: "PATCH", token: alice.token, json: { name: "Mine" } }),
        withId(id),
      )
    ).status,
  ).toBe(404);
  expect(
    (
      await productRoute.PATCH(
        req(`/api/v1/products/${id}`, { method: "PATCH", token: bob.token, json: {} }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  expect(await search("linen apron, s")).toEqual(["Linen Apron, sand"]);

  expect(
    (await productRoute.DELETE(req(`/api/v1/products/${id}`, { method: "DELETE", token: alice.token }), withId(id)))
      .status,
  ).toBe(404);
  expect(
    (await productRoute.DELETE(req(`/api/v1/products/${id}`, { method: "DELETE", token: bob.token }), withId(id)))
      .status,
  ).toBe(204);
  expect((await productRoute.GET(req(`/api/v1/products/${id}`, { token: bob.token }), withId(id))).status).toBe(404);
});

it("deleting a product keeps the videos made from it", async () => {
  const made = await json(
    await post(linkVideo, "/api/v1/links/video", alice.token, {
      facts: { name: "Oat Soap", points: ["Made with oats and shea butter."] },
      video: VIDEO,
    }),
  );
  expect(made.status).toBe(201);
  const { product_id, video } = made.body.data;
  expect(
    (
      await productRoute.DELETE(
        req(`/api/v1/products/${product_id}`, { method: "DELETE", token: alice.token }),
        withId(product_id),
      )
    ).status,
  ).toBe(204);
  const { getDb } = await import("@/lib/platform/db");
  const { content } = await import("@/lib/platform/db/collections");
  expect((await getDb().collection(content).doc(video.id).get())?.data.title).toContain("Oat Soap");
});
