/**
 * Privacy a person can use, in Chromium, always with FRESH accounts (the seed
 * accounts are shared with other suites): make a picture and share it,
 * download the archive from "Your data" on a 360 px phone, delete the account
 * from the keyboard; afterwards nothing of theirs can be read, their old
 * cookie is refused and their sign-in fails. And "Sign out everywhere" ends
 * the session of another browser too.
 */
import { randomUUID } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { createEmulatorAccount } from "../support/accounts";

const local = !process.env.BASE_URL;
const PASSWORD = "a-good-passphrase";
const PHONE = { width: 360, height: 780 };

async function signUp(page: Page, email: string, next: string) {
  await page.goto(`/email-login?next=${encodeURIComponent(next)}`);
  await page.getByRole("tab", { name: /create account/i }).click();
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === next);
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/email-login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole("form", { name: /sign in/i });
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** A browser context that sends only the given cookies: someone replaying a copy. */
async function replaying(browser: Browser, baseURL: string, cookies: { name: string; value: string }[]) {
  const other = await browser.newContext({ baseURL });
  await other.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: baseURL })));
  return other;
}

test("download my data, then delete my account: nothing of mine is left and I cannot sign in", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.skip(!local, "creates and deletes accounts: local emulator only");
  test.setTimeout(120_000);
  const email = `privacy-${randomUUID().slice(0, 8)}@example.com`;
  // Verified, as a real sign-up would be after the email link: a new account's free credits go to verified emails only (the picture costs one).
  await createEmulatorAccount({ email, password: PASSWORD, emailVerified: true });
  await signIn(page, email, "/image-gen");
  await page.waitForURL((url) => url.pathname === "/image-gen");

  // Something small of theirs: a picture from the local preview model, shared publicly.
  const prompt = `a paper boat on a puddle ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await page
    .getByRole("link", { name: /open image/i })
    .first()
    .click({ timeout: 30_000 });
  await page.waitForURL(/\/image-gen\/[A-Za-z0-9_-]{20}$/);
  const imageId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("textbox", { name: /public link/i })).toHaveValue(/\/content\/[A-Za-z0-9_-]+$/);
  const image = (await (await page.request.get(`/api/v1/images/${imageId}`)).json()) as {
    data: { owner_id?: string; urls: { original: string } };
  };
  const fileUrl = image.data.urls.original;
  const visitor = await browser.newContext({ baseURL });
  expect((await visitor.request.get(`/content/${imageId}`)).status()).toBe(200); // now in the page cache
  expect((await visitor.request.get(fileUrl)).status()).toBe(200);
  const session = (await context.cookies()).filter((c) => c.name === "authToken" || c.name === "userId");
  expect(session).toHaveLength(2);
  const uid = session.find((c) => c.name === "userId")!.value;

  // "Your data", on a phone.
  await page.setViewportSize(PHONE);
  await page.goto("/subscription");
  const yourData = page.getByRole("region", { name: "Your data" });
  await expect(yourData).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const downloading = page.waitForEvent("download");
  await yourData.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^promptframe-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(yourData.getByRole("status")).toContainText(/saved to your downloads/);
  const zip = unzipSync(new Uint8Array(await (await import("node:fs/promises")).readFile((await download.path())!)));
  const content = JSON.parse(strFromU8(zip["data/content.json"]!)) as { id: string; settings: { prompt?: string } }[];
  expect(content.map((c) => c.id)).toEqual([imageId]);
  expect(content[0]!.settings.prompt).toBe(prompt);
  expect(JSON.parse(strFromU8(zip["data/users.json"]!))[0]).toMatchObject({ id: uid, email });
  const picture = Object.keys(zip).find((n) => n.startsWith(`files/images/${uid}/${imageId}/`) && n.endsWith(".png"));
  expect(picture, "the picture's file is in the archive").toBeTruthy();
  expect([...zip[picture!]!.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(JSON.parse(strFromU8(zip["manifest.json"]!))).toMatchObject({ user_id: uid, collections: { content: 1 } });

  // Delete, from the keyboard: the dialog says what goes and what stays, and wants the email typed.
  await yourData.getByRole("button", { name: "Delete my account" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("credit history and payment records");
  const confirm = dialog.getByRole("button", { name: "Delete my account for good" });
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByLabel(/Type your email/)).toBeFocused();
  await page.keyboard.type("someone-else@example.com");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your email/).fill("");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/login$/, { timeout: 30_000 });
  expect((await context.cookies()).filter((c) => c.name === "authToken")).toEqual([]);

  // Nothing of theirs can be read: the shared page, the file, the API (with a replayed copy of their cookie).
  expect((await visitor.request.get(`/content/${imageId}`)).status()).toBe(404);
  expect((await visitor.request.get(fileUrl)).status()).toBe(404);
  const replay = await replaying(browser, baseURL!, session);
  expect((await replay.request.get(`/api/v1/images/${imageId}`)).status()).toBe(401);
  expect((await replay.request.get("/api/v1/user-info")).status()).toBe(401);
  await replay.close();
  await visitor.close();

  // And they cannot sign in again.
  await signIn(page, email, "/videos");
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText(
    /no account with that email|do not match/,
  );
  await expect(page).toHaveURL(/\/email-login/);
});

test("sign out everywhere ends this session and the one in another browser", async ({ page, browser, baseURL }) => {
  test.skip(!local, "creates accounts: local emulator only");
  test.setTimeout(90_000);
  const email = `everywhere-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email, "/subscription");
  const laptop = await browser.newContext({ baseURL });
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email, "/videos");
  await laptopPage.waitForURL(/\/videos$/);
  const laptopCookies = (await laptop.cookies()).filter((c) => c.name === "authToken" || c.name === "userId");
  // Firebase counts whole seconds: revoke in a later one than the sign-ins.
  await page.waitForTimeout(1100);

  await page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL(/\/login$/, { timeout: 30_000 });

  // The other browser still holds its cookie and its Firebase user: its next page load ends at sign-in.
  await laptopPage.goto("/videos");
  await laptopPage.waitForURL(/\/login/, { timeout: 30_000 });
  const replay = await replaying(browser, baseURL!, laptopCookies);
  expect((await replay.request.get("/api/v1/user-info")).status()).toBe(401);
  await replay.close();
  await laptop.close();

  // Signing in again works.
  await signIn(page, email, "/subscription");
  await page.waitForURL(/\/subscription$/);
  await expect(page.getByRole("region", { name: "Your data" })).toBeVisible();
});
