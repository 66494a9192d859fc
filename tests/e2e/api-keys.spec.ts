/**
 * Issue 24 item 1 in Chromium: make an API key on /developers, copy it, call
 * the API with it over real HTTP, see "last used" change, revoke it and see
 * the API refuse it at once. The page fits a 360 px phone.
 */
import { test, expect } from "./fixtures";

test("make a key, copy it, use it, see it used, revoke it", async ({ page, signedInAs, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs("user", "/developers");
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");

  const name = `E2E ${Date.now()}`;
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("checkbox", { name: /Create and edit/ }).uncheck();
  await page.getByRole("button", { name: "Make key" }).click();

  const field = page.getByLabel("API key", { exact: true });
  await expect(field).toHaveValue(/^pf_[A-Za-z0-9_-]{40}$/);
  const key = await field.inputValue();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expect(field).toHaveCount(0);

  const row = page.getByRole("listitem", { name: `Key ${name}` });
  await expect(row).toContainText(key.slice(0, 11));
  await expect(row).not.toContainText(key.slice(11));
  await expect(row.getByTestId("last-used")).toHaveText("Never used");
  await expect(row.getByLabel("Permissions")).toHaveText("Read");

  // The program's side: real HTTP with the key, no cookie.
  const headers = { Authorization: `Bearer ${key}` };
  const list = await request.get("/api/v1/videos", { headers });
  expect(list.status()).toBe(200);
  const create = await request.post("/api/v1/products", { headers, data: { name: "Nope" } });
  expect(create.status()).toBe(403);
  expect((await create.json()).error.message).toContain('lacks the "create" permission');

  await page.reload();
  await expect(row.getByTestId("last-used")).toHaveText("Used just now");

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Revoked", { exact: true })).toBeVisible();
  const after = await request.get("/api/v1/videos", { headers });
  expect(after.status()).toBe(401);
  expect((await after.json()).error.message).toContain("revoked");

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
