/**
 * Video from a link, in Chromium: a saved shop page served from 127.0.0.1
 * (listed in URL_FETCH_ALLOW_HOSTS by the test stack) → the facts on screen →
 * a picture picked and a point edited → the video renders and plays with the
 * product's name in its title. Then the catalogue: a product by hand,
 * search, edit.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
const RENDER_TIMEOUT = 240_000;

let server: http.Server;
let base = "";

test.describe.configure({ mode: "serial" });
test.skip(!local, "serves its saved page from this machine");

test.beforeAll(async () => {
  const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: "#1f6f8b" } })
    .png()
    .toBuffer();
  const saved = readFileSync(path.join(process.cwd(), "tests/fixtures/links/xmobile-redmi.html"), "utf8");
  const kindle = readFileSync(path.join(process.cwd(), "tests/fixtures/links/amazon-kindle-book.html"), "utf8");
  server = http.createServer((req, res) => {
    if (req.url === "/product") {
      // The saved page, its picture pointed at this server (the shop's CDN is out of reach here).
      const html = saved.replaceAll(
        "https:\\/\\/xmobile.lk\\/wp-content\\/uploads\\/2025\\/03",
        `${base.replaceAll("/", "\\/")}\\/img`,
      );
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    }
    if (req.url === "/kindle") {
      // A saved Amazon book page whose only picture cannot be fetched (here: a 404 on this server).
      const html = kindle.replaceAll("https://m.media-amazon.com/images/I/", `${base}/missing/`);
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    }
    if (req.url?.startsWith("/img/"))
      return void res.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end(png);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

test("link → facts → pick a picture, edit a point → the video renders and plays with the product's name", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(RENDER_TIMEOUT + 90_000);
  await signedInAs("user", "/url-to-video");
  await setCredits(seedAccount("user").uid, 200);
  await page.goto("/url-to-video");

  await page.getByLabel("Link to a web page").fill(`${base}/product`);
  await page.getByRole("button", { name: "Read the page" }).click();
  await expect(page.getByRole("heading", { name: "What we found" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Xiaomi Redmi Note 14 Pro Plus 5G 12GB RAM 512GB");
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("149999");
  await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("LKR");

  const picture = page.getByRole("checkbox", { name: "Use picture 1" });
  await expect(picture).toBeChecked();
  await picture.uncheck();
  await expect(page.getByText("Pictures (0 picked)")).toBeVisible();
  await picture.check();
  const point = page.getByRole("textbox", { name: "Key point 1", exact: true });
  await point.fill("A bright 6.67 inch OLED screen at 120Hz.");
  await page.getByRole("button", { name: "Remove key point 7" }).click();

  await page.getByRole("radio", { name: "About 15 seconds" }).check({ force: true });
  const music = page.getByRole("switch", { name: "Music" });
  if ((await music.getAttribute("aria-checked")) === "true") await music.click();
  await expect(page.getByText(/Rendering costs \d+ credits?/)).toBeVisible();
  await page.getByRole("button", { name: "Make the video" }).click();

  await page.waitForURL(/\/videos\/[A-Za-z0-9_-]+$/, { timeout: 60_000 });
  const id = /\/videos\/([A-Za-z0-9_-]+)$/.exec(page.url())![1]!;
  await expect(page.getByRole("heading", { level: 2, name: /Xiaomi Redmi Note 14 Pro Plus/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(
      async () => {
        const v = (await (await page.request.get(`/api/v1/videos/${id}`)).json()).data;
        if (v.render?.state === "failed") throw new Error(`render failed: ${v.render.error}`);
        return v.status;
      },
      { timeout: RENDER_TIMEOUT, intervals: [1000, 2000] },
    )
    .toBe("ready");
  const player = page.locator("video");
  await expect(player).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 30_000 })
    .toBeGreaterThan(3);

  // The product is in the catalogue with the edited point and the video made from it.
  const products = (await (await page.request.get(`/api/v1/products?q=${encodeURIComponent("xiaomi redmi")}`)).json())
    .data;
  const product = products.find((p: { link: string | null }) => p.link === `${base}/product`);
  expect(product.points[0]).toBe("A bright 6.67 inch OLED screen at 120Hz.");
  expect(product.points).toHaveLength(6);
  expect(product.images).toHaveLength(1);
  await page.goto(`/product?id=${product.id}`);
  await expect(page.getByRole("heading", { level: 2, name: product.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Made from this product" })).toBeVisible();
  // In the page, not the header's notifications (its closed panel keeps a link to the finished video in the DOM).
  await expect(page.locator("#main-content").locator(`a[href="/videos/${id}"]`)).toBeVisible();
});

test("a shop's page: the name without the shop's additions, the author apart, and no picture that loads said plainly", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  await signedInAs("user", "/url-to-video");
  await setCredits(seedAccount("user").uid, 200);
  await page.goto("/url-to-video");
  await page.getByLabel("Link to a web page").fill(`${base}/kindle`);
  await page.getByRole("button", { name: "Read the page" }).click();
  await expect(page.getByRole("heading", { name: "What we found" })).toBeVisible({ timeout: 30_000 });

  // The name without "(A. Shaw Book 1) - Kindle edition by Baldacci, David. … @ Amazon.com.", the author in a field of their own.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("The Whole Truth");
  await expect(page.getByLabel("Brand or author", { exact: true })).toHaveValue("David Baldacci");
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Mystery, Thriller & Suspense books");
  await expect(page.getByText(/The page calls it “The Whole Truth \(A\. Shaw Book 1\) - Kindle edition/)).toBeVisible();
  for (const i of [1, 2, 3, 4]) {
    const point = page.getByRole("textbox", { name: `Key point ${i}`, exact: true });
    if ((await point.count()) === 0) break;
    await expect(point).not.toHaveValue(/Kindle|Download it once|Baldacci, David/);
  }

  // Its one picture does not load: the screen says so, and nothing is picked.
  await expect(
    page.getByText(
      "None of this page's pictures could be loaded (the shop may block them), so the video uses generated pictures instead.",
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Pictures (0 picked)")).toBeVisible();

  // The storyboard's scenes use generated pictures (image prompts), none of the page's.
  await page.getByRole("button", { name: "Create storyboard" }).click();
  // The storyboard opens in the editor.
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 60_000 });
  const id = /\/content\/([A-Za-z0-9_-]+)\/edit$/.exec(page.url())![1]!;
  const video = (await (await page.request.get(`/api/v1/videos/${id}`)).json()).data as {
    title: string;
    composition: { scenes: { values: Record<string, { type: string; source?: string }> }[] };
  };
  expect(video.title).toMatch(/^The Whole Truth/);
  expect(video.title).not.toMatch(/Kindle|Amazon|Baldacci, David/);
  const media = video.composition.scenes.flatMap((s) => Object.values(s.values).filter((v) => v.type === "media"));
  expect(media.filter((m) => m.source === "asset")).toEqual([]);
  const products = (
    await (await page.request.get(`/api/v1/products?q=${encodeURIComponent("the whole truth")}&limit=100`)).json()
  ).data as { link: string | null; name: string; brand: string | null; images: unknown[] }[];
  const product = products.find((p) => p.link === `${base}/kindle`)!;
  expect(product).toMatchObject({ name: "The Whole Truth", brand: "David Baldacci", images: [] });
});

test("the facts screen fits a 390 px phone: name, author, category and the no-pictures notice", async ({
  page,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs("user", "/url-to-video");
  await page.getByLabel("Link to a web page").fill(`${base}/kindle`);
  await page.getByRole("button", { name: "Read the page" }).click();
  await expect(page.getByRole("heading", { name: "What we found" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Category", { exact: true })).toBeVisible();
  await expect(page.getByText(/None of this page's pictures could be loaded/)).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a product by hand: create, find it by name, edit it", async ({ page, signedInAs }) => {
  const tag = randomUUID().slice(0, 6);
  const name = `Zest Linen Apron ${tag}`;
  await signedInAs("user", "/product");
  await page.goto("/product");
  await page.getByRole("button", { name: "New product" }).click();
  const form = page.getByRole("form", { name: "Save product" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Price", { exact: true }).fill("abc");
  await form.getByRole("button", { name: "Save product" }).click();
  await expect(form.getByText("Write the price as a number such as 49.99.")).toBeVisible();
  await form.getByLabel("Price", { exact: true }).fill("34.50");
  await form.getByLabel("Currency", { exact: true }).fill("eur");
  await form.getByRole("button", { name: "Add a key point" }).click();
  await form
    .getByRole("textbox", { name: "Key point 1", exact: true })
    .fill("Stonewashed linen that softens with every wash.");
  await form.getByRole("button", { name: "Save product" }).click();

  await expect(page).toHaveURL(/\/product\?id=/);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("region", { name }).getByText("€34.50")).toBeVisible();
  await expect(page.getByRole("link", { name: "Make a design" })).toHaveAttribute(
    "href",
    /\/create\?make=design&product=/,
  );
  await expect(page.getByRole("link", { name: "Make images" })).toHaveAttribute("href", /\/image-gen\?prompt=.*Zest/);

  await page.getByRole("searchbox", { name: "Search products by name" }).fill(`zest linen apron ${tag}`);
  await expect(page.getByRole("list", { name: "Products" }).getByRole("link")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search products by name" }).fill(`zz-no-such-${tag}`);
  await expect(page.getByText(/No product name starts with/)).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Save changes" });
  await edit.getByLabel("Name", { exact: true }).fill(`${name} (sand)`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `${name} (sand)` })).toBeVisible();
});
