/**
 * The prompt-to-video form reads the brief as it is typed: a length named in
 * the brief ("A 20-second upbeat ad for …") sets the Length control and says
 * so; the person can still pick another length, and the brief no longer
 * overrides their choice. In Chromium, signed in, nothing is created.
 */
import { test, expect } from "./fixtures";

test("a length in the brief pre-fills the Length control, and the person can still change it", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("user", "/prompt-to-video");
  await page.goto("/prompt-to-video");
  const brief = page.getByLabel("Brief", { exact: true });
  const twenty = page.getByRole("radio", { name: "About 20 seconds" });
  const thirty = page.getByRole("radio", { name: "About 30 seconds" });
  const fortyFive = page.getByRole("radio", { name: "About 45 seconds" });
  // The form's default before a brief says anything about length.
  await expect(thirty).toBeChecked();
  await expect(twenty).not.toBeChecked();

  // Typed key by key, as a person does: the length follows the brief.
  await brief.pressSequentially(
    "A 20-second upbeat ad for a reusable steel water bottle that keeps drinks cold for 24 hours",
  );
  await expect(twenty).toBeChecked();
  await expect(thirty).not.toBeChecked();
  await expect(page.getByText("Length set to 20 s from your brief; you can change it.")).toBeVisible();

  // Another length in the brief moves the control again while the person has not chosen one.
  await brief.fill("A 45-second explainer about how our solar panels turn sunlight into power");
  await expect(fortyFive).toBeChecked();

  // The person's own choice wins: picked by keyboard, kept when the brief changes again.
  await fortyFive.focus();
  await page.keyboard.press("ArrowRight");
  const sixty = page.getByRole("radio", { name: "About 60 seconds" });
  await expect(sixty).toBeChecked();
  await expect(page.getByText(/Length set to \d+ s from your brief/)).toHaveCount(0);
  await brief.fill("A 15-second ad for our new oat milk");
  await expect(sixty).toBeChecked();
  await expect(page.getByRole("radio", { name: "About 15 seconds" })).not.toBeChecked();
});
