/**
 * Prompt testing as staff in Chromium: the demo suite (seeded on first use)
 * (4 cases: the writer-rules case too) is run from the screen with the Local preview model → the run page shows
 * its progress (and the same run after a reload) → the finished matrix → one
 * cell's real output and assertion results.
 */
import { test, expect } from "./fixtures";

test("run the demo prompt suite from the screen and open a cell of its matrix", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs("staff", "/automated-prompts-testing");
  await expect(page.getByRole("heading", { level: 1, name: "Automated prompts testing" })).toBeVisible();

  const form = page.getByRole("form", { name: "Start a run" });
  await form.getByLabel("Suite").selectOption({ label: "Video writer basics (4 cases)" });
  await expect(form.getByRole("checkbox", { name: /v1/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Local preview" })).toBeChecked();
  await expect(form.getByText("4 cells")).toBeVisible();
  await form.getByRole("button", { name: "Run suite" }).click();

  await page.waitForURL(/\/automated-prompts-testing\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Prompt test run" })).toBeVisible();
  // Progress while it runs (a fast run may already be done); the run lives on the server, so a reload shows it.
  await expect(page.getByText(/\d of 4 cells done|Finished/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText("Finished", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("progressbar", { name: "Run progress" })).toHaveCount(0);

  const matrix = page.getByRole("table", { name: /cases by prompt version and model/ });
  await expect(matrix.getByRole("columnheader", { name: /v1 · Local preview/ })).toBeVisible();
  await expect(matrix.getByRole("button")).toHaveCount(4);
  await matrix.getByRole("button", { name: /^coffee-launch, v1, Local preview: (pass|fail|incomplete)/ }).click();

  const detail = page.getByRole("region", { name: "Cell detail" });
  await expect(detail.getByRole("list", { name: "Assertions" })).toContainText("Matches video_plan");
  await expect(detail.getByLabel("Cell output")).toContainText('"scenes"');
});
