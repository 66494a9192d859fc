/**
 * Bulk videos in Chromium: three pasted rows, one of them a link to a private
 * address (refused: the URL guard does not fetch private networks) → the row
 * fails with its reason while the others render; the batch survives a
 * reload; the failed row is fixed on screen and retried; the recent batches
 * list then says 3/3 finished (never "running") with the posters; the ZIP
 * opens with a CSV manifest, then the three MP4s named by row and ratio.
 * 15 s, one ratio, no narration, 240 px.
 */
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
const RENDER_TIMEOUT = 240_000;

test("a batch of three with one failing row: retry after fixing it, then download the ZIP", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(RENDER_TIMEOUT * 2);
  await signedInAs("user", "/megapot");
  if (local) await setCredits(seedAccount("user").uid, 100);
  await page.reload();

  await page
    .getByLabel(/One per line/)
    .fill(
      [
        "Bean There roasts coffee in Lisbon, every bag the morning it ships.",
        "http://10.0.0.1/products/kettle",
        "A spring tea sale: twenty percent off every green tea this week.",
      ].join("\n"),
    );
  await expect(page.getByText("3 rows", { exact: false }).first()).toBeVisible();
  await page.getByRole("radio", { name: "About 15 seconds" }).check({ force: true });
  await page.locator("#voice-none").check({ force: true });
  const music = page.getByRole("switch", { name: "Music" });
  if ((await music.getAttribute("aria-checked")) === "true") await music.click();
  // One ratio (the default 9:16): 3 videos × 2 credits, shown before starting.
  await expect(page.getByTestId("batch-cost")).toContainText("3 rows × 1 ratio = 3 videos × 2 credits = 6 credits");
  await page.getByRole("button", { name: "Start 3 videos" }).click();
  await page.waitForURL(/\/megapot\?batch=/);

  const items = page.getByTestId("batch-item");
  await expect(items).toHaveCount(3);
  const failedRow = items.nth(1);
  await expect(failedRow).toHaveAttribute("data-state", "failed", { timeout: 60_000 });
  await expect(failedRow.locator("p.text-destructive")).not.toBeEmpty();
  // State lives on the server: a reload shows the same batch.
  await page.reload();
  await expect(page.getByTestId("batch-item")).toHaveCount(3);
  await expect(items.nth(0)).toHaveAttribute("data-state", "done", { timeout: RENDER_TIMEOUT });
  await expect(items.nth(2)).toHaveAttribute("data-state", "done", { timeout: RENDER_TIMEOUT });
  await expect(page.getByTestId("batch-summary")).toContainText("2 of 3 done · 1 failed");

  // Fix the row (a prompt instead of the refused link) and retry it.
  await page.getByRole("button", { name: "Edit row 2 and retry" }).click();
  const editor = page.getByRole("form", { name: "Fix row 2" });
  await editor.getByLabel("Link").fill("");
  await editor.getByLabel("Prompt").fill("A kettle that boils in ninety seconds, now in three colours.");
  await editor.getByRole("button", { name: "Retry with these" }).click();
  await expect(items.nth(1)).toHaveAttribute("data-state", "done", { timeout: RENDER_TIMEOUT });
  await expect(page.getByTestId("batch-summary")).toContainText("3 of 3 done");
  // The recent batches list agrees with the batch, without a reload: finished, with a poster per video.
  const listed = page.getByRole("list", { name: "Recent batches" }).getByTestId("batch-row").first();
  await expect(listed).toHaveAttribute("data-state", "finished", { timeout: 15_000 });
  await expect(listed).toContainText("3/3 done");
  await expect(listed).not.toContainText("running");
  await expect(listed.getByTestId("batch-posters").locator("img")).toHaveCount(3);
  await expect
    .poll(() =>
      listed
        .locator("img")
        .first()
        .evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(items.first().getByTestId("batch-item-poster")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download ZIP (3)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^batch-[A-Za-z0-9_-]+\.zip$/);
  const order: string[] = [];
  const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)), {
    filter: (f) => (order.push(f.name), true),
  });
  // The manifest comes first: one line per item with its row, title, ratio, file and status.
  expect(order[0]).toBe("manifest.csv");
  const manifest = strFromU8(entries["manifest.csv"]!)
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(manifest[0]).toBe("row,title,aspect_ratio,file,status");
  expect(manifest.slice(1).map((l) => l.split(",")[0])).toEqual(["1", "2", "3"]);
  for (const line of manifest.slice(1)) expect(line).toMatch(/,9:16,row-00\d-9x16-[^,]+\.mp4,done$/);
  const names = order.slice(1).sort();
  expect(names).toEqual([
    expect.stringMatching(/^row-001-9x16-bean-there/),
    expect.stringMatching(/^row-002-9x16-a-kettle/),
    expect.stringMatching(/^row-003-9x16-a-spring-tea/),
  ]);
  for (const n of names) expect(Buffer.from(entries[n]!.subarray(4, 8)).toString()).toBe("ftyp");
});
