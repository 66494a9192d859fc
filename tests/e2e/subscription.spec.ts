/**
 * /subscription in Chromium: the plans side by side, the not-configured
 * message (the suite's app server runs the embedded default, without Stripe),
 * the usage history after a generation, staff grants, and — against a second
 * app server on the same build, configured with Stripe pointing at a local
 * stand-in speaking Stripe's wire format — a checkout redirect, paying, and
 * the plan following the webhooks.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, SignInPage } from "./fixtures";
import { createEmulatorAccount } from "../support/accounts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { testAppEnv } from "../support/test-env";
import { freePort } from "../support/free-port";

const local = !process.env.BASE_URL;

/** A new account (so other specs' use of the seed user cannot change what this one sees), signed in at `base`. */
async function signInFresh(page: Page, base = "") {
  const account = { email: `billing-${randomUUID().slice(0, 8)}@example.com`, password: "promptframe-e2e-1" };
  // Verified: a new account's free credits go to verified emails only.
  await createEmulatorAccount({ ...account, emailVerified: true });
  await page.goto(`${base}/email-login?next=${encodeURIComponent("/subscription")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in with email" })).toBeVisible();
  await new SignInPage(page).signInWithEmail(account);
  await page.waitForURL((url) => url.pathname === "/subscription");
  return account;
}

const plans = (page: Page) => page.getByRole("list", { name: "Plans" });
const planCard = (page: Page, name: string) => plans(page).getByRole("group", { name: `${name} plan`, exact: true });

test("shows the plans side by side with prices, credits and limits, the current one marked", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("user", "/subscription");
  await expect(page.getByText("Credits are spent as you generate images and videos.")).toBeVisible({ timeout: 20_000 });
  await expect(plans(page).getByRole("heading", { level: 3 })).toHaveText(["Free", "Pro", "Team"]);

  const free = planCard(page, "Free");
  await expect(free.getByText("Current plan")).toBeVisible();
  await expect(free).toContainText("$0");
  await expect(free).toContainText("Tops up to 100 credits every month");
  await expect(free).toContainText("3 jobs at once");
  await expect(free).toContainText("Videos up to 30 seconds");
  await expect(free).toContainText("Renders up to 720p");
  await expect(free).toContainText("Watermark on videos");

  const pro = planCard(page, "Pro");
  await expect(pro.getByText("Current plan")).toHaveCount(0);
  await expect(pro).toContainText("$19");
  await expect(pro).toContainText("2,000 credits every month");
  await expect(pro).toContainText("6 jobs at once");
  await expect(pro).toContainText("Videos up to 3 minutes");
  await expect(pro).toContainText("Renders up to 1080p");
  await expect(pro).toContainText("No watermark");
  await expect(planCard(page, "Team")).toContainText("Renders up to 4K");

  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByText(/Free credits refresh to 100 on [A-Z][a-z]+ 1, \d{4}\./)).toBeVisible();
  await expect(page.getByText(/This month's grant:/)).toBeVisible();
  // The staff panel is for staff only.
  await expect(page.getByRole("heading", { name: "Grant credits (staff)" })).toHaveCount(0);
});

test("without Stripe, the plans still show and the buttons explain that billing is not set up here", async ({
  page,
  signedInAs,
}) => {
  test.skip(!local, "the local app server runs the embedded default, without Stripe");
  await signedInAs("user", "/subscription");
  await expect(page.getByRole("status").filter({ hasText: "Billing isn't set up on this server" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/Online payments are not set up on this server/)).toBeVisible();
  for (const name of ["Upgrade to Pro", "Upgrade to Team"]) {
    const button = page.getByRole("button", { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription("Billing isn't set up on this server.");
  }
  await expect(page.getByRole("button", { name: /Buy 500 credits/ })).toBeDisabled();
  // The API behind the buttons says the same, as a typed 503.
  const res = await page.request.post("/api/v1/billing/checkout", {
    data: { item: "pro", request_id: "e2e-not-configured" },
  });
  expect(res.status()).toBe(503);
  expect((await res.json()).error).toEqual({
    code: "service_unavailable",
    message: expect.stringMatching(/not set up on this server/),
  });
});

test("the usage history shows a generation with a link to its image, filters by type, and exports CSV", async ({
  page,
}) => {
  test.skip(!local, "creates its own account in the local Auth emulator");
  await signInFresh(page);
  const prompt = `a paper boat on a green pond ${randomUUID().slice(0, 6)}`;
  await page.goto("/image-gen");
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByRole("link", { name: /open image/i }).first()).toBeVisible({ timeout: 30_000 });

  await page.goto("/subscription");
  const history = page.getByRole("region", { name: "Usage history" });
  const link = history.getByRole("link", { name: prompt });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const row = history.getByRole("row").filter({ has: page.getByRole("link", { name: prompt }) });
  await expect(row).toContainText("Spent");
  await expect(row).toContainText("−1");
  await expect(row).toContainText("99");
  await expect(page.getByTestId("credit-balance")).toHaveText("99");

  await history.getByLabel("Type").selectOption({ label: "Refunds" });
  await expect(history.getByText("Nothing matches these filters")).toBeVisible();
  await history.getByLabel("Type").selectOption({ label: "Spent" });
  await expect(link).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    history.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^promptframe-credits-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "date,type,credits,balance_after,description,item_type,item_title,item_link,job_id,entry_id",
  );
  expect(csv).toContain(`,spent,-1,99,Image generation · 1 × Local preview,image,${prompt},`);

  await link.click();
  await expect(page).toHaveURL(/\/image-gen\/[A-Za-z0-9_-]{20}$/);
});

test("staff grant credits from the panel; the ledger names who granted them", async ({
  page,
  signedInAs,
  accounts,
}) => {
  await signedInAs("staff", "/subscription");
  const panel = page.getByRole("form", { name: "Grant credits" });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("credit-balance")).toBeVisible();
  const before = Number((await page.getByTestId("credit-balance").innerText()).replace(/,/g, ""));
  const reason = `e2e goodwill ${randomUUID().slice(0, 6)}`;
  await panel.getByLabel("User email or uid").fill(accounts.staff.email);
  await panel.getByLabel("Credits", { exact: true }).fill("0");
  await panel.getByLabel("Reason").fill(reason);
  await panel.getByRole("button", { name: "Grant credits" }).click();
  await expect(page.getByText("Grant at least 1 credit.")).toBeVisible();
  await panel.getByLabel("Credits", { exact: true }).fill("5");
  await panel.getByRole("button", { name: "Grant credits" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Granted 5 credits to ${accounts.staff.email}` }),
  ).toBeVisible();
  await expect(page.getByTestId("credit-balance")).toHaveText((before + 5).toLocaleString("en-US"));
  const history = page.getByRole("region", { name: "Usage history" });
  // In the customer's words: who gave them, never a uid.
  const granted = history.getByRole("row").filter({ hasText: reason });
  await expect(granted).toContainText(`Credits from the Promptframe team: ${reason}`);
  await expect(granted).not.toContainText("uid");
});

test.describe("with Stripe configured (a local stand-in)", () => {
  test.skip(!local, "starts its own app server and Stripe stand-in beside the local build");
  test.describe.configure({ mode: "serial" });

  const secretKey = "sk_test_e2estandin000";
  const webhookSecret = "whsec_e2estandin000";
  const prices = [
    { id: "price_e2e_pro", product: "Promptframe Pro", unitAmount: 1900, recurring: true },
    { id: "price_e2e_team", product: "Promptframe Team", unitAmount: 7900, recurring: true },
    { id: "price_e2e_credits_500", product: "500 credits", unitAmount: 1000, recurring: false },
  ];
  let standIn: StripeStandIn & { setAppUrl(url: string): void };
  let app: ChildProcess | null = null;
  let appBase = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await startStripeStandIn({ secretKey, webhookSecret, prices });
    const port = await freePort();
    appBase = `http://localhost:${port}`;
    standIn.setAppUrl(appBase);
    // The same build and data as the suite's server; only the billing environment differs.
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
          STRIPE_SECRET_KEY: secretKey,
          STRIPE_WEBHOOK_SECRET: webhookSecret,
          STRIPE_PRICE_PRO: "price_e2e_pro",
          STRIPE_PRICE_TEAM: "price_e2e_team",
          STRIPE_PRICE_CREDITS_500: "price_e2e_credits_500",
          STRIPE_API_BASE: standIn.base,
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

  test("Upgrade to Pro goes to Stripe Checkout; cancelling comes back unchanged; paying makes the plan Pro; a credit pack is bought once", async ({
    page,
  }) => {
    // A long flow (checkout, cancel, pay, a credit pack, the portal) on a second server: at the end of a full run on
    // two busy cores it passed 60 s while the last page was still loading.
    test.setTimeout(150_000);
    await signInFresh(page, appBase);
    await expect(page.getByTestId("current-plan")).toHaveText("Free", { timeout: 20_000 });
    await expect(page.getByText("Billing isn't set up on this server")).toHaveCount(0);

    // To Checkout and back without paying.
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(`${standIn.base}/c/pay/**`);
    await expect(page.getByRole("heading", { name: "Stripe Checkout (test stand-in)" })).toBeVisible();
    await expect(page.getByText("Promptframe Pro: $19.00 / month")).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${appBase}/subscription?checkout=cancelled`);
    await expect(page.getByText("Checkout cancelled")).toBeVisible();
    await expect(page.getByTestId("current-plan")).toHaveText("Free");

    // What the app sent Stripe: one customer for this user, a subscription session for Pro's price.
    const sessions = standIn.fake.log.filter((r) => r.path === "/v1/checkout/sessions");
    expect(standIn.fake.log.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    expect(sessions.at(-1)).toMatchObject({
      authorization: `Bearer ${secretKey}`,
      params: {
        mode: "subscription",
        line_items: [{ price: "price_e2e_pro", quantity: "1" }],
        success_url: `${appBase}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      },
    });

    // Again, and pay: Stripe's webhooks arrive, the browser returns to the success URL.
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(`${standIn.base}/c/pay/**`);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/subscription\?checkout=success&session_id=cs_test_/);
    expect(standIn.deliveries).toEqual([
      { type: "checkout.session.completed", status: 200 },
      { type: "customer.subscription.created", status: 200 },
      { type: "invoice.paid", status: 200 },
    ]);
    await expect(page.getByText("Payment received")).toBeVisible();
    await expect(page.getByText("Your plan and credits below are up to date.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("current-plan")).toHaveText("Pro");
    await expect(page.getByTestId("credit-balance")).toHaveText("2,100");
    await expect(page.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4} with 2,000 new credits\.$/)).toBeVisible();
    await expect(planCard(page, "Pro").getByText("Current plan")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Usage history" }).getByText(/Pro plan: 2000 monthly credits/),
    ).toBeVisible();

    // A double click on Buy makes one Checkout session; paying adds the pack once.
    const packSessions = () =>
      standIn.fake.log.filter((r) => r.path === "/v1/checkout/sessions" && r.params.mode === "payment").length;
    await page.getByRole("button", { name: "Buy 500 credits · $10" }).dblclick();
    await page.waitForURL(`${standIn.base}/c/pay/**`);
    expect(packSessions()).toBe(1);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/subscription\?checkout=success/);
    await expect(page.getByText("Your plan and credits below are up to date.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("credit-balance")).toHaveText("2,600");
    await expect(
      page.getByRole("region", { name: "Usage history" }).getByText(/Bought 500 credits \(Stripe Checkout cs_test_/),
    ).toBeVisible();

    // Managing the subscription opens Stripe's portal for this customer.
    await page.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(`${standIn.base}/p/session/**`);
    await page.getByRole("link", { name: "Return to Promptframe" }).click();
    await page.waitForURL(`${appBase}/subscription?portal=return`);
    await expect(page.getByTestId("current-plan")).toHaveText("Pro");
  });
});

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
