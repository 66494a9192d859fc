/**
 * The caption style picker in the storyboard editor: a video with narration
 * and captions shows a picture of every preset; choosing one by keyboard and
 * by pointer saves it (PATCH of the video), the preview draws the captions
 * with it, and the choice is still there after a reload. It fits a 360 px phone.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect } from "./fixtures";

async function storedPreset(request: APIRequestContext, id: string): Promise<string | undefined> {
  const res = await request.get(`/api/v1/videos/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { composition: { audio: { caption_preset?: string } } } }).data.composition
    .audio.caption_preset;
}

async function waitSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
}

test("choose a caption style: saved, previewed, kept after a reload, and it fits a phone", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  await signedInAs("user", "/create");
  const made = await page.request.post("/api/v1/videos", {
    data: {
      brief: `A florist's spring market: tulips, peonies and a coffee cart. ${randomUUID().slice(0, 8)}`,
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: null,
      voice_id: "espeak:en-us-f",
      captions: true,
      music: false,
      model_id: "local/preview",
    },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: string } }).data.id;

  await page.goto(`/content/${id}/edit`);
  const picker = page.getByRole("group", { name: "Caption style" });
  await expect(picker).toBeVisible({ timeout: 30_000 });
  await waitSaved(page);
  // Every preset is offered, each with its picture; the default is chosen.
  await expect(picker.getByRole("radio")).toHaveCount(10);
  await expect(picker.getByRole("radio", { name: "Active word" })).toBeChecked();
  const preview = page.locator("[data-caption-preset]");
  await expect(preview.first()).toHaveAttribute("data-caption-preset", "word", { timeout: 30_000 });

  // By keyboard: the arrow key moves the choice to the next style.
  await picker.getByRole("radio", { name: "Active word" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(picker.getByRole("radio", { name: "Phrase" })).toBeChecked();
  await waitSaved(page);
  await expect.poll(() => storedPreset(page.request, id)).toBe("phrase");

  // By pointer: the Boxed tile.
  await picker.getByText("Boxed", { exact: true }).click();
  await expect(picker.getByRole("radio", { name: "Boxed" })).toBeChecked();
  await waitSaved(page);
  await expect.poll(() => storedPreset(page.request, id)).toBe("boxed");
  await expect(page.locator('[data-caption-preset="boxed"]').first()).toBeVisible({ timeout: 30_000 });

  // axe: the picker has no serious or critical violations.
  const { violations } = await new AxeBuilder({ page })
    .include("[data-caption-style-picker]")
    .withTags(["wcag2a", "wcag2aa", "best-practice"])
    .analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  await page.reload();
  await expect(page.getByRole("group", { name: "Caption style" }).getByRole("radio", { name: "Boxed" })).toBeChecked({
    timeout: 30_000,
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("group", { name: "Caption style" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (process.env.CAPTION_SHOTS_DIR) {
    await page
      .getByRole("group", { name: "Caption style" })
      .screenshot({ path: `${process.env.CAPTION_SHOTS_DIR}/picker-360.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("group", { name: "Caption style" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.CAPTION_SHOTS_DIR}/editor-1280.png` });
  }
});
