/**
 * /developers/api in Chromium: the OpenAPI document (served to anyone at
 * /api/v1/openapi.json) shown as a reference grouped by tag, searchable, each
 * call with its permission and copyable curl / fetch examples on this site's
 * origin; it fits a 360 px phone with a long path and its code open.
 */
import { test, expect } from "./fixtures";

test("the API reference lists the documented calls, searches them and copies an example", async ({
  page,
  context,
  request,
  signedInAs,
  baseURL,
}) => {
  const served = await request.get("/api/v1/openapi.json");
  expect(served.status()).toBe(200);
  const doc = await served.json();
  expect(doc.openapi).toBe("3.1.0");
  const documented = Object.values(doc.paths as Record<string, object>).reduce(
    (n, item) => n + Object.keys(item).length,
    0,
  );

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs("user", "/developers/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Developer pages" }).getByRole("link", { name: "API reference" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Videos" })).toBeVisible();
  await expect(page.getByText(`${documented} calls`, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("api-reference-top.png") });

  const search = page.getByLabel("Search the API");
  await search.fill("videos/{id}/render");
  await expect(page.getByText(/^1 call match/)).toBeVisible();
  const render = page.locator('[data-operation="renderVideo"]');
  await render.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(render.getByText("Needs an API key with the")).toBeVisible();
  const curl = render.getByLabel("curl example", { exact: true });
  const origin = new URL(baseURL!).origin;
  await expect(curl).toContainText(`curl -X POST "${origin}/api/v1/videos/VIDEO_ID/render"`);
  await expect(curl).toContainText('-H "Authorization: Bearer $PROMPTFRAME_API_KEY"');
  await expect(render.getByLabel("TypeScript (fetch) example", { exact: true })).toContainText(
    `await fetch("${origin}/api/v1/videos/VIDEO_ID/render"`,
  );

  await render.getByRole("button", { name: "Copy curl example for Render a video" }).click();
  await expect(render.getByRole("button", { name: "Copy curl example for Render a video" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.innerText());

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("api-reference-1280.png") });
  await search.fill("no such call anywhere");
  await expect(page.getByText("No call matches “no such call anywhere”. Try another word.")).toBeVisible();

  // A phone: the longest path and a JSON example open; nothing sticks out sideways (code scrolls in its own box).
  await search.fill("restore");
  const restore = page.locator('[data-operation="restoreVideoRevision"]');
  await restore.locator("summary").click();
  await page.locator('[data-operation="restoreVideoRevision"]').getByLabel("curl example", { exact: true }).waitFor();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(restore.getByText("/api/v1/videos/{id}/revisions/{revision}/restore")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await search.fill("make a video from a brief");
  const create = page.locator('[data-operation="createVideo"]');
  await create.locator("summary").click();
  await expect(create.getByLabel("curl example", { exact: true })).toContainText('"model_id":"local/preview"');
  await page.screenshot({ path: test.info().outputPath("api-reference-360.png"), fullPage: false });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
