/**
 * Quick preview: on a storyboard's page, "Quick preview" shows its progress,
 * then a playable draft (labelled "Draft preview") with a share link that
 * works without signing in; the video itself stays a storyboard (the preview
 * never stands in for the rendered file). Checked at 1280 and 360 px wide.
 */
import { randomUUID } from "node:crypto";
import { test, expect } from "./fixtures";
import { makeLocalVideo } from "./make-video";

test("Quick preview shows progress, then a playable draft with a share link", async ({ page, signedInAs, browser }) => {
  test.setTimeout(180_000);
  await signedInAs("user", "/videos");
  const id = await makeLocalVideo(page.request, {
    brief: `A bakery's morning: croissants at dawn, coffee at seven. ${randomUUID().slice(0, 8)}`,
    aspect_ratio: "16:9",
  });
  await page.goto(`/videos/${id}`);
  const section = page.getByRole("region", { name: "Quick preview" });
  const start = section.getByRole("button", { name: "Quick preview" });
  // Enabled once the preview's state has loaded (none yet).
  await expect(start).toBeEnabled();
  await start.focus();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("progressbar", { name: "Quick preview progress" })).toBeVisible();
  await expect(start).toBeDisabled();

  await expect(section.getByText("Draft preview", { exact: true })).toBeVisible({ timeout: 150_000 });
  await expect(section.getByRole("progressbar")).toHaveCount(0);
  const video = section.locator("video");
  await expect(video).toHaveAccessibleName("Draft preview");
  // Playable: the browser reads its metadata (a 15 s draft) and it plays.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 20_000 })
    .toBeGreaterThan(10);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);

  // The share link plays for someone who is not signed in.
  const link = await section.getByLabel("Share link (draft preview)").inputValue();
  expect(link).toMatch(/^http/);
  const stranger = await browser.newContext();
  const res = await stranger.request.get(link);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("video/mp4");
  await stranger.close();

  // The video is still a storyboard: the preview is not its rendered file.
  const view = (await (await page.request.get(`/api/v1/videos/${id}`)).json()) as {
    data: { files: unknown; status: string };
  };
  expect(view.data).toMatchObject({ files: null, status: "draft" });

  await page.screenshot({ path: test.info().outputPath("quick-preview-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await section.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath("quick-preview-360.png"), fullPage: true });
});
