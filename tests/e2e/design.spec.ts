/**
 * Designs in Chromium: a product made by hand becomes a design from /create
 * (its name and price fill the layout), which is resized to 9:16 and
 * exported as a PNG that downloads at the size rendered (the test app
 * renders at RENDER_WIDTH 240). From a template: /create's gallery and the
 * new-design flow, an edit that autosaves, and a resize that keeps the edit
 * (through the API: the export above already covers the dialog and the file).
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
const EXPORT_TIMEOUT = 120_000;
/** The test app renders at RENDER_WIDTH=240: a 9:16 page is 240×426 (both sides even). */
const SIZE_9_16 = { width: 240, height: 426 };

function designIdFrom(url: string): string {
  const m = /\/content\/([A-Za-z0-9_-]+)\/edit/.exec(url);
  if (!m) throw new Error(`no design id in ${url}`);
  return m[1]!;
}

async function signIn(signedInAs: (role: "user" | "staff", next?: string) => Promise<void>, next: string) {
  await signedInAs("user", next);
  if (local) await setCredits(seedAccount("user").uid, 50);
}

/** Every layout tile shows a drawing of its layout: a real size (not a collapsed dot) and more than a background. */
async function expectLayoutTilesDrawn(scope: Locator) {
  const thumbs = scope.getByTestId("layout-thumb");
  await expect(thumbs.first()).toBeVisible();
  const n = await thumbs.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const box = (await thumbs.nth(i).boundingBox())!;
    expect(box.width).toBeGreaterThan(30);
    expect(box.height).toBeGreaterThan(30);
    // The background plus at least one slot drawn on it.
    expect(await thumbs.nth(i).locator("g rect, g circle").count()).toBeGreaterThan(1);
  }
}

/** From an open design: Resize (nothing pre-ticked) to 9:16 only, stay here with a notice naming the new design, open it, export PNG. */
async function resizeTo916AndExportPng(page: Page, fromId: string) {
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible({ timeout: 15_000 });
  const title = await page.getByLabel("Title", { exact: true }).inputValue();
  await page.getByRole("button", { name: "Resize" }).click();
  const dialog = page.getByRole("dialog", { name: "Resize" });
  await expect(dialog).toBeVisible();
  await expectLayoutTilesDrawn(dialog);
  // No size is ticked until the person ticks one.
  const boxes = dialog.getByRole("checkbox");
  await expect(boxes).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(boxes.nth(i)).not.toBeChecked();
  await expect(dialog.getByRole("button", { name: "Tick a size" })).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "9:16 Vertical" }).check();
  await dialog.getByRole("button", { name: "Make this size" }).click();
  // This design stays open; a notice says where the new one went, named by its size.
  const notice = page.getByTestId("resize-notice");
  await expect(notice).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toContain(fromId);
  const link = notice.getByRole("link", { name: `${title} · Story 9:16` });
  await expect(link).toBeVisible();
  await link.click();
  await page.waitForURL(
    (url) => /\/content\/[A-Za-z0-9_-]+\/edit$/.test(url.pathname) && !url.pathname.includes(fromId),
    { timeout: 30_000 },
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} · Story 9:16`);
  const id = designIdFrom(page.url());
  await expect(page.getByRole("heading", { name: /Page 1 \(9:16\)/ })).toBeVisible();
  // The resize set links back to the original size.
  await expect(page.getByRole("region", { name: "Sizes" }).getByRole("link")).toHaveCount(1);
  await expect(page.getByRole("group", { name: "Preview of page 1" })).toBeVisible({ timeout: 30_000 });

  await page.getByRole("button", { name: "Export PNG" }).click();
  const download = page.getByRole("link", { name: /^Download PNG/ });
  await expect(download).toBeVisible({ timeout: EXPORT_TIMEOUT });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const meta = await sharp(await readFile((await file.path())!)).metadata();
  expect(meta).toMatchObject({ format: "png", ...SIZE_9_16 });

  const res = await page.request.get(`/api/v1/designs/${id}`);
  const view = (await res.json()).data as {
    aspect_ratio: string;
    status: string;
    resize: { set_id: string };
    export: { credits: number };
  };
  expect(view).toMatchObject({
    aspect_ratio: "9:16",
    status: "ready",
    resize: { set_id: fromId },
    export: { credits: 1 },
  });
  return id;
}

test.describe.configure({ mode: "serial" });

test("product by hand → design → resize to 9:16 → export PNG", async ({ page, signedInAs }) => {
  test.setTimeout(EXPORT_TIMEOUT + 90_000);
  const tag = randomUUID().slice(0, 6);
  await signIn(signedInAs, "/create");
  const made = await page.request.post("/api/v1/products", {
    data: {
      name: `Trail Bottle ${tag}`,
      price: "49.99",
      currency: "USD",
      points: ["Cold for 24 hours", "Fits every cup holder"],
    },
  });
  expect(made.status()).toBe(201);
  const productId = ((await made.json()) as { data: { id: string } }).data.id;

  await page.goto(`/create?make=design&product=${productId}`);
  await expect(page.getByRole("checkbox", { name: new RegExp(`Fill it from Trail Bottle ${tag}`) })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Product with price" })).toBeChecked();
  await page.getByRole("button", { name: "Create design" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 30_000 });
  const id = designIdFrom(page.url());
  await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("$49.99");
  await expect(page.getByRole("group", { name: "Text" }).getByRole("textbox").first()).toHaveValue(
    `Trail Bottle ${tag}`,
  );

  await resizeTo916AndExportPng(page, id);
});

test("template → design → edit → the resized copy keeps the edit → recent drafts", async ({ page, signedInAs }) => {
  test.setTimeout(EXPORT_TIMEOUT + 90_000);
  await signIn(signedInAs, "/create");
  // /create: what to make, the gallery with live previews (loaded on visibility), and the new-design flow.
  await expect(page.getByRole("main").getByRole("link", { name: /Videos in bulk/ })).toHaveAttribute(
    "href",
    "/megapot",
  );
  await expect(page.getByRole("group", { name: /Preview of the .+ template/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("link", { name: /^Design/ }).click();
  await expect(page.getByRole("heading", { name: "New design" })).toBeVisible();
  await page.getByRole("radio", { name: "Bold" }).check({ force: true });
  await page.getByRole("radio", { name: "1:1 Square" }).check();
  // The layout picker draws every layout (it showed empty tiles, a dot, before).
  await expectLayoutTilesDrawn(page.getByRole("group", { name: "Layout", exact: true }));
  await page.getByRole("radio", { name: "Big statement" }).check({ force: true });
  await page.getByRole("button", { name: "Create design" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 30_000 });
  const id = designIdFrom(page.url());
  await expect(page.getByRole("heading", { name: /Page 1 \(1:1\)/ })).toBeVisible();

  // An edit autosaves under a new revision.
  const text = page.getByRole("group", { name: "Text" }).getByRole("textbox").first();
  await text.fill("Half off today");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/designs/${id}`)).json()) as { data: { revision: number } }).data
          .revision,
    )
    .toBe(1);

  const made = await page.request.post(`/api/v1/designs/${id}/resize`, { data: { aspect_ratios: ["9:16"] } });
  expect(made.status()).toBe(201);
  const resized = ((await made.json()) as { data: { id: string }[] }).data[0]!.id;
  // The new size kept the edit, and it shows among the drafts on /create with the original.
  const copy = (await (await page.request.get(`/api/v1/designs/${resized}`)).json()) as {
    data: { composition: { scenes: { values: Record<string, { type: string; text?: string }> }[] } };
  };
  expect(Object.values(copy.data.composition.scenes[0]!.values).some((v) => v.text === "Half off today")).toBe(true);
  await page.goto("/create");
  await expect(
    page
      .getByRole("list", { name: "Recent drafts" })
      .getByRole("link")
      .filter({ hasText: /Bold design/ })
      .first(),
  ).toBeVisible();
});
