/** Page objects and role fixtures for the browser suite. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { accountFor, ensureSeedAccounts, type Account, type Role } from "../support/accounts";

export class SignInPage {
  constructor(readonly page: Page) {}

  async gotoEmail(next?: string) {
    await this.page.goto(next ? `/email-login?next=${encodeURIComponent(next)}` : "/email-login");
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign in with email" })).toBeVisible();
  }

  async signInWithEmail(account: Pick<Account, "email" | "password">) {
    const form = this.page.getByRole("form", { name: /sign in/i });
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  alert() {
    return this.page.getByRole("alert").filter({ hasText: /\S/ });
  }
}

export class AppShell {
  constructor(readonly page: Page) {}

  async signOut() {
    await this.page
      .getByRole("button", { name: /sign out/i })
      .first()
      .click();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }
}

type Fixtures = { signIn: SignInPage; shell: AppShell; signedInAs: (role: Role, next?: string) => Promise<void> };
/** This worker's own seed accounts (tests/support/accounts.ts), created in the emulator before its first test. */
type WorkerFixtures = { accounts: Record<Role, Account> };

// Google's gapi cannot be fetched here; locally the popup flow runs on a stand-in (see fake-gapi.js).
const FAKE_GAPI = readFileSync(path.join(__dirname, "../support/fake-gapi.js"), "utf8");

export const test = base.extend<Fixtures, WorkerFixtures>({
  accounts: [
    async ({}, use) => {
      await ensureSeedAccounts();
      await use({ user: accountFor("user"), staff: accountFor("staff") });
    },
    { scope: "worker" },
  ],
  context: async ({ context }, use) => {
    if (!process.env.BASE_URL) {
      await context.route("https://apis.google.com/js/api.js*", (route) =>
        route.fulfill({ body: FAKE_GAPI, contentType: "application/javascript" }),
      );
    }
    await use(context);
  },
  signIn: async ({ page }, use) => use(new SignInPage(page)),
  shell: async ({ page }, use) => use(new AppShell(page)),
  signedInAs: async ({ page, accounts }, use) => {
    await use(async (role, next = "/") => {
      const signIn = new SignInPage(page);
      await signIn.gotoEmail(next);
      await signIn.signInWithEmail(accounts[role]);
      await page.waitForURL((url) => url.pathname === new URL(next, "http://x").pathname);
    });
  },
});

export { expect };
