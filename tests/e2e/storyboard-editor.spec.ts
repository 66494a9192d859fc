/**
 * The storyboard editor (/content/{id}/edit) as a storyboard: the scene strip
 * (thumbnails drawn in the browser), reordering by mouse and by keyboard
 * (announced, saved, still so after a reload), a headline edited in place on
 * the preview (saved, and its thumbnail redrawn), a scene's length handle,
 * and the page fitting a 360 and a 390 px phone (so does /llm-chat).
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { makeLocalVideo } from "./make-video";

interface StoredScene {
  id: string;
  duration_ms: number | null;
  values: Record<string, { type: string; text?: string }>;
}

function makeVideo(page: Page, tag: string): Promise<string> {
  return makeLocalVideo(page.request, {
    brief: `A bakery's morning: ovens, rye loaves and the first customers. ${tag}`,
    aspect_ratio: "16:9",
  });
}

async function storedScenes(request: APIRequestContext, id: string): Promise<StoredScene[]> {
  const res = await request.get(`/api/v1/videos/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { composition: { scenes: StoredScene[] } } }).data.composition.scenes;
}

const stripOrder = (page: Page) =>
  page.locator("[data-scene-item]").evaluateAll((items) => items.map((el) => el.getAttribute("data-scene-item") ?? ""));

/** Opens the editor and waits until the strip's thumbnails are drawn from the composition. */
async function openEditor(page: Page, id: string) {
  await page.goto(`/content/${id}/edit`);
  const strip = page.getByRole("list", { name: "Scenes" });
  await expect(strip.getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
  // A drawn thumbnail holds the composition's DOM (Remotion's Thumbnail) with the scene's text.
  await expect(page.locator("[data-scene-thumbnail]").first()).toContainText(/\S/, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  return strip;
}

async function waitSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
}

test("reorder scenes by dragging and by keyboard; the order is saved and survives a reload", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  await signedInAs("user", "/create");
  const id = await makeVideo(page, randomUUID().slice(0, 8));
  const before = (await storedScenes(page.request, id)).map((s) => s.id);
  expect(before.length, "the storyboard has at least three scenes").toBeGreaterThanOrEqual(3);

  await openEditor(page, id);
  expect(await stripOrder(page)).toEqual(before);

  // Drag the first scene past the second with the mouse.
  const first = page.locator(`[data-scene-item="${before[0]}"]`).locator("[data-scene-head]");
  const second = page.locator(`[data-scene-item="${before[1]}"]`).locator("[data-scene-head]");
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width * 0.9, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  const dragged = [before[1]!, before[0]!, ...before.slice(2)];
  await expect.poll(() => stripOrder(page)).toEqual(dragged);
  await waitSaved(page);
  await expect.poll(async () => (await storedScenes(page.request, id)).map((s) => s.id)).toEqual(dragged);

  // Move the third scene one place to the left with the keyboard: Space on its grip, ←, Space.
  const grip = page.getByRole("button", { name: "Move scene 3" });
  await grip.focus();
  await page.keyboard.press("Space");
  // Picked up (read out at once, then where it is: over its own place).
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(/Picked up scene 3|Scene 3 is over position 3/);
  await page.keyboard.press("ArrowLeft");
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(/over position 2/);
  await page.keyboard.press("Space");
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(/Scene 3 dropped at position 2 of \d+/);
  const keyed = [dragged[0]!, dragged[2]!, dragged[1]!, ...dragged.slice(3)];
  await expect.poll(() => stripOrder(page)).toEqual(keyed);
  await waitSaved(page);
  await expect.poll(async () => (await storedScenes(page.request, id)).map((s) => s.id)).toEqual(keyed);

  // Escape cancels a keyboard move.
  await page.getByRole("button", { name: "Move scene 1" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Escape");
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(/cancelled/);
  expect(await stripOrder(page)).toEqual(keyed);

  await page.reload();
  await openEditor(page, id);
  expect(await stripOrder(page)).toEqual(keyed);
});

test("edit a headline on the preview: Escape cancels, Enter saves, and the scene's thumbnail is redrawn", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  await signedInAs("user", "/create");
  const id = await makeVideo(page, tag);
  await openEditor(page, id);
  const scenes = await storedScenes(page.request, id);
  const sceneId = scenes[0]!.id;
  await page.locator(`[data-scene-item="${sceneId}"] [data-scene-head]`).click();

  // The texts drawn on the selected scene are buttons over the preview ("Edit headline", …).
  const spot = page.locator("[data-edit-slot]").first();
  await expect(spot).toBeVisible({ timeout: 30_000 });
  const slot = (await spot.getAttribute("data-edit-slot"))!;
  const label = (await spot.getAttribute("aria-label"))!;
  expect(label).toMatch(/^Edit /);
  const original = scenes[0]!.values[slot]?.text ?? "";

  await spot.click();
  const box = page.getByRole("textbox", { name: /Enter saves, Escape cancels/ });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(original);
  await box.fill("Not this one");
  await box.press("Escape");
  await expect(box).toBeHidden();
  await expect(page.locator(`[data-edit-slot="${slot}"]`)).toBeFocused();

  // Reached by keyboard too: the focused text opens with Enter.
  const fresh = `Rye${tag}`;
  await page.keyboard.press("Enter");
  await expect(box).toBeFocused();
  await box.fill(fresh);
  await box.press("Enter");
  await expect(box).toBeHidden();
  await waitSaved(page);
  await expect
    .poll(async () => (await storedScenes(page.request, id)).find((s) => s.id === sceneId)?.values[slot]?.text)
    .toBe(fresh);
  // The strip's thumbnail is drawn again from the saved composition, with the new text.
  await expect(page.locator(`[data-scene-thumbnail="${sceneId}"]`)).toContainText(fresh, { timeout: 30_000 });
  await expect(page.locator(`[data-scene-thumbnail="${scenes[1]!.id}"]`)).not.toContainText(fresh);

  await page.reload();
  await openEditor(page, id);
  await expect(page.locator(`[data-scene-thumbnail="${sceneId}"]`)).toContainText(fresh, { timeout: 30_000 });
  // The selected scene's fields show it too.
  await expect
    .poll(() =>
      page
        .locator("[data-scene-fields] input, [data-scene-fields] textarea")
        .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value)),
    )
    .toContain(fresh);
});

test("a scene's length handle changes its length within bounds, and the total follows", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  await signedInAs("user", "/create");
  const id = await makeVideo(page, randomUUID().slice(0, 8));
  await openEditor(page, id);
  const sceneId = (await storedScenes(page.request, id))[0]!.id;
  const item = page.locator(`[data-scene-item="${sceneId}"]`);
  const lengthOf = async () => Number.parseFloat((await item.locator("[data-scene-length]").textContent()) ?? "");
  const total = page.locator("[data-total-length]");
  const totalOf = async () => Number.parseFloat(((await total.textContent()) ?? "").replace(/^\D+/, ""));
  const start = await lengthOf();
  const totalStart = await totalOf();
  expect(start).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Lengthen scene 1" }).click();
  await page.getByRole("button", { name: "Lengthen scene 1" }).click();
  const longer = Math.round(start * 2) / 2 + 1;
  await expect.poll(lengthOf).toBe(longer);
  await waitSaved(page);
  await expect
    .poll(async () => (await storedScenes(page.request, id)).find((s) => s.id === sceneId)?.duration_ms)
    .toBe(longer * 1000);
  await expect.poll(totalOf).toBeCloseTo(totalStart + (longer - start), 0);

  // By keyboard: Enter on "Shorten".
  await page.getByRole("button", { name: "Shorten scene 1" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(lengthOf).toBe(longer - 0.5);
  await waitSaved(page);
  await expect
    .poll(async () => (await storedScenes(page.request, id)).find((s) => s.id === sceneId)?.duration_ms)
    .toBe((longer - 0.5) * 1000);
});

/** The document's width, and what sticks out past the viewport (for the failure message). */
async function widthReport(page: Page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const out = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > vw + 0.5 && !el.closest("[data-scene-item], ol[aria-label='Scenes']");
      })
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { width: document.documentElement.scrollWidth, out };
  });
}

for (const [width, height] of [
  [360, 740],
  [390, 844],
] as const) {
  test(`the storyboard editor fits a ${width} px phone`, async ({ page, signedInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await signedInAs("user", "/create");
    const id = await makeVideo(page, randomUUID().slice(0, 8));
    await openEditor(page, id);
    await expect(page.getByRole("group", { name: "Preview of the storyboard" })).toBeVisible({ timeout: 30_000 });
    const report = await widthReport(page);
    expect(report.width, report.out.join("\n")).toBeLessThanOrEqual(width);
    // Every field of the selected scene and of the settings fits inside the screen, and so does the preview.
    for (const field of await page.locator("input, select, textarea").all()) {
      if (!(await field.isVisible())) continue;
      const box = (await field.boundingBox())!;
      expect(box.x + box.width, await field.evaluate((el) => el.outerHTML.slice(0, 80))).toBeLessThanOrEqual(width);
    }
    const preview = (await page.getByRole("group", { name: "Preview of the storyboard" }).boundingBox())!;
    expect(preview.x + preview.width).toBeLessThanOrEqual(width);
  });

  test(`/llm-chat fits a ${width} px phone`, async ({ page, signedInAs }) => {
    await page.setViewportSize({ width, height });
    await signedInAs("staff", "/llm-chat");
    await expect(page.getByLabel("Message", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Model")).toBeVisible();
    await expect(page.getByLabel("Model")).toBeEnabled();
    const report = await widthReport(page);
    expect(report.width, report.out.join("\n")).toBeLessThanOrEqual(width);
  });
}
