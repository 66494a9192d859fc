/**
 * Screens that show the work: an image made with the Local preview model
 * appears in Home's "Recent work"; its owner shows it in the public gallery
 * (a separate switch from the public link); a signed-out visitor sees it on
 * the public preview page and reports it; staff find the report in the data
 * dashboard and hide the item, and it leaves the gallery. Both screens fit a
 * 360 px phone and pass axe.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { TEST_PREVIEW_PATH } from "../support/test-env";
import { SignInPage, expect, test } from "./fixtures";
import type { Account } from "../support/accounts";

test.describe.configure({ mode: "serial" });

const PHONE = { width: 360, height: 740 };

async function expectNoSeriousViolations(page: Page, screen: string) {
  await page.waitForLoadState("networkidle", { timeout: 4_000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lines = serious.flatMap((v) => v.nodes.map((n) => `${screen}  ${v.id} (${v.impact})  ${n.target.join(" ")}`));
  expect(lines, `axe: serious or critical violations on ${screen}\n${lines.join("\n")}`).toEqual([]);
}

async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A signed-in page in its own browser context (staff beside the user). */
async function signedInPage(browser: Browser, origin: string, account: Account, next: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.gotoEmail(next);
  await signIn.signInWithEmail(account);
  await page.waitForURL((url) => url.pathname === next);
  return page;
}

function gallerySection(page: Page) {
  return page.getByRole("region", { name: "Public gallery" });
}

test("an image I make shows on Home, goes to the public gallery by choice, is reported, and staff hide it", async ({
  page,
  signedInAs,
  browser,
  accounts,
}) => {
  test.setTimeout(180_000);
  const prompt = `a paper boat on a quiet canal ${randomUUID().slice(0, 8)}`;

  // Make an image with the Local preview model and open it.
  await signedInAs("user", "/image-gen");
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await page
    .getByRole("link", { name: /open image/i })
    .first()
    .click({ timeout: 30_000 });
  await page.waitForURL(/\/image-gen\/[A-Za-z0-9_-]{20}$/);
  const detailPath = new URL(page.url()).pathname;
  const id = detailPath.split("/").pop()!;
  const origin = new URL(page.url()).origin;

  // Home's Recent work shows it, newest first, with its picture, and opens it.
  await page.goto("/");
  const recent = page.getByRole("region", { name: "Recent work" });
  await expect(recent.getByRole("heading", { name: "Nothing here yet" })).toHaveCount(0);
  const first = recent.getByRole("listitem").first().getByRole("link");
  await expect(first).toContainText(prompt, { timeout: 20_000 });
  await expect(first).toHaveAttribute("href", detailPath);
  await expect
    .poll(() => first.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(recent.getByRole("link", { name: "Open workspace" })).toHaveAttribute("href", "/main");
  await expectNoSeriousViolations(page, "/ (with recent work)");
  await first.click();
  await page.waitForURL((url) => url.pathname === detailPath);

  // The gallery switch is off by default and separate from the link.
  const gallerySwitch = page.getByRole("switch", { name: "Show in the public gallery" });
  await expect(gallerySwitch).toHaveAttribute("aria-checked", "false");
  await gallerySwitch.click();
  await expect(gallerySwitch).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("It will appear in the public gallery once its public link is on.")).toBeVisible();

  // Not public yet: a signed-out visitor does not see it.
  const visitor = await browser.newContext({ baseURL: origin });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(TEST_PREVIEW_PATH);
  await expect(gallerySection(visitorPage).getByRole("status")).toHaveCount(0, { timeout: 20_000 });
  await expect(gallerySection(visitorPage).getByRole("link", { name: new RegExp(prompt) })).toHaveCount(0);

  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText(/Shown in the public gallery/)).toBeVisible();

  // Signed out, the public preview's gallery shows it with its picture and links to its public page.
  await visitorPage.reload();
  const card = gallerySection(visitorPage).getByRole("link", { name: new RegExp(prompt) });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveAttribute("href", `/content/${id}`);
  await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(gallerySection(visitorPage).getByRole("heading", { name: "The gallery is empty for now" })).toHaveCount(
    0,
  );
  await expectNoSeriousViolations(visitorPage, "public preview (with the gallery)");

  // The visitor reports it.
  await gallerySection(visitorPage)
    .getByRole("button", { name: `Report ${prompt}` })
    .click();
  const form = visitorPage.getByRole("form", { name: `Report ${prompt}` });
  await form.getByLabel("Reason").selectOption("copyright");
  await form.getByLabel("Note (optional)").fill("This looks like my photo.");
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(gallerySection(visitorPage).getByText("Thank you: our team will look at it.")).toBeVisible();

  // Staff find the report in the data dashboard and hide the item from there.
  const staffPage = await signedInPage(browser, origin, accounts.staff, "/firestore-dashboard");
  await staffPage.goto("/firestore-dashboard?c=gallery_reports");
  const row = staffPage.getByRole("row").filter({ hasText: id });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("copyright");
  await row.getByRole("link").first().click();
  const panel = staffPage.getByRole("region", { name: "Public gallery" });
  await expect(panel).toContainText("Listed in the public gallery. 1 open report.");
  await panel.getByRole("button", { name: "Hide from the public gallery" }).click();
  await expect(panel).toContainText("Hidden from the public gallery by staff. No open reports.");
  await staffPage.context().close();

  // It leaves the gallery; the owner's screen says why.
  await visitorPage.reload();
  await expect(gallerySection(visitorPage).getByRole("status")).toHaveCount(0, { timeout: 20_000 });
  await expect(gallerySection(visitorPage).getByRole("link", { name: new RegExp(prompt) })).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByText("Our team has hidden it from the public gallery. Its public link still works."),
  ).toBeVisible();
  await visitor.close();
});

test("Home and the public preview fit a 360 px phone", async ({ browser, baseURL, accounts }) => {
  const home = await signedInPage(browser, baseURL!, accounts.user, "/");
  await home.setViewportSize(PHONE);
  await expect(home.getByRole("heading", { name: "Recent work" })).toBeVisible();
  await expect(home.getByRole("region", { name: "Recent work" }).getByRole("status")).toHaveCount(0, {
    timeout: 20_000,
  });
  await expectFitsPhone(home);
  await home.context().close();

  const visitor = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await visitor.newPage();
  await page.goto(TEST_PREVIEW_PATH);
  await expect(page.getByRole("heading", { name: "Public gallery" })).toBeVisible();
  await expect(gallerySection(page).getByRole("status")).toHaveCount(0, { timeout: 20_000 });
  await expectFitsPhone(page);
  await visitor.close();
});
