/**
 * A product's link is a web page: only absolute http(s) addresses are kept,
 * on every way a product is made or changed (by hand, edited, from a link's
 * facts). javascript:, data:, file:, ftp:, mailto: and friends are refused
 * with a typed 422 naming the field, and nothing is saved. Real routes, real
 * emulator tokens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

jest.setTimeout(30_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-product-links-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let productsRoute: typeof import("@/app/api/v1/products/route");
let productRoute: typeof import("@/app/api/v1/products/[id]/route");
let linkVideo: typeof import("@/app/api/v1/links/video/route");
let user: TestUser;

const VIDEO = {
  aspect_ratio: "9:16",
  length_s: 15,
  template_id: null,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};

const BAD_LINKS = [
  "javascript:alert(document.cookie)",
  "JavaScript://%0aalert(1)",
  "  javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "ftp://example.com/catalogue.pdf",
  "mailto:shop@example.com",
  "vbscript:msgbox(1)",
  "http:/example.com/one-slash",
  "https:\\\\example.com\\backslashes",
  "//example.com/no-scheme",
];

async function productCount(): Promise<number> {
  const { getDb } = await import("@/lib/platform/db");
  const { products } = await import("@/lib/creation/products/collections");
  return getDb().collection(products).where("owner_id", "==", user.uid).count();
}

beforeAll(async () => {
  productsRoute = await import("@/app/api/v1/products/route");
  productRoute = await import("@/app/api/v1/products/[id]/route");
  linkVideo = await import("@/app/api/v1/links/video/route");
  user = await newUser("links");
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  await getDb()
    .collection(users)
    .doc(user.uid)
    .create({
      user_id: user.uid,
      email: `${user.uid}@example.com`,
      name: "T",
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits: 0,
      plan: "free",
      created_at: at,
      last_login_at: at,
    });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (route: { POST: (r: never, c: never) => Promise<Response> }, url: string, body: unknown) =>
  route.POST(req(url, { method: "POST", token: user.token, json: body }) as never, noParams as never);

function expectLinkRefusal(
  r: { status: number; body: { error: { code: string; issues?: { path: string }[] } } },
  field: string,
) {
  expect(r.status).toBe(422);
  expect(r.body.error.code).toBe("unprocessable_entity");
  // The links route names the field inside `facts` ("link"); the catalogue names it "link" too.
  expect(r.body.error.issues?.map((i) => i.path)).toContain(field);
}

it("keeps http and https links", async () => {
  for (const link of [
    "https://shop.example.com/p/1?colour=sand#top",
    "http://shop.example.com/p/2",
    "HTTPS://SHOP.EXAMPLE.COM/p/3",
  ]) {
    const made = await json(await post(productsRoute, "/api/v1/products", { name: "Apron", link }));
    expect(made.status).toBe(201);
    expect(made.body.data.link).toBe(link);
  }
});

it.each(BAD_LINKS)("refuses %j when a product is made by hand, edited, or made from a link's facts", async (link) => {
  const before = await productCount();
  expectLinkRefusal(await json(await post(productsRoute, "/api/v1/products", { name: "Apron", link })), "link");

  const made = await json(
    await post(productsRoute, "/api/v1/products", { name: "Board", link: "https://shop.example.com/board" }),
  );
  const id = made.body.data.id as string;
  expectLinkRefusal(
    await json(
      await productRoute.PATCH(
        req(`/api/v1/products/${id}`, { method: "PATCH", token: user.token, json: { link } }),
        withId(id),
      ),
    ),
    "link",
  );
  expect(
    (await json(await productRoute.GET(req(`/api/v1/products/${id}`, { token: user.token }), withId(id)))).body.data
      .link,
  ).toBe("https://shop.example.com/board");

  expectLinkRefusal(
    await json(
      await post(linkVideo, "/api/v1/links/video", { facts: { name: "Soap", points: ["Oats."], link }, video: VIDEO }),
    ),
    "link",
  );
  expect(await productCount()).toBe(before + 1); // only the good "Board"
});

it("a link stored before this rule is not handed out", async () => {
  const { getDb } = await import("@/lib/platform/db");
  const { products } = await import("@/lib/creation/products/collections");
  const { productDoc } = await import("@/lib/creation/products/service");
  const ref = getDb().collection(products).doc();
  await ref.create({
    ...productDoc(
      user.uid,
      {
        name: "Old",
        description: "",
        price: null,
        currency: null,
        brand: null,
        points: [],
        image_asset_ids: [],
        link: null,
      },
      "manual",
      new Date().toISOString(),
    ),
    link: "javascript:alert(1)",
  });
  const got = await json(
    await productRoute.GET(req(`/api/v1/products/${ref.id}`, { token: user.token }), withId(ref.id)),
  );
  expect(got.status).toBe(200);
  expect(got.body.data.link).toBeNull();
  const listed = (await json(await productsRoute.GET(req("/api/v1/products?q=old", { token: user.token }), noParams)))
    .body.data;
  expect(listed.map((p: { link: string | null }) => p.link)).toEqual([null]);
});
