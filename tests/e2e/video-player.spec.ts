/**
 * Players take the video's own shape: a 9:16 video plays in a 9:16 box on
 * /videos/{id} and on the public watch page (not in a wide black box with
 * bars beside it), and a finished video shows its poster without a loading
 * spinner over it (Chromium's controls show one while the element is loading
 * and has no metadata yet).
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { makeLocalVideo } from "./make-video";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
const RENDER_TIMEOUT = 240_000;

/** The frame's width / height and the video element's, which must both be 9:16. */
async function expectVertical(frame: Locator, video: Locator) {
  await expect(frame).toBeVisible();
  const f = (await frame.boundingBox())!;
  const v = (await video.boundingBox())!;
  expect(f.width / f.height).toBeCloseTo(9 / 16, 1);
  expect(v.width / v.height).toBeCloseTo(9 / 16, 1);
  // The element fills its frame: no bars beside the picture.
  expect(Math.abs(v.width - f.width)).toBeLessThan(3);
}

/** Chromium draws its loading spinner while the element is loading and has nothing yet; a finished video settles. */
async function expectNoSpinner(page: Page, video: Locator) {
  await expect
    .poll(
      () =>
        video.evaluate(
          (v: HTMLVideoElement) => !(v.networkState === HTMLMediaElement.NETWORK_LOADING && v.readyState === 0),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(video).toHaveAttribute("poster", /.+/);
  void page;
}

test("a vertical video plays in a 9:16 box on its page and on the public watch page", async ({
  page,
  signedInAs,
  browser,
}) => {
  test.setTimeout(RENDER_TIMEOUT + 120_000);
  await signedInAs("user", "/videos");
  if (local) await setCredits(seedAccount("user").uid, 200);
  const id = await makeLocalVideo(page.request, {
    brief: `A vertical ad for a bakery: croissants at dawn. ${randomUUID().slice(0, 8)}`,
    render_now: true,
  });
  await expect
    .poll(
      async () => {
        const v = (await (await page.request.get(`/api/v1/videos/${id}`)).json()) as {
          data: { status: string; render: { state: string; error: string | null } | null };
        };
        if (v.data.render?.state === "failed") throw new Error(`render failed: ${v.data.render.error}`);
        return v.data.status;
      },
      { timeout: RENDER_TIMEOUT, intervals: [1000, 2000] },
    )
    .toBe("ready");

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/videos/${id}`);
    const video = page.locator("video");
    await expectVertical(page.getByTestId("video-frame"), video);
    await expectNoSpinner(page, video);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }

  expect((await page.request.put(`/api/v1/videos/${id}/share`, { data: { public: true } })).status()).toBe(200);
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watch = await visitor.newPage();
  const origin = new URL(page.url()).origin;
  expect((await watch.goto(`${origin}/v1/videos/${id}`))?.status()).toBe(200);
  await expectVertical(watch.getByTestId("video-frame"), watch.locator("video"));
  await expectNoSpinner(watch, watch.locator("video"));
  await visitor.close();
});
