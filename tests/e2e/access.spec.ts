/** Who may enter which room: staff, users, unverified company addresses, the alternate host, and the spinner. */
import { randomUUID } from "node:crypto";
import { test, expect } from "./fixtures";
import { createEmulatorAccount } from "../support/accounts";
import { TEST_ALTERNATE_HOST, TEST_APP_PORT } from "../support/test-env";

const local = !process.env.BASE_URL;

test("staff open the internal area and see it in the navigation", async ({ page, signedInAs, shell }) => {
  await signedInAs("staff", "/layouts");
  await expect(shell.heading()).toHaveText("Layouts");
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Firestore dashboard" })).toBeVisible();
  await page.goto("/prod/clients");
  await expect(shell.heading()).toHaveText("Clients");
});

test("ordinary users are sent home from internal routes and never see internal links", async ({
  page,
  signedInAs,
  shell,
}) => {
  await signedInAs("user", "/");
  await expect(shell.heading()).toHaveText("Home");
  await expect(page.getByRole("link", { name: "Firestore dashboard" })).toHaveCount(0);
  await page.goto("/firestore-dashboard");
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.heading()).toHaveText("Home");
});

test("an unverified password account on the company domain is not staff", async ({ page, signIn }) => {
  test.skip(!local, "creates accounts: local emulator only");
  const email = `unverified-${randomUUID().slice(0, 8)}@promptframe.ai`;
  await createEmulatorAccount({ email, password: "pass-word-123", emailVerified: false });
  await signIn.gotoEmail("/layouts");
  await signIn.signInWithEmail({ email, password: "pass-word-123" });
  await expect(page).toHaveURL(/\/$/);
});

test("signed-in users on the alternate host land on /image-gen", async ({ page, signIn, shell, accounts }) => {
  test.skip(!local, "the alternate host is configured only locally");
  const alt = `http://${TEST_ALTERNATE_HOST}:${TEST_APP_PORT}`;
  await page.goto(`${alt}/email-login`);
  await signIn.signInWithEmail(accounts.user);
  await expect(page).toHaveURL(`${alt}/image-gen`);
  await expect(shell.heading()).toHaveText("Image generation");
  await page.goto(`${alt}/`);
  await expect(page).toHaveURL(`${alt}/image-gen`);
});

test("protected screens render a spinner, not the screen, until auth resolves", async ({ page, signedInAs }) => {
  await signedInAs("user", "/");
  const html = await (await page.request.get("/videos")).text();
  // What the browser paints first: the markup, without the scripts that carry the RSC payload.
  const markup = html.replace(/<script[\s\S]*?<\/script>/g, "");
  expect(markup).toContain('aria-label="Loading"');
  expect(markup).not.toContain("No videos yet");
  expect(markup).not.toMatch(/<h1[^>]*>Videos</);
});

test("an unknown path shows the not-found page inside the shell for signed-in users", async ({
  page,
  signedInAs,
  shell,
}) => {
  await signedInAs("user", "/");
  const res = await page.goto("/no-such-screen");
  expect(res?.status()).toBe(404);
  await expect(shell.heading()).toHaveText("Page not found");
  await expect(page.getByRole("button", { name: /sign out/i }).first()).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(shell.heading()).toHaveText("Home");
});

test("the header fits a 360 px phone while the profile is still loading", async ({ page, signedInAs }) => {
  await signedInAs("user", "/assets");
  // Hold the profile back so the header shows its loading placeholders.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/v1/user-info**", async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  await expect(page.locator("header [data-slot=skeleton]").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  release();
});
