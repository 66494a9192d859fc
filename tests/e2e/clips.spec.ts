/**
 * A video clip in a storyboard scene, in Chromium: a clip uploaded to the
 * assets is marked as a clip in the scene's picture panel, picked for a
 * scene, shown in the scene strip with its poster and a "Clip" mark, and
 * played in the editor's Player as a muted <video> that moves.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";
import { makeLocalVideo } from "./make-video";
import { colourClip } from "../support/test-clip";

test("pick a clip for a scene: marked in the strip, playing muted in the preview", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-clip-e2e-"));
  const clip = await colourClip(path.join(dir, "clip.mp4"), { seconds: 3 });
  fs.rmSync(dir, { recursive: true, force: true });
  await signedInAs("user", "/create");
  const name = `waves-${tag}.mp4`;
  const uploaded = await page.request.post(`/api/v1/assets?name=${encodeURIComponent(name)}`, {
    data: clip,
    headers: { "content-type": "video/mp4" },
  });
  expect(uploaded.status()).toBe(201);
  const asset = ((await uploaded.json()) as { data: { id: string; kind: string; duration_ms: number } }).data;
  expect(asset).toMatchObject({ kind: "video", duration_ms: 3000 });

  const id = await makeLocalVideo(page.request, {
    brief: `Waves on a harbour wall at dawn. ${tag}`,
    aspect_ratio: "16:9",
  });
  await page.goto(`/content/${id}/edit`);
  const heads = page.locator("[data-scene-head]");
  await expect(heads.first()).toBeVisible({ timeout: 30_000 });
  const preview = page.getByRole("group", { name: "Preview of the storyboard" });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const panel = page.getByRole("group", { name: "Picture" });
  // The first scene whose layout has a scene picture (not the end card's logo).
  let scene = 0;
  for (let i = 0; i < (await heads.count()); i++) {
    if ((await heads.nth(i).getAttribute("aria-current")) !== "true") await heads.nth(i).click();
    const layout = await page
      .getByLabel("Layout")
      .first()
      .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? "");
    if ((await panel.isVisible()) && layout !== "End card") {
      scene = i + 1;
      break;
    }
  }
  expect(scene, "a scene with a picture slot").toBeGreaterThan(0);
  await panel.getByText("Assets", { exact: true }).click();
  const choice = panel.getByRole("button").filter({ has: page.getByRole("img", { name: `Use clip: ${name}` }) });
  await expect(choice).toContainText("Clip 0:03");
  await choice.click();
  await expect(panel.getByText("Picture changed.")).toBeVisible({ timeout: 30_000 });

  // The strip: the scene is a clip (its mark and its label), drawn from the clip's poster picture.
  const head = heads.nth(scene - 1);
  await expect(head).toHaveAttribute("aria-label", new RegExp(`^Scene ${scene}, [0-9.]+ s, video clip, 0:03`));
  await expect(head.locator("[data-clip-mark]")).toContainText("Clip 0:03");
  const thumb = head.locator("[data-scene-thumbnail]");
  await expect(thumb.locator('img[src*="thumb.webp"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(thumb.locator("video")).toHaveCount(0);
  // Where the scene starts in the clip: saved on the scene's clip.
  const start = page.getByLabel("Clip starts at (seconds)");
  await start.fill("1");
  await start.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/videos/${id}`);
      const body = (await res.json()) as {
        data: { composition: { scenes: { values: Record<string, { clip_start_ms?: number; asset_id?: string }> }[] } };
      };
      const values = Object.values(body.data.composition.scenes[scene - 1]!.values);
      return values.find((v) => v.asset_id === asset.id)?.clip_start_ms;
    })
    .toBe(1000);
  // The strip's clip mark, the picker's clip tiles and the start field pass axe (no serious or critical issue).
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze();
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    "axe on the editor with a clip scene",
  ).toEqual([]);

  // The preview holds the clip scene: a <video> of the clip, muted. Play it: its time moves on.
  const video = preview.locator("video");
  await expect(video).toHaveCount(1, { timeout: 30_000 });
  await expect(video).toHaveAttribute("src", /\/original\.mp4/);
  // The signed blob URL answers the range requests a <video> makes to start and to seek.
  const part = await page.request.get((await video.getAttribute("src"))!, { headers: { range: "bytes=100-199" } });
  expect([part.status(), part.headers()["content-type"], part.headers()["content-range"]]).toEqual([
    206,
    "video/mp4",
    `bytes 100-199/${clip.length}`,
  ]);
  expect((await part.body()).equals(clip.subarray(100, 200))).toBe(true);
  await preview.getByRole("button", { name: /play/i }).first().click();
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      t: v.currentTime,
      paused: v.paused,
      muted: v.muted,
      ready: v.readyState,
    }));
  // Playing, with a decoded frame at the playhead.
  await expect
    .poll(async () => ({ ...(await state()), t: 0, ready: (await state()).ready >= 2 }), { timeout: 15_000 })
    .toEqual({ t: 0, paused: false, muted: true, ready: true });
  const a = await state();
  // It plays from the 1 s start offset (its 2 s from there loop), and its time moves on.
  expect(a.t).toBeGreaterThanOrEqual(0.95);
  await page.waitForTimeout(400);
  expect((await state()).t).not.toBe(a.t);
  // A frame of the clip was decoded (the test clip's first seconds are red then green).
  const size = await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]);
  expect(size).toEqual([320, 180]);
});
