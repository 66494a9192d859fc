/**
 * Render only what changed, in Chromium: a rendered video's middle scene is
 * edited in the storyboard and rendered again; the progress shows one part
 * rendering at a time, only the changed parts (the scene and at most the two
 * transitions beside it), the others kept from the last render; the new file
 * plays at the edited revision.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { makeLocalVideo, readVideo, waitForRender } from "./make-video";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const RENDER_TIMEOUT = 180_000;

interface Parts {
  total: number;
  reused: number;
  rendered: number;
  rendering: number[];
}
interface VideoState {
  status: string;
  revision: number;
  files: { revision: number } | null;
  render: { state: string; error: string | null; segments?: Parts | null } | null;
}

/** Records every text the render's status line shows (it may change faster than a test looks). */
async function recordStatusTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __statusTexts: string[] }).__statusTexts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const t = el.textContent ?? "";
        if (t && seen[seen.length - 1] !== t && !seen.includes(t)) seen.push(t);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

test("edit one scene → render: only its parts render, one at a time, the others are kept → it plays", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(RENDER_TIMEOUT * 2 + 60_000);
  const tag = randomUUID().slice(0, 8);
  await signedInAs("user", "/videos");
  if (!process.env.BASE_URL) await setCredits(seedAccount("user").uid, 200);
  const id = await makeLocalVideo(page.request, {
    brief: `A corner bakery opens at six: sourdough, rye and cinnamon buns, baked fresh every morning. ${tag}`,
    aspect_ratio: "16:9",
    render_now: true,
  });
  const first = await waitForRender<VideoState>(page.request, id, 0, {
    timeout: RENDER_TIMEOUT,
    intervals: [500, 1000],
  });
  const full = first.render?.segments;
  // The first render kept nothing: every part rendered.
  expect(full?.total).toBeGreaterThanOrEqual(3);
  expect(full).toMatchObject({ reused: 0, rendered: full!.total, rendering: [] });

  // Every progress the page reads from the server, and every text its status line shows.
  const seenParts: Parts[] = [];
  page.on("response", async (res) => {
    if (!res.url().endsWith(`/api/v1/videos/${id}`) || res.request().method() !== "GET") return;
    const body = (await res.json().catch(() => null)) as { data?: VideoState } | null;
    const parts = body?.data?.render?.segments;
    if (body?.data?.render?.state === "running" && parts) seenParts.push(parts);
  });
  await recordStatusTexts(page);

  // Edit the middle scene's on-screen text in the storyboard.
  await page.goto(`/content/${id}/edit`);
  const middle = page.getByRole("button", { name: /^Scene 2,/ });
  // A click before the editor has hydrated selects nothing: click until the scene is the current one.
  await expect(async () => {
    if ((await middle.getAttribute("aria-current")) !== "true") await middle.click();
    await expect(middle).toHaveAttribute("aria-current", "true", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const text = page.getByRole("group", { name: "On-screen text" }).getByRole("textbox").first();
  await text.fill(`Fresh rye ${tag}`);
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
  const edited = (await readVideo<VideoState>(page.request, id)).revision;
  expect(edited).toBeGreaterThan(first.revision);

  await page.getByRole("button", { name: "Render", exact: true }).click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  await expect(page.getByRole("progressbar", { name: "Render progress" })).toBeVisible();
  const done = await waitForRender<VideoState>(page.request, id, edited, {
    timeout: RENDER_TIMEOUT,
    intervals: [500, 1000],
  });

  // Only the changed parts rendered: the scene's pieces and the transitions beside it (tests/render/segments.test.ts
  // checks which), well under half of the video.
  const again = done.render!.segments!;
  expect(again.total).toBe(full!.total);
  expect(again.rendered).toBeGreaterThanOrEqual(1);
  expect(again.rendered).toBeLessThan(again.total / 2);
  expect(again.reused).toBe(again.total - again.rendered);
  // While it rendered, the page was told of the kept parts and of one part at a time (a look between two parts may
  // find none rendering: frames arrive in order, so never two)…
  expect(seenParts.length).toBeGreaterThan(0);
  expect(seenParts.some((p) => p.reused === again.reused)).toBe(true);
  expect(seenParts.every((p) => p.rendering.length <= 1)).toBe(true);
  // …and said so: "Rendering part 1 of 3 · 6 of 9 kept from the last render".
  const texts = await page.evaluate(() => (window as unknown as { __statusTexts: string[] }).__statusTexts);
  const said = new RegExp(
    `Rendering part \\d+ of ${again.rendered} · ${again.reused} of ${again.total} kept from the last render`,
  );
  expect(
    texts.some((t) => said.test(t)),
    texts.join("\n"),
  ).toBe(true);

  // The new file plays.
  await expect(page.getByRole("progressbar", { name: "Render progress" })).toBeHidden({ timeout: 15_000 });
  const player = page.locator("video");
  await expect(player).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 30_000 })
    .toBeGreaterThan(5);
});
