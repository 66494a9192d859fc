/**
 * Picking a scene's picture from its suggestions in the storyboard editor:
 * offline (no stock key) the Suggested view lists my assets that match the
 * scene's words; picking one, then a different one, changes the scene (the
 * stored composition and the preview). Against a second app server on the
 * same build, configured with a Pexels key pointing at the local stand-in
 * (tests/support/stock-stand-in.ts, Pexels' wire format), a Pexels photo is
 * picked, copied into my assets and credited in the picker and on the asset.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { test, expect, SignInPage } from "./fixtures";
import { makeLocalVideo } from "./make-video";
import { createEmulatorAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";
import { startStockStandIn, type StockStandIn } from "../support/stock-stand-in";
import { testAppEnv } from "../support/test-env";
import { freePort } from "../support/free-port";

const local = !process.env.BASE_URL;

interface StoredScene {
  id: string;
  image_prompt?: string;
  values: Record<string, { type: string; asset_id?: string }>;
}

async function uploadPng(request: APIRequestContext, name: string, colour: string, base = ""): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await request.post(`${base}/api/v1/assets?name=${encodeURIComponent(name)}`, {
    data: bytes,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function scenesOf(request: APIRequestContext, id: string, base = ""): Promise<StoredScene[]> {
  const res = await request.get(`${base}/api/v1/videos/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { composition: { scenes: StoredScene[] } } }).data.composition.scenes;
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  await page.waitForLoadState("networkidle", { timeout: 4_000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lines = serious.flatMap((v) => v.nodes.map((n) => `${screen}  ${v.id} (${v.impact})  ${n.target.join(" ")}`));
  expect(lines, `axe: serious or critical violations on ${screen}\n${lines.join("\n")}`).toEqual([]);
}

const pictureAsset = (s: StoredScene | undefined) =>
  Object.values(s?.values ?? {}).find((v) => v.type === "media")?.asset_id;

/** Opens the editor on the first scene that has a picture slot and returns its id and the picture panel. */
async function openPictureScene(page: Page, id: string, base = "") {
  const scenes = await scenesOf(page.request, id, base);
  const index = scenes.findIndex((s) => s.image_prompt);
  expect(index, "the storyboard has a scene with a picture").toBeGreaterThanOrEqual(0);
  await page.goto(`${base}/content/${id}/edit`);
  const strip = page.getByRole("list", { name: "Scenes" });
  await expect(strip.getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
  await page.locator(`[data-scene-item="${scenes[index]!.id}"]`).locator("[data-scene-head]").click();
  const panel = page.getByRole("group", { name: "Picture" });
  await expect(panel).toBeVisible();
  return { sceneId: scenes[index]!.id, panel };
}

test("Suggested lists my assets that match a scene's words; picking one, then another, changes the scene", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  await signedInAs("user", "/create");
  const tag = randomUUID().slice(0, 6);
  // Words no other test uses, so only these two assets match.
  const kayak = await uploadPng(page.request, `zebra-kayak-${tag}.png`, "#e76f51");
  const paddle = await uploadPng(page.request, `zebra-kayak-paddle-${tag}.png`, "#264653");
  const id = await makeLocalVideo(page.request, {
    brief: `Zebra Kayak: a striped kayak with a paddle for calm lakes. ${tag}`,
    aspect_ratio: "16:9",
  });
  const { sceneId, panel } = await openPictureScene(page, id);

  await expect(panel.getByRole("radio", { name: "Suggested" })).toBeChecked();
  const suggestions = panel.getByRole("list", { name: "Suggested pictures and clips" });
  const first = suggestions.getByRole("button", { name: new RegExp(`^Use photo: zebra-kayak-${tag}`) });
  const second = suggestions.getByRole("button", { name: new RegExp(`^Use photo: zebra-kayak-paddle-${tag}`) });
  await expect(first).toBeVisible({ timeout: 20_000 });
  await expect(second).toBeVisible();
  await expect(panel.getByText(/^Matches for/)).toContainText("zebra");

  await first.click();
  await expect(panel.getByText("Picture changed.")).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => pictureAsset((await scenesOf(page.request, id)).find((s) => s.id === sceneId)))
    .toBe(kayak);
  const preview = panel.getByRole("img", { name: /^Scene \d+ picture$/ });
  await expect(preview).toBeVisible();
  const before = await preview.getAttribute("src");
  // The picked one is in use now (not offered again); the other is.
  await expect(suggestions.getByRole("button", { name: /^In use:/ })).toBeDisabled();

  await second.click();
  await expect
    .poll(async () => pictureAsset((await scenesOf(page.request, id)).find((s) => s.id === sceneId)))
    .toBe(paddle);
  await expect.poll(() => preview.getAttribute("src")).not.toBe(before);

  // A search with other words, and back to the scene's own ("More like this").
  await panel.getByRole("searchbox", { name: "Search photos and clips" }).fill("quartz volcano");
  await panel.getByRole("button", { name: "Search" }).click();
  await expect(panel.getByText(/^Nothing matches/)).toBeVisible();
  await panel.getByRole("button", { name: "More like this" }).click();
  await expect(second.or(suggestions.getByRole("button", { name: /^In use:/ })).first()).toBeVisible();

  // The panel fits a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("suggested-360.png") });
});

test.describe("with Pexels configured (a local stand-in)", () => {
  test.skip(!local, "starts its own app server and stock stand-in beside the local build");
  test.describe.configure({ mode: "serial" });

  let standIn: StockStandIn;
  let app: ChildProcess | null = null;
  let appBase = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await startStockStandIn({ pexelsKey: "px-e2e-key" });
    const port = await freePort();
    appBase = `http://localhost:${port}`;
    app = spawn(
      process.execPath,
      [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-H", "localhost", "-p", String(port)],
      {
        cwd: path.join(__dirname, "..", ".."),
        env: {
          ...process.env,
          ...testAppEnv,
          PORT: String(port),
          IN_APP_WORKER: "0",
          PEXELS_API_KEY: "px-e2e-key",
          PEXELS_API_BASE: standIn.base,
        },
        stdio: "ignore",
      },
    );
    await waitForHealth(`${appBase}/api/v1/health`, 150_000);
  });

  test.afterAll(async () => {
    if (app?.pid && app.exitCode === null) app.kill("SIGTERM");
    await standIn?.close();
  });

  test("a Pexels photo picked in the editor is copied into my assets and credited", async ({ page }) => {
    test.setTimeout(120_000);
    const account = { email: `stock-${randomUUID().slice(0, 8)}@example.com`, password: "promptframe-e2e-1" };
    await createEmulatorAccount({ ...account, emailVerified: true });
    await page.goto(`${appBase}/email-login?next=${encodeURIComponent("/create")}`);
    await new SignInPage(page).signInWithEmail(account);
    await page.waitForURL((url) => url.pathname === "/create");
    const made = await page.request.post(`${appBase}/api/v1/videos`, {
      data: {
        brief: "Red running shoes for trail runners. Light and grippy.",
        aspect_ratio: "16:9",
        length_s: 15,
        template_id: null,
        voice_id: null,
        captions: false,
        music: false,
        model_id: "local/preview",
      },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    const { sceneId, panel } = await openPictureScene(page, id, appBase);

    const suggestions = panel.getByRole("list", { name: "Suggested pictures and clips" });
    const photo = suggestions.getByRole("button", { name: "Use photo: red running shoes on a track (Pexels)" });
    await expect(photo).toBeVisible({ timeout: 20_000 });
    // Clips are marked with their length; every stock item carries its credit.
    await expect(suggestions.getByRole("button", { name: /^Use clip, 0:04: runner tying shoes/ })).toBeVisible();
    await expect(suggestions.getByRole("link", { name: "Photo by Ana Ruiz on Pexels" })).toBeVisible();

    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("suggested-pexels-1280.png") });
    await expectNoSeriousViolations(page, "the editor's Suggested pictures");
    await photo.click();
    await expect(panel.getByText("Photo copied to your assets and used.")).toBeVisible({ timeout: 30_000 });
    const scene = (await scenesOf(page.request, id, appBase)).find((s) => s.id === sceneId);
    const assetId = pictureAsset(scene);
    expect(assetId).toBeTruthy();
    expect(standIn.log.some((l) => l.path.startsWith("/v1/search") && l.authorization === "px-e2e-key")).toBe(true);

    // The current picture's credit shows under it in the panel too.
    await expect(panel.locator("p").filter({ hasText: "Photo by Ana Ruiz on Pexels · Pexels License" })).toBeVisible();
    await page.goto(`${appBase}/assets/${assetId}`);
    const credit = page.getByRole("region", { name: "Credit" });
    await expect(credit.getByRole("link", { name: "Photo by Ana Ruiz on Pexels" })).toHaveAttribute(
      "href",
      "https://www.pexels.com/@ana-ruiz",
    );
    await expect(credit.getByRole("link", { name: "Pexels License" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Tags" })).toHaveValue(/red.*run.*shoe/);
    await page.screenshot({ path: test.info().outputPath("asset-credit-1280.png") });
    await expectNoSeriousViolations(page, "a stock copy's asset page");
  });
});

test.describe("with Pexels configured: a stock clip", () => {
  test.skip(!local, "starts its own app server and stock stand-in beside the local build");
  let standIn: StockStandIn;
  let app: ChildProcess | null = null;
  let appBase = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await startStockStandIn({ pexelsKey: "px-e2e-key" });
    const port = await freePort();
    appBase = `http://localhost:${port}`;
    // No worker of its own: the suite's app renders from the same data (the clip is in my assets once picked).
    app = spawn(
      process.execPath,
      [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-H", "localhost", "-p", String(port)],
      {
        cwd: path.join(__dirname, "..", ".."),
        env: {
          ...process.env,
          ...testAppEnv,
          PORT: String(port),
          IN_APP_WORKER: "0",
          PEXELS_API_KEY: "px-e2e-key",
          PEXELS_API_BASE: standIn.base,
        },
        stdio: "ignore",
      },
    );
    await waitForHealth(`${appBase}/api/v1/health`, 150_000);
  });

  test.afterAll(async () => {
    if (app?.pid && app.exitCode === null) app.kill("SIGTERM");
    await standIn?.close();
  });

  test("a Pexels clip picked for a scene plays in the Player and moves in the rendered MP4", async ({ page }) => {
    test.setTimeout(300_000);
    const account = { email: `clip-${randomUUID().slice(0, 8)}@example.com`, password: "promptframe-e2e-1" };
    const { uid } = await createEmulatorAccount({ ...account, emailVerified: true });
    await page.goto(`${appBase}/email-login?next=${encodeURIComponent("/create")}`);
    await new SignInPage(page).signInWithEmail(account);
    await page.waitForURL((url) => url.pathname === "/create");
    await setCredits(uid, 100);
    const made = await page.request.post(`${appBase}/api/v1/videos`, {
      data: {
        brief: "Red running shoes for trail runners. Light and grippy.",
        aspect_ratio: "16:9",
        length_s: 15,
        template_id: null,
        voice_id: null,
        captions: false,
        music: false,
        model_id: "local/preview",
      },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    const { sceneId, panel } = await openPictureScene(page, id, appBase);

    const suggestions = panel.getByRole("list", { name: "Suggested pictures and clips" });
    await suggestions.getByRole("button", { name: /^Use clip, 0:0\d: runner tying shoes/ }).click();
    await expect(panel.getByText("Clip copied to your assets and used.")).toBeVisible({ timeout: 30_000 });

    // The Player plays it: a muted <video> whose time moves on.
    const preview = page.getByRole("group", { name: "Preview of the storyboard" });
    const video = preview.locator("video");
    await expect(video).toHaveCount(1, { timeout: 30_000 });
    await preview.getByRole("button", { name: /play/i }).first().click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.muted && v.readyState >= 2 && v.currentTime > 0.3), {
        timeout: 30_000,
      })
      .toBe(true);

    // Rendered (by the suite's worker, from the same data): in the clip scene the frames move.
    const render = await page.request.post(`${appBase}/api/v1/videos/${id}/render`, { data: {} });
    expect(render.status()).toBeLessThan(300);
    let files: { video_url: string } | null = null;
    await expect
      .poll(
        async () => {
          const v = (await (await page.request.get(`${appBase}/api/v1/videos/${id}`)).json()) as {
            data: {
              status: string;
              files: { video_url: string } | null;
              render: { state: string; error: string } | null;
            };
          };
          if (v.data.render?.state === "failed") throw new Error(`render failed: ${v.data.render.error}`);
          files = v.data.files;
          return v.data.status === "ready" && files !== null;
        },
        { timeout: 240_000, intervals: [1000, 2000] },
      )
      .toBe(true);
    const mp4 = await (await page.request.get(`${appBase}${files!.video_url}`)).body();
    const props = (
      (await (await page.request.get(`${appBase}/api/v1/videos/${id}/player`)).json()) as {
        data: {
          props: {
            fps: number;
            scenes: { id: string; from: number; durationInFrames: number; slots: { media?: unknown }[] }[];
          };
        };
      }
    ).data.props;
    // Late in a scene (entrances are over): two frames 0.4 s apart. In the clip's scene they differ (the test
    // pattern's gradient scrolls and its clock ticks); in a scene with no picture nothing moves then.
    const lateDiff = async (s: (typeof props.scenes)[number]) => {
      const at = (s.from + s.durationInFrames * 0.6) / props.fps;
      return meanDiff(await frameAt(mp4, at), await frameAt(mp4, at + 0.4));
    };
    const clipDiff = await lateDiff(props.scenes.find((s) => s.id === sceneId)!);
    const textOnly = props.scenes.find((s) => s.id !== sceneId && s.slots.every((slot) => !slot.media));
    const stillDiff = textOnly ? await lateDiff(textOnly) : 0;
    expect(clipDiff, "the clip moves in the MP4").toBeGreaterThan(0.8);
    expect(clipDiff, "more than a scene where nothing plays").toBeGreaterThan(4 * stillDiff);
  });
});

/** One decoded frame (RGB) of an MP4 at `seconds`, with Remotion's ffmpeg. */
function frameAt(file: Buffer, seconds: number): Promise<Buffer> {
  const ffmpeg = path.join(process.cwd(), "node_modules/@remotion/compositor-linux-x64-gnu/ffmpeg");
  return new Promise((resolve, reject) => {
    const p = spawn(ffmpeg, [
      "-hide_banner",
      "-v",
      "error",
      "-i",
      "pipe:0",
      "-ss",
      seconds.toFixed(3),
      "-frames:v",
      "1",
      "-f",
      "image2pipe",
      "-c:v",
      "png",
      "pipe:1",
    ]);
    const out: Buffer[] = [];
    p.stdout.on("data", (c: Buffer) => out.push(c));
    p.stdin.on("error", () => undefined);
    p.on("error", reject);
    p.on("close", (code) => {
      if (code !== 0 || out.length === 0) return reject(new Error(`ffmpeg exited ${code}`));
      sharp(Buffer.concat(out)).removeAlpha().raw().toBuffer().then(resolve, reject);
    });
    p.stdin.end(file);
  });
}

function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`the configured app server did not answer ${url} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
