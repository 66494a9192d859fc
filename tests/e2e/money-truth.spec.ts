/**
 * Issue 21, "limits, prices and errors that tell the truth" and "hearing of finished work", in Chromium, each with a
 * fresh account (so its ledger holds only what the test did):
 *   - a length the Free plan does not render carries a Pro mark before it is picked; picking it says why beside the
 *     buttons, the storyboard stays free, and the render is refused as a plan limit, never "out of credits";
 *   - customers are not shown environment variables or a label said twice;
 *   - the product's "Make a video" dialog is centred and fits a 360×740 phone with its action in view;
 *   - a render started in the editor moves the header's credits at once; when it finishes the bell says so with a
 *     link (and a desktop notification once allowed); the usage history says "Video render" and its balance adds up.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, SignInPage } from "./fixtures";
import { createEmulatorAccount } from "../support/accounts";

const local = !process.env.BASE_URL;
const RENDER_TIMEOUT = 240_000;
/** An environment variable's name (OPENAI_API_KEY…) or the "Set … to enable" hint a customer must never read. */
const ENV_NAME = /\b[A-Z][A-Z0-9]*_(?:API_)?(?:KEY|TOKEN)\b|Set [A-Z_]+ .*to enable/;

test.describe.configure({ mode: "serial" });
test.skip(!local, "creates its own emulator accounts");

async function freshAccount(page: Page, next: string) {
  const account = {
    email: `money-${randomUUID().slice(0, 8)}@example.com`,
    password: "promptframe-money",
    name: "Money Test",
  };
  await createEmulatorAccount({ ...account, emailVerified: true, displayName: account.name });
  const signIn = new SignInPage(page);
  await signIn.gotoEmail(next);
  await signIn.signInWithEmail(account);
  await page.waitForURL((url) => url.pathname === new URL(next, "http://x").pathname);
  return account;
}

async function balance(request: APIRequestContext): Promise<number> {
  const me = await request.get("/api/v1/user-info/");
  return ((await me.json()) as { data: { credits: number } }).data.credits;
}

async function fillBrief(page: Page, brief: string) {
  await page.getByLabel("Brief", { exact: true }).fill(brief);
  await page.getByRole("radio", { name: "16:9 Widescreen" }).check({ force: true });
  const music = page.getByRole("switch", { name: "Music" });
  if ((await music.getAttribute("aria-checked")) === "true") await music.click();
}

const headerCredits = (page: Page) => page.getByRole("banner").getByRole("link", { name: /\d+\s*credits?$/ });

async function fitsWidth(page: Page, width: number) {
  // On failure, name the elements that stick out (the widest first), so the message says what to fix.
  const wide = await page.evaluate((w) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 0.5 && r.width > 0)
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`);
    }
    return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 8) };
  }, width);
  expect(wide.scroll, wide.out.join("\n")).toBeLessThanOrEqual(width);
}

test("Free plan: 60 s is marked Pro before it is picked; picking it says why beside Render, the storyboard stays free, the render is refused as a plan limit", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await freshAccount(page, "/prompt-to-video");
  const credits = await balance(page.request);
  expect(credits).toBeGreaterThan(10);

  await fillBrief(page, `A video about a corner bakery's morning bread ${randomUUID().slice(0, 6)}`);
  const sixty = page.getByRole("radio", { name: "About 60 seconds, renders on the Pro plan" });
  await expect(sixty).toHaveCount(1);
  // The mark is visible on the option itself, before anything is picked.
  await expect(page.locator("label").filter({ has: sixty }).getByTestId("plan-mark")).toHaveText("Pro");
  await expect(page.getByRole("radio", { name: "About 30 seconds", exact: true })).toHaveCount(1);

  await sixty.check({ force: true });
  const notice = page.getByText("Videos longer than 30 s need the Pro plan.");
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  await expect(page.getByRole("button", { name: "Render now" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create storyboard" })).toBeEnabled();
  await expect(page.getByText(/out of credits/i)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("form-pro-notice-1280.png") });

  // The storyboard is free: never blocked by a render limit.
  await page.getByRole("button", { name: "Create storyboard" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 90_000 });
  await expect(page.getByRole("button", { name: "Render", exact: true })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole("button", { name: "Render", exact: true }).click();
  await expect(page.getByText("Your plan doesn't include this")).toBeVisible();
  await expect(page.getByText(/Videos longer than 30 seconds need the Pro plan/).first()).toBeVisible();
  await expect(page.getByText(/out of credits|not enough credits/i)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/subscription");
  expect(await balance(page.request)).toBe(credits);
});

test("customers see only what works: no environment variable names, the Local preview named once", async ({ page }) => {
  test.setTimeout(90_000);
  await freshAccount(page, "/prompt-to-video");
  const writer = page.getByLabel("Writer model");
  await expect(writer).toBeVisible({ timeout: 30_000 });
  const options = await writer.locator("option").allInnerTexts();
  expect(options.length).toBeGreaterThan(0);
  for (const text of options) expect(text).not.toMatch(/Local preview.*Local preview/);
  expect(await page.locator("body").innerText()).not.toMatch(ENV_NAME);
  await page.goto("/image-gen");
  await expect(page.getByRole("combobox").first()).toBeVisible({ timeout: 30_000 });
  const imageOptions = await page.locator("select option").allInnerTexts();
  expect(imageOptions.join("\n")).not.toMatch(ENV_NAME);
  expect(await page.locator("body").innerText()).not.toMatch(ENV_NAME);
});

test("the product's Make a video dialog is centred, fits 360×740 with its action in view, offers a template, and says what it costs", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await freshAccount(page, "/product");
  const made = await page.request.post("/api/v1/products", {
    data: {
      name: "Sourdough loaf",
      description: "A slow-fermented sourdough loaf, baked every morning with a crackling crust.",
      price: "6.50",
      currency: "EUR",
      points: ["Baked every morning", "Three-day fermentation"],
    },
  });
  expect(made.status()).toBe(201);
  const { data: product } = (await made.json()) as { data: { id: string } };
  await page.goto(`/product?id=${encodeURIComponent(product.id)}`);
  await page.getByRole("button", { name: "Make a video" }).click();
  const dialog = page.getByRole("dialog", { name: "A video of Sourdough loaf" });
  await expect(dialog).toBeVisible();
  const action = dialog.getByRole("button", { name: "Create storyboard" });
  await expect(action).toBeEnabled({ timeout: 30_000 });

  for (const [width, height] of [
    [360, 740],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(action).toBeInViewport();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    // Centred, not pinned to a corner.
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(box.y + box.height / 2 - height / 2)).toBeLessThanOrEqual(2);
    await fitsWidth(page, width);
    await page.screenshot({ path: test.info().outputPath(`make-video-dialog-${width}.png`) });
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(dialog.getByRole("combobox", { name: "Template" })).toBeVisible();
  // The compact voice choice, not a row per voice.
  await expect(dialog.getByRole("combobox", { name: "Voice-over" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Play a sample of/ })).toHaveCount(0);
  await expect(dialog).toContainText("Making the storyboard is free");
  await expect(dialog).toContainText(/Rendering it later costs \d+ credits?/);

  const before = await balance(page.request);
  await dialog.getByRole("combobox", { name: "Template" }).selectOption({ label: "Bold" });
  await action.click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 90_000 });
  expect(await balance(page.request)).toBe(before);
});

test("a render moves the header's credits at once; when it finishes the bell and a desktop notification say so with a link; the usage history says what it was and adds up", async ({
  page,
}) => {
  test.setTimeout(RENDER_TIMEOUT + 180_000);
  // A stand-in for the browser's Notification API that records what was shown (headless Chromium shows nothing).
  await page.addInitScript(() => {
    const w = window as unknown as { __shown: string[]; Notification: unknown };
    const store = window.sessionStorage;
    w.__shown = JSON.parse(store.getItem("__shown") ?? "[]") as string[];
    class FakeNotification {
      static get permission() {
        return store.getItem("__permission") ?? "default";
      }
      static async requestPermission() {
        store.setItem("__permission", "granted");
        return "granted";
      }
      onclick: (() => void) | null = null;
      constructor(title: string) {
        w.__shown.push(title);
        store.setItem("__shown", JSON.stringify(w.__shown));
      }
      close() {}
    }
    w.Notification = FakeNotification;
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await freshAccount(page, "/prompt-to-video");
  const start = await balance(page.request);

  // Allow desktop notifications from the bell's panel (a user gesture).
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await bell.click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel).toContainText("Nothing has finished lately");
  await panel.getByRole("button", { name: "Turn on desktop notifications" }).click();
  await expect(panel).toContainText("Desktop notifications are on");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  await fillBrief(page, `A short video about fresh croissants at dawn ${randomUUID().slice(0, 6)}`);
  await page.getByRole("radio", { name: "About 15 seconds" }).check({ force: true });
  await page.getByRole("button", { name: "Create storyboard" }).click();
  await page.waitForURL(/\/content\/[A-Za-z0-9_-]+\/edit$/, { timeout: 90_000 });
  const id = /\/content\/([A-Za-z0-9_-]+)\/edit$/.exec(page.url())![1]!;
  await expect(headerCredits(page)).toContainText(String(start));

  await page.getByRole("button", { name: "Render", exact: true }).click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  const spent = start - (await balance(page.request));
  expect(spent).toBeGreaterThan(0);
  // The header follows the debit while the render runs, not after it.
  await expect(headerCredits(page)).toContainText(String(start - spent), { timeout: 5_000 });
  await expect(page.getByRole("progressbar", { name: "Render progress" })).toBeVisible();

  // Away from the video while it renders: the bell still hears of it.
  await page.goto("/assets");
  await expect(page.getByRole("button", { name: /^Notifications, 1 new$/ })).toBeVisible({ timeout: RENDER_TIMEOUT });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown))
    .toEqual([expect.stringMatching(/^Your video .+ is ready$/)]);
  await bell.click();
  const link = panel.getByRole("link", { name: /Your video .+ is ready/ });
  await expect(link).toHaveAttribute("href", `/videos/${id}`);
  await page.screenshot({ path: test.info().outputPath("bell-panel-1280.png") });
  await link.click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  // The usage history: words, not codes, and a balance column that adds up, on a desktop and on a phone.
  await page.goto("/subscription");
  const history = page.getByRole("region", { name: "Usage history" });
  const rows = history.getByTestId("usage-row");
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(history).toContainText("Video render");
  await expect(history).not.toContainText("video.render");
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const tds = tr.querySelectorAll("td");
      const num = (s: string) => Number(s.replace(/[,\s]/g, "").replace("−", "-").replace("+", ""));
      return { delta: num(tds[2]!.textContent ?? ""), balance: num(tds[3]!.textContent ?? "") };
    }),
  );
  expect(cells.length).toBeGreaterThanOrEqual(2);
  for (let i = 0; i + 1 < cells.length; i++) expect(cells[i]!.balance - cells[i]!.delta).toBe(cells[i + 1]!.balance);
  expect(cells[0]!.balance).toBe(await balance(page.request));

  await history.screenshot({ path: test.info().outputPath("usage-history-1280.png") });
  await page.setViewportSize({ width: 360, height: 740 });
  await fitsWidth(page, 360);
  await history.screenshot({ path: test.info().outputPath("usage-history-360.png") });
  for (const cell of await history.getByTestId("usage-balance").all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  const table = history.locator("table").locator("..");
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
