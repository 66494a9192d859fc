/**
 * The function-calling report's table fits the screen: at 1280 px every
 * column shows without scrolling (it was cut off at the right), and on a
 * 360 px phone nothing of the report reaches past the screen (the table
 * scrolls in its own region instead).
 */
import { expect, test } from "./fixtures";
import { makeLocalVideo } from "./make-video";

test("the function-calling table fits within 1280 px, and a 360 px phone scrolls only the table", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("staff", "/function-calling-report");
  // A video plan records the writer's calls, so the table has rows.
  await makeLocalVideo(page.request, { brief: "A short ad for a neighbourhood bakery's new sourdough." });

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
  // The report itself (the shell's header is the whole-app sweep's): nothing in it but the table's own
  // scrolling region reaches past the viewport.
  const wide = await page.evaluate(() => {
    const main = document.getElementById("main-content")!;
    const offenders = [...main.querySelectorAll("*")]
      .filter((e) => !e.closest("[data-testid=fc-table]"))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`);
    return { scroll: main.scrollWidth, client: main.clientWidth, offenders };
  });
  expect(wide.offenders, wide.offenders.join(" | ")).toEqual([]);
  expect(wide.scroll).toBeLessThanOrEqual(wide.client);
  // The table scrolls inside its own region instead.
  expect(await table.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
  // And the page does not: an sr-only header label positioned outside the scroller once made it 723 px wide.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
