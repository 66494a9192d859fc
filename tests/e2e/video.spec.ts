/**
 * Videos in Chromium with the local models: a prompt becomes a storyboard,
 * the render shows its progress and survives a reload, the video plays; a
 * scene's text is edited and the video rendered again; it is shared, watched
 * signed out on /v1 and /v0, unshared (visitors get the not-found); running
 * out of credits; deleting.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
/** A render of a short video on a small shared machine: generous. */
const RENDER_TIMEOUT = 240_000;

interface VideoState {
  title: string;
  status: string;
  revision: number;
  visibility: string;
  files: { revision: number; duration_ms: number; width: number; height: number } | null;
  render: { state: string; error: string | null } | null;
  composition: { scenes: { id: string; values: Record<string, { type: string; text?: string }> }[] };
}

async function readVideo(request: APIRequestContext, id: string): Promise<VideoState> {
  const res = await request.get(`/api/v1/videos/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: VideoState }).data;
}

/** Fills the create form for a short, silent-music 16:9 video and returns the brief. */
async function fillCreateForm(page: Page, brief: string) {
  await page.goto("/prompt-to-video");
  await page.getByLabel("Brief", { exact: true }).fill(brief);
  await page.getByRole("radio", { name: "16:9 Widescreen" }).check({ force: true });
  await page.getByRole("radio", { name: "About 15 seconds" }).check({ force: true });
  const music = page.getByRole("switch", { name: "Music" });
  if ((await music.getAttribute("aria-checked")) === "true") await music.click();
}

function videoIdFrom(url: string): string {
  const m = /\/(?:content|videos)\/([A-Za-z0-9_-]+)/.exec(url);
  if (!m) throw new Error(`no video id in ${url}`);
  return m[1]!;
}

/** Waits until the server reports a finished render of `revision` (or later). */
async function waitForRender(request: APIRequestContext, id: string, revision: number) {
  await expect
    .poll(
      async () => {
        const v = await readVideo(request, id);
        if (v.render?.state === "failed") throw new Error(`render failed: ${v.render.error}`);
        return v.status === "ready" && (v.files?.revision ?? -1) >= revision;
      },
      { timeout: RENDER_TIMEOUT, intervals: [1000, 2000] },
    )
    .toBe(true);
}

test.describe.configure({ mode: "serial" });

/** Signs in (which makes the account's profile on first use), then sets a balance that covers a few renders. */
async function signIn(signedInAs: (role: "user" | "staff", next?: string) => Promise<void>, next: string) {
  await signedInAs("user", next);
  if (local) await setCredits(seedAccount("user").uid, 200);
}

test("prompt → storyboard → render with progress → edit → re-render → share → watch signed out → unshare", async ({
  page,
  signedInAs,
  browser,
}) => {
  test.setTimeout(RENDER_TIMEOUT * 2 + 120_000);
  const tag = randomUUID().slice(0, 8);
  const brief = `A short video about a lighthouse keeper who bakes bread at dawn. Fresh loaves, warm light, a quiet harbour. ${tag}`;

  await signIn(signedInAs, "/prompt-to-video");
  await fillCreateForm(page, brief);
  await expect(page.getByText(`${brief.length}/2,000`)).toBeVisible();
  // Templates show animated previews (the Player loads on demand).
  await expect(page.getByRole("group", { name: /Animated preview of the .+ template/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  // The price shows before anything is made.
  await expect(page.getByText(/Rendering costs \d+ credits?/)).toBeVisible();
  await expect(page.getByText(/Local preview/).first()).toBeVisible();

  await page.getByRole("button", { name: "Create storyboard" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 60_000 });
  const id = videoIdFrom(page.url());

  // The storyboard: the scene strip (the first scene selected), its fields, and the live preview.
  await expect(page.getByRole("button", { name: /^Scene 1,/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("group", { name: "Preview of the storyboard" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

  await page.getByRole("button", { name: "Render", exact: true }).click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  const progress = page.getByRole("progressbar", { name: "Render progress" });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("list", { name: "Render stages" })).toBeVisible();

  // The progress comes from the server: a reload mid-render picks it up again.
  await page.reload();
  const first = await readVideo(page.request, id);
  if (first.status === "rendering") await expect(progress).toBeVisible();
  await waitForRender(page.request, id, 0);

  // It plays: a real MP4 with a poster and a captions track.
  const player = page.locator("video");
  await expect(player).toBeVisible({ timeout: 15_000 });
  await expect(player).toHaveAttribute("poster", /.+/);
  await expect(player.locator("track[kind=captions]")).toHaveCount(1);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 30_000 })
    .toBeGreaterThan(5);
  await expect(page.getByRole("link", { name: "Download MP4" })).toHaveAttribute("download", /\.mp4$/);
  await expect(page.getByRole("heading", { name: "How it was made" })).toBeVisible();
  await expect(page.getByText(brief)).toBeVisible();

  // Edit a scene's on-screen text; autosave stores it under a new revision.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.waitForURL(new RegExp(`/content/${id}/edit$`));
  const text = page.getByRole("group", { name: "On-screen text" }).getByRole("textbox").first();
  await expect(text).toBeVisible();
  const edited = `Fresh bread ${tag}`;
  await text.fill(edited);
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
  const afterEdit = await readVideo(page.request, id);
  expect(JSON.stringify(afterEdit.composition.scenes[0]!.values)).toContain(edited);
  expect(afterEdit.revision).toBeGreaterThan(first.revision);

  // Undo brings the old text back (and saves it), redo the edit.
  await text.press("Control+z");
  await expect(text).not.toHaveValue(edited);
  await text.press("Control+Shift+z");
  await expect(text).toHaveValue(edited);
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });

  // Re-render: the old file stays playable while the new one renders.
  const editedRevision = (await readVideo(page.request, id)).revision;
  await page.getByRole("button", { name: "Render", exact: true }).click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  await expect(page.getByRole("progressbar", { name: "Render progress" })).toBeVisible();
  await expect(page.locator("video")).toBeVisible();
  await waitForRender(page.request, id, editedRevision);
  await expect(page.getByRole("progressbar", { name: "Render progress" })).toBeHidden({ timeout: 15_000 });

  // Share: public link, watch page and embed code.
  await page.getByRole("link", { name: "Share", exact: true }).click();
  await page.waitForURL(new RegExp(`/content/${id}/share$`));
  await page.getByRole("switch", { name: "Public link" }).click();
  await expect(page.getByRole("switch", { name: "Public link" })).toHaveAttribute("aria-checked", "true");
  const watch = page.getByRole("textbox", { name: "Watch page" });
  await expect(watch).toHaveValue(new RegExp(`/v1/videos/${id}$`));
  await expect(page.getByRole("textbox", { name: "Embed code" })).toHaveValue(
    new RegExp(`^<iframe src="http[^"]+/v0/videos/${id}"`),
  );
  await expect(page.getByRole("img", { name: /^Link preview: / })).toBeVisible();
  const origin = new URL(page.url()).origin;

  // Signed out: the watch page, the bare player and the content page play it.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const watchRes = await visitorPage.goto(`${origin}/v1/videos/${id}`);
  expect(watchRes?.status()).toBe(200);
  const publicVideo = visitorPage.locator("video");
  await expect(publicVideo).toBeVisible();
  await expect(publicVideo.locator("track[kind=captions]")).toHaveCount(1);
  await expect
    .poll(() => publicVideo.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), {
      timeout: 30_000,
    })
    .toBeGreaterThan(5);
  await expect(visitorPage.getByRole("link", { name: "Make your own" })).toHaveAttribute("href", "/prompt-to-video");
  await expect(visitorPage.locator('meta[property="og:type"]')).toHaveAttribute("content", "video.other");
  await expect(visitorPage.locator('meta[property="og:image"]').first()).toHaveAttribute("content", /poster/);
  await expect(visitorPage.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "player");
  await expect(visitorPage.locator('meta[name="twitter:player"]')).toHaveAttribute(
    "content",
    new RegExp(`/v0/videos/${id}$`),
  );

  const embedRes = await visitorPage.goto(`${origin}/v0/videos/${id}`);
  expect(embedRes?.status()).toBe(200);
  await expect(visitorPage.locator("video")).toBeVisible();
  // No chrome around the bare player.
  await expect(visitorPage.getByRole("link", { name: "Sign in" })).toBeHidden();
  const box = await visitorPage.locator("video").boundingBox();
  const viewport = visitorPage.viewportSize()!;
  expect(Math.round(box!.width)).toBe(viewport.width);
  expect(Math.round(box!.height)).toBe(viewport.height);

  const contentRes = await visitorPage.goto(`${origin}/content/${id}`);
  expect(contentRes?.status()).toBe(200);
  await expect(visitorPage.locator("video")).toBeVisible();

  // Unshare: the next visitor gets the clean not-found everywhere.
  await page.getByRole("switch", { name: "Public link" }).click();
  await expect(page.getByRole("switch", { name: "Public link" })).toHaveAttribute("aria-checked", "false");
  const gone = await visitorPage.goto(`${origin}/v1/videos/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { name: "We couldn't find this video" })).toBeVisible();
  const goneEmbed = await visitorPage.goto(`${origin}/v0/videos/${id}`);
  expect(goneEmbed?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { name: "This video isn't available" })).toBeVisible();
  const goneContent = await visitorPage.goto(`${origin}/content/${id}`);
  expect(goneContent?.status()).toBe(404);
  await visitor.close();
});

test("out of credits: the price says so, nothing is charged, and the render explains what to do", async ({
  page,
  signedInAs,
}) => {
  test.skip(!local, "sets a balance directly in the local store");
  test.setTimeout(120_000);
  await signedInAs("user", "/prompt-to-video");
  await setCredits(seedAccount("user").uid, 0);
  // A fresh page load reads the new balance.
  await fillCreateForm(page, `A video about morning coffee ${randomUUID().slice(0, 8)}`);
  await expect(page.getByText(/Not enough credits to render/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Render now" })).toBeDisabled();

  // The storyboard is free; its render is refused with a way out.
  await page.getByRole("button", { name: "Create storyboard" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 60_000 });
  const id = videoIdFrom(page.url());
  await page.getByRole("button", { name: "Render", exact: true }).click();
  await expect(page.getByText(/not enough credits/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Get more credits" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/content/${id}/edit$`));
  const v = await readVideo(page.request, id);
  expect(v.status).toBe("draft");
  const me = await page.request.get("/api/v1/user-info/");
  expect(((await me.json()) as { data: { credits: number } }).data.credits).toBe(0);
  await setCredits(seedAccount("user").uid, 200);
});

test("lists videos and deletes one after confirming", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const brief = `A video about a tiny bookshop ${randomUUID().slice(0, 8)}`;
  await signIn(signedInAs, "/prompt-to-video");
  await fillCreateForm(page, brief);
  await page.getByRole("button", { name: "Create storyboard" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 60_000 });
  const id = videoIdFrom(page.url());
  const { title } = await readVideo(page.request, id);

  await page.goto("/videos");
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  await expect(card.first()).toBeVisible();
  await expect(card.first().getByText("Draft")).toBeVisible();
  await expect(page.getByRole("link", { name: "New video" })).toBeVisible();

  await card.first().getByRole("link", { name: title, exact: true }).click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("button", { name: "Delete video" }).click();
  await expect(page).toHaveURL(/\/videos$/);
  expect((await page.request.get(`/api/v1/videos/${id}`)).status()).toBe(404);
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  // A deleted video's pages say so.
  await page.goto(`/videos/${id}`);
  await expect(page.getByRole("heading", { name: "We couldn't find this video" })).toBeVisible();
});
