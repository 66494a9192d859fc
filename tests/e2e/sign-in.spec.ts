/** Sign-up, sign-in (email and Google popup), sign-out and the auth error messages, in Chromium. */
import { randomUUID } from "node:crypto";
import { test, expect } from "./fixtures";
import { accountFor } from "../support/accounts";

const local = !process.env.BASE_URL;

test("signs up by email, lands on next, signs out, then signs in again", async ({ page, signIn, shell, context }) => {
  test.skip(!local, "creates accounts: local emulator only");
  const email = `new-${randomUUID().slice(0, 8)}@example.com`;
  const password = "a-good-passphrase";

  await page.goto("/videos");
  await expect(page).toHaveURL(/\/login\?next=%2Fvideos$/);
  await page.getByRole("link", { name: "Sign in with email", exact: true }).click();
  await expect(page).toHaveURL(/\/email-login\?next=%2Fvideos$/);

  await page.getByRole("tab", { name: /create account/i }).click();
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Name (optional)").fill("Nina New");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm password").fill(password);
  await form.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/videos$/);
  await expect(shell.heading()).toHaveText("Videos");
  await expect(page.getByText(email)).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "authToken")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("authToken");

  await shell.signOut();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).filter((c) => c.name === "authToken" || c.name === "userId")).toEqual([]);
  await page.goto("/videos");
  await expect(page).toHaveURL(/\/login\?next=%2Fvideos$/);

  await signIn.gotoEmail("/assets");
  await signIn.signInWithEmail({ email, password });
  await expect(page).toHaveURL(/\/assets$/);
  await expect(shell.heading()).toHaveText("Assets");
});

test("shows human messages for a wrong password and a taken email", async ({ page, signIn }) => {
  await signIn.gotoEmail();
  await signIn.signInWithEmail({ email: accountFor("user").email, password: "not-the-password" });
  await expect(signIn.alert()).toContainText("That email and password do not match");
  await expect(page).toHaveURL(/\/email-login/);

  await page.getByRole("tab", { name: /create account/i }).click();
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Email", { exact: true }).fill(accountFor("user").email);
  await form.getByLabel("Password", { exact: true }).fill("another-passphrase");
  await form.getByLabel("Confirm password").fill("another-passphrase");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText("already exists");
});

test("validates the email form before calling Firebase", async ({ page, signIn }) => {
  await signIn.gotoEmail();
  await signIn.signInWithEmail({ email: "not-an-email", password: "x" });
  await expect(signIn.alert()).toContainText(/valid email/i);
});

test("asks for a password reset and says to check the inbox", async ({ page }) => {
  await page.goto("/email-login?mode=reset");
  const form = page.getByRole("form", { name: "Reset password" });
  await form.getByLabel("Email", { exact: true }).fill(accountFor("user").email);
  await form.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
});

test("signs in through the Google popup (the emulator's account picker)", async ({ page, shell }) => {
  test.skip(!local, "the emulator's popup page exists only locally");
  await page.goto("/login?next=%2Fimage-gen");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  const add = popup.locator("#add-account-button");
  if (await add.isVisible().catch(() => false)) await add.click();
  await popup.locator("#email-input").fill(`g-${randomUUID().slice(0, 8)}@gmail.com`);
  await popup.locator("#display-name-input").fill("Gina Google");
  await popup.locator("#sign-in").click();

  await expect(page).toHaveURL(/\/image-gen$/, { timeout: 20_000 });
  await expect(shell.heading()).toHaveText("Image generation");
  await expect(page.getByText("Gina Google")).toBeVisible();
});

test("a closed Google popup gives the closed-popup message, not a hang", async ({ page }) => {
  test.skip(!local, "the emulator's popup page exists only locally");
  await page.goto("/login");
  const popupPromise = page.waitForEvent("popup");
  const button = page.getByRole("button", { name: "Continue with Google" });
  await button.click();
  const popup = await popupPromise;
  await popup.close();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText("The sign-in window was closed", {
    timeout: 20_000,
  });
  await expect(button).toBeEnabled();
});
