/**
 * The template studio as staff: a palette colour changed on style-config
 * shows in the live preview at once (with its contrast warning), is saved to
 * the draft and published as the next version; /remotion-test then renders
 * a small MP4 of the template on the server and shows the file.
 */
import { test, expect } from "./fixtures";

const RENDER_TIMEOUT = 180_000;

/** "#0f172a" → "rgb(15, 23, 42)", as the browser writes an inline colour. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test("style change → publish → test render", async ({ page, signedInAs }) => {
  test.setTimeout(RENDER_TIMEOUT + 120_000);
  await signedInAs("staff", "/templates-pipeline/starter-corporate/style-config");

  const preview = page.getByTestId("style-preview");
  const text = page.getByLabel("Text", { exact: true });
  // The template's current text colour as the Player draws it, then a new
  // one. (The current colour is read, not assumed, so a retry after a
  // publish starts from what that publish left.)
  const before = (await text.inputValue()).toLowerCase();
  const after = before === "#00aa55" ? "#ff8800" : "#00aa55";
  await expect(preview.locator(`[style*="color: ${rgb(before)}"]`).first()).toBeAttached({ timeout: 30_000 });
  await text.fill(after);
  await expect(preview.locator(`[style*="color: ${rgb(after)}"]`).first()).toBeAttached();
  await expect(preview.locator(`[style*="color: ${rgb(before)}"]`)).toHaveCount(0);
  await expect(page.getByText(/Text on the background: [\d.]+:1 \(needs 4\.5:1\)/)).toBeVisible();

  await page.getByRole("button", { name: /Save to draft v\d+/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved to the draft" })).toBeVisible();

  await page.getByRole("navigation", { name: "Template screens" }).getByRole("link", { name: "Overview" }).click();
  const publish = page.getByRole("button", { name: /Publish version \d+/ });
  const label = (await publish.textContent())!;
  const version = Number(/(\d+)/.exec(label)![1]);
  await publish.click();
  await expect(page.getByText(`Version ${version} published.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`v${version} current`) })).toBeVisible();

  await page.goto("/remotion-test?template=starter-corporate");
  // Exact: the Player's heading ("… · every layout · …") also names a layout.
  await page.getByLabel("Layout", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Test render width").selectOption("160");
  await expect(page.getByRole("group", { name: /^Preview: starter-corporate@/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Render MP4 on the server" }).click();
  await expect(page.getByRole("progressbar", { name: "Test render progress" })).toBeVisible();
  const video = page.getByLabel("The rendered MP4");
  await expect(video).toBeVisible({ timeout: RENDER_TIMEOUT });
  const src = await video.getAttribute("src");
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect((await res.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");
  await expect(page.getByRole("link", { name: "Download the MP4" })).toBeVisible();
});
