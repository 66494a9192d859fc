/**
 * Any language, in the browser: an Arabic brief typed into the create form
 * is detected as Arabic, the voice picker offers Arabic voices and picks one;
 * the storyboard made from it opens in the editor in Arabic with that voice,
 * and the video page offers a language version (which says it needs an AI
 * model when, as here, only the Local preview writes).
 */
import { test, expect } from "./fixtures";

test("an Arabic brief: detected, Arabic voices, and the editor shows the language and its voice", async ({
  page,
  signedInAs,
}, testInfo) => {
  test.setTimeout(120_000);
  await signedInAs("user", "/prompt-to-video");
  await page.goto("/prompt-to-video");
  const language = page.getByLabel("Language", { exact: true });
  await expect(language).toHaveValue("en");
  await page
    .getByLabel("Brief", { exact: true })
    .fill("مقهى الصباح يفتح في دبي. مخبوزات طازجة كل صباح وقهوة محمصة في المقهى. اطلبوا الآن على sabah.ae");
  await expect(language).toHaveValue("ar");
  await expect(page.getByText("Detected from your brief: Arabic (العربية).")).toBeVisible();
  const voices = page.getByRole("group", { name: "Voice-over" });
  await expect(voices.getByRole("radio", { name: "Arabic (العربية) · female" })).toBeChecked();
  await expect(voices.getByRole("radio", { name: /English/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("create-arabic-1280.png"), fullPage: true });

  await page.getByRole("button", { name: "Create storyboard" }).click();
  await page.waitForURL(/\/content\/[^/]+\/edit$/, { timeout: 60_000 });
  const editorLanguage = page.getByLabel("Language", { exact: true });
  await expect(editorLanguage).toHaveValue("ar", { timeout: 30_000 });
  await expect(page.getByLabel("Voice", { exact: true })).toHaveValue("espeak:ar-f");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: testInfo.outputPath("editor-arabic-360.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const id = /\/content\/([^/]+)\/edit$/.exec(page.url())![1]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/videos/${id}`);
  const panel = page.getByRole("region", { name: "Language version" });
  await expect(panel).toContainText("This video is in Arabic (العربية).");
  await expect(panel.getByText("Translating needs an AI writer model")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Translate" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("video-arabic-1280.png"), fullPage: true });
});
