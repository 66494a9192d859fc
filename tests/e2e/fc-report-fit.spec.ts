/**
 * The function-calling report's table fits the screen: at 1280 px every
 * column shows without scrolling (it was cut off at the right), and on a
 * 360 px phone the page never scrolls sideways (the table scrolls in its own
 * region instead).
 */
import { expect, test } from "./fixtures";

test("the function-calling table fits within 1280 px, and a 360 px phone scrolls only the table", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("staff", "/function-calling-report");
  // A video plan records the writer's calls, so the table has rows.
  const video = await page.request.post("/api/v1/videos", {
    data: {
      brief: "A short ad for a neighbourhood bakery's new sourdough.",
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    },
  });
  expect(video.status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/function-calling-report");
  const table = page.getByTestId("fc-table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const fit = await table.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    right: el.getBoundingClientRect().right,
  }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client + 1);
  expect(fit.right).toBeLessThanOrEqual(1280);
  // The last header is inside the visible part of the table.
  const lastHeader = (await table.getByRole("columnheader", { name: "Eval accuracy" }).boundingBox())!;
  expect(lastHeader.x + lastHeader.width).toBeLessThanOrEqual(fit.right);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
