/**
 * Production as staff in Chromium: a new client, a pipeline from a CSV of
 * three rows, Run now → the run's progress → three finished items whose videos
 * open, and a ZIP of the three MP4s; then Edit renames it and picks a
 * template on its page. 15 s, one ratio, no narration, 240 px.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
const RENDER_TIMEOUT = 240_000;

test("staff create a client and a CSV pipeline, run it, follow its progress and download its outputs", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(RENDER_TIMEOUT + 60_000);
  await signedInAs("staff", "/prod/clients");
  if (local) await setCredits(seedAccount("staff").uid, 100);

  const name = `E2E Roasters ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Client name").fill(name);
  await page.getByRole("button", { name: "Add client" }).click();
  await page.waitForURL(/\/prod\/clients\/[A-Za-z0-9_-]+$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  await page.getByRole("link", { name: "New pipeline" }).click();
  await page.waitForURL(/\/prod\/pipelines\?client=/);
  await expect(page.getByLabel("Client", { exact: true })).toHaveValue(/.+/);
  await page.getByLabel("Pipeline name").fill("Weekly spotlights");
  await page.getByLabel(/CSV file/).setInputFiles({
    name: "spotlights.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "sku,prompt",
        "CB1,Cold brew steeped for eighteen hours.",
        "LR2,The Lisbon roast: dark and sweet.",
        "GT3,A green tea sale this week.",
      ].join("\n"),
    ),
  });
  await expect(page.getByTestId("csv-summary")).toContainText("3 rows from spotlights.csv · keyed by “sku”");
  await page.getByLabel("Captions").uncheck();
  await page.getByRole("button", { name: "Create pipeline" }).click();
  await page.waitForURL(/\/prod\/pipelines\/[A-Za-z0-9_-]+$/);

  await page.getByRole("button", { name: "Run now" }).click();
  const run = page.getByTestId("run");
  await expect(page.getByTestId("run-item")).toHaveCount(3);
  await expect(page.getByRole("progressbar", { name: "Run progress" })).toBeVisible();
  // The run lives on the server: a reload shows it, still followed.
  await page.reload();
  await expect(run).toHaveAttribute("data-state", "finished", { timeout: RENDER_TIMEOUT });
  await expect(page.getByTestId("run-summary")).toContainText("3 of 3 done");
  await expect(page.getByRole("progressbar", { name: "Run progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(run.getByRole("link", { name: "Open video" })).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download ZIP (3)" }).click(),
  ]);
  const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const names = Object.keys(entries).sort();
  expect(names).toHaveLength(3);
  for (const n of names) expect(Buffer.from(entries[n]!.subarray(4, 8)).toString()).toBe("ftyp");

  // Edit the definition on its page: the form opens prefilled, a template can be chosen with its version, the save shows.
  const definition = page.getByRole("region", { name: "Definition" });
  await expect(definition.getByTestId("pipeline-name")).toHaveText("Weekly spotlights");
  await definition.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit pipeline" });
  await expect(form.getByLabel("Pipeline name")).toHaveValue("Weekly spotlights");
  await form.getByLabel("Pipeline name").fill("Daily spotlights");
  await form.getByLabel("Template", { exact: true }).selectOption({ index: 1 });
  await expect(form.getByLabel("Template version")).toHaveValue("");
  await expect(form.getByTestId("template-version-hint")).toContainText("Runs use whatever version is current");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(definition.getByTestId("pipeline-name")).toHaveText("Daily spotlights");
  await expect(definition).toContainText("always the current version");

  // An output opens as a finished video.
  await run.getByRole("link", { name: "Open video" }).first().click();
  await page.waitForURL(/\/videos\/[A-Za-z0-9_-]+/);
});
