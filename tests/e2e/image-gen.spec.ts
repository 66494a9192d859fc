/**
 * Image generation with the local preview model, in Chromium: progress,
 * reload mid-job, details and reuse, variations, mask edits, sharing,
 * likes and trending, running out of credits, deleting.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;

async function generate(page: Page, prompt: string, opts: { count?: number } = {}) {
  await page.goto("/image-gen");
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  if (opts.count)
    await page
      .getByRole("radio", { name: String(opts.count), exact: true })
      .check()
      .catch(() => {});
  await page.getByRole("button", { name: "Generate", exact: true }).click();
}

const DETAIL_URL = /\/image-gen\/[A-Za-z0-9_-]{20}$/;

async function waitForResult(page: Page) {
  const result = page.getByRole("link", { name: /open image/i }).first();
  await expect(result).toBeVisible({ timeout: 30_000 });
  return result;
}

/** Opens the first finished result and waits for its detail page. */
async function openResult(page: Page): Promise<string> {
  await (await waitForResult(page)).click();
  await page.waitForURL(DETAIL_URL);
  return page.url();
}

test.describe.configure({ mode: "serial" });

test("generates with the local model and shows progress, surviving a reload mid-job", async ({ page, signedInAs }) => {
  await signedInAs("user", "/image-gen");
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("local/preview");
  await expect(
    page
      .getByText(/Local preview/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await generate(page, "a lighthouse on a cliff at sunset, warm orange sky");
  await expect(page.getByRole("progressbar", { name: "Generation progress" })).toBeVisible();
  await page.reload();
  await openResult(page);
  await expect(page.getByText("a lighthouse on a cliff at sunset, warm orange sky").first()).toBeVisible();
  const img = page
    .getByRole("img")
    .filter({ has: page.locator("xpath=self::img") })
    .first();
  await expect(img).toBeVisible();
});

test("reuses settings, makes a variation, shares publicly, and deletes", async ({
  page,
  signedInAs,
  context,
  browser,
}) => {
  await signedInAs("user", "/image-gen");
  await generate(page, "a red bicycle leaning on a blue wall");
  const detailUrl = await openResult(page);

  await page.getByRole("link", { name: "Use these settings" }).click();
  await expect(page).toHaveURL(/\/image-gen\?/);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("a red bicycle leaning on a blue wall");

  await page.goto(detailUrl);
  await page.getByRole("button", { name: "Variations" }).click();
  await expect(page.getByRole("link", { name: /open image/i }).first()).toBeVisible({ timeout: 30_000 });

  await page.goto(detailUrl);
  await page.getByRole("button", { name: "Share" }).click();
  const link = page.getByRole("textbox", { name: /public link/i });
  await expect(link).toHaveValue(/\/content\/[A-Za-z0-9_-]+$/);
  const publicUrl = await link.inputValue();

  // Signed out, in a fresh context: the public page shows the image.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const res = await visitorPage.goto(new URL(publicUrl, page.url()).toString());
  expect(res?.status()).toBe(200);
  await expect(visitorPage.getByText("a red bicycle leaning on a blue wall").first()).toBeVisible();
  // The cached page links the picture through a stable public URL that still loads.
  const picture = visitorPage.getByRole("img", { name: "a red bicycle leaning on a blue wall" });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete image" }).click();
  await expect(page).toHaveURL(/\/image-gen\/all$/);
  const gone = await page.request.get(detailUrl.replace(/.*\/image-gen\//, "/api/v1/images/"));
  expect(gone.status()).toBe(404);
  // The public page was cached; deleting drops it at once: the next visitor gets the clean not-found.
  const after = await visitorPage.goto(new URL(publicUrl, page.url()).toString());
  expect(after?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { name: "We couldn't find this content" })).toBeVisible();
  await visitor.close();
  void context;
});

test("edits an image with a painted mask", async ({ page, signedInAs }) => {
  await signedInAs("user", "/image-gen");
  await generate(page, "a green field with one tree");
  await openResult(page);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/\/image-gen\/edit\?source=/);
  const mask = page.getByRole("region", { name: "Mask" }).locator("canvas").last();
  await expect(mask).toBeVisible({ timeout: 15_000 });
  const box = (await mask.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 8 });
  await page.mouse.up();
  await page.getByLabel("Prompt", { exact: true }).fill("a purple moon in the sky");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await openResult(page);
  await expect(page.getByText("a purple moon in the sky").first()).toBeVisible();
});

test("likes a shared image and sees it on trending", async ({ page, signedInAs, browser }) => {
  // Unique per run, so a re-run against a long-lived deployment finds its own card.
  const prompt = `a golden retriever astronaut floating in space ${randomUUID().slice(0, 8)}`;
  await signedInAs("staff", "/image-gen");
  await generate(page, prompt);
  await openResult(page);
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("textbox", { name: /public link/i })).toHaveValue(/\/content\//);

  await page.goto("/image-gen/trending");
  const card = page.getByRole("article").filter({ hasText: prompt }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole("button", { name: "Like", exact: true }).click();
  await expect(card.getByRole("button", { name: "Unlike" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(
    page.getByRole("article").filter({ hasText: prompt }).first().getByRole("button", { name: "Unlike" }),
  ).toBeVisible();
  void browser;
});

test("running out of credits shows what to do, and charges nothing", async ({ page, signedInAs }) => {
  test.skip(!local, "sets a balance directly in the local store");
  await signedInAs("user", "/image-gen");
  await setCredits(seedAccount("user").uid, 0);
  await generate(page, "anything at all");
  await expect(page.getByText(/not enough credits/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /subscription|get more credits|plans/i }).first()).toBeVisible();
  await setCredits(seedAccount("user").uid, 100);
});
