/**
 * The workspace and public pages in Chromium: an image made through the API
 * with the local preview model shows up on /main (filter, search); a page
 * composed from /main (heading, text, that image, a button) is published and
 * read signed out with its Open Graph tags; unpublished it is a clean
 * not-found; then the page is selected and deleted on /main.
 */
import { randomUUID } from "node:crypto";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

test("compose a page from /main, publish it, read it signed out, unpublish and delete it", async ({
  page,
  signedInAs,
  browser,
  baseURL,
}) => {
  const word = `lighthouse${randomUUID().slice(0, 6)}`;
  await signedInAs("user", "/main");
  // Other specs spend the same seed account's credits; the picture below needs one.
  if (!process.env.BASE_URL) await setCredits(seedAccount("user").uid, 50);

  // Content, quickly: one image from the local preview model.
  const gen = await page.request.post("/api/v1/images/generations", {
    data: { prompt: `A ${word} at dusk`, model_id: "local/preview", count: 1, aspect_ratio: "1:1" },
  });
  expect(gen.status()).toBe(202);
  const imageId: string = (await gen.json()).data.content_ids[0];
  await expect
    .poll(async () => (await (await page.request.get(`/api/v1/images/${imageId}`)).json()).data?.status, {
      timeout: 30_000,
    })
    .toBe("ready");

  // /main: it is there; filter by kind and search by its prompt.
  await page.reload();
  const grid = page.getByRole("list", { name: "My work" });
  await page.getByRole("group", { name: "Filter by kind" }).getByRole("button", { name: "Images" }).click();
  await expect(page).toHaveURL(/kind=image/);
  await page.getByLabel("Search").fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(grid.getByRole("article")).toHaveCount(1);

  // Compose a page.
  await page.getByRole("button", { name: "New page" }).click();
  await page.waitForURL(/\/content\/[^/]+\/edit$/);
  const title = `Harbour notes ${word}`;
  await page.getByLabel("Page title").fill(title);
  await page.getByRole("button", { name: "Add heading" }).click();
  await page.getByLabel("Heading text").fill("Welcome aboard");
  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("The **light** keeps ships safe.");
  await page.getByRole("button", { name: "Add image" }).click();
  const picker = page.getByRole("dialog", { name: "Pick a picture" });
  await picker.getByRole("button", { name: new RegExp(word) }).click();
  await expect(picker).toBeHidden();
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByLabel("Button label").fill("Book a tour");
  await page.getByLabel("Link", { exact: true }).fill("javascript:alert(1)");
  await expect(page.getByText("Use a full web address starting with http:// or https://.")).toBeVisible();
  await page.getByLabel("Link", { exact: true }).fill("https://example.com/tours");
  // The live preview shows the page as readers will.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Welcome aboard" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Book a tour" })).toHaveAttribute("href", "https://example.com/tours");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  await page.getByRole("switch", { name: "Published" }).click();
  await expect(page.getByRole("switch", { name: "Published" })).toHaveAttribute("aria-checked", "true");
  const link = await page.getByLabel("Public link").inputValue();
  const publicPath = new URL(link).pathname;
  expect(publicPath).toMatch(/^\/pages\/[A-Za-z0-9_-]+$/);

  // Signed out, in a fresh context.
  const visitor = await browser.newContext({ baseURL });
  const reader = await visitor.newPage();
  await reader.goto(publicPath);
  await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole("heading", { name: "Welcome aboard" })).toBeVisible();
  await expect(reader.getByText("keeps ships safe.")).toBeVisible();
  await expect(reader.getByRole("link", { name: "Book a tour" })).toHaveAttribute("href", "https://example.com/tours");
  const img = reader.locator("article img").first();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(reader.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    "The light keeps ships safe.",
  );
  await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/api\/v1\/public\/pages\/.+\/media\//,
  );
  await expect(reader.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  // Unpublished: the same link is a clean not-found, and its media stop answering.
  await page.getByRole("switch", { name: "Published" }).click();
  await expect(page.getByRole("switch", { name: "Published" })).toHaveAttribute("aria-checked", "false");
  const mediaSrc = await img.getAttribute("src");
  await reader.reload();
  await expect(reader.getByRole("heading", { name: "We couldn't find this page" })).toBeVisible();
  expect((await visitor.request.get(mediaSrc!, { maxRedirects: 0 })).status()).toBe(404);
  await visitor.close();

  // /main: find the page, select it and delete it.
  await page.goto(`/main?kind=page&q=${word}`);
  await expect(grid.getByRole("article")).toHaveCount(1);
  await grid.getByRole("checkbox", { name: `Select ${title}` }).check();
  await page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 1 item?" });
  await expect(confirm.getByRole("listitem")).toHaveText([`${title} (page)`]);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted 1 item.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing matches" })).toBeVisible();
});
