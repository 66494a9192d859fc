/**
 * Accessibility: axe-core (WCAG 2 A/AA and best practices) on every screen of
 * the route map, signed in as the role the screen is for, plus the detail
 * screens whose item is cheap to make. Any serious or critical violation
 * fails the screen's test and is printed as rule, target and screen. Then the
 * same screen on a 360×740 phone: the document may not be wider than the
 * viewport (no sideways scrolling); a failure names the elements that stick out.
 *
 * One page per screen; each worker signs in once per role and reuses that
 * storage state (cookies and Firebase's IndexedDB), so a screen costs one
 * navigation and one axe pass.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { ROUTES, type Access } from "@/lib/access/routes/route-map";
import { accountFor, ensureSeedAccounts, type Role } from "../support/accounts";
import { SignInPage, expect, test as base } from "./fixtures";

type State = Exclude<BrowserContextOptions["storageState"], string | undefined>;

const ROLE_OF: Record<Access, Role | null> = { public: null, user: "user", internal: "staff" };

async function signedInState(browser: Browser, baseURL: string, role: Role): Promise<State> {
  await ensureSeedAccounts();
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.gotoEmail("/assets");
    await signIn.signInWithEmail(accountFor(role));
    await page.waitForURL((url) => url.pathname === "/assets");
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

const test = base.extend<{ role: Role | null }, { stateFor: (role: Role) => Promise<State> }>({
  role: [null, { option: true }],
  stateFor: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const states = new Map<Role, Promise<State>>();
      await use((role) => {
        if (!states.has(role)) states.set(role, signedInState(browser, baseURL, role));
        return states.get(role)!;
      });
    },
    { scope: "worker" },
  ],
  storageState: async ({ role, stateFor }, use) => use(role ? await stateFor(role) : undefined),
});

// A screen is one navigation and one axe pass, but axe's 0.5 MB script and its run take seconds on a busy 2-core
// machine; a trace of every test would only add to it (the failure message names rule, target and screen).
test.describe.configure({ timeout: 120_000 });
test.use({ trace: "off" });

/** Waits for the screen to settle: its heading (lazy screens load a chunk first), then the network quiet (bounded: some screens poll). */
async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle", { timeout: 4_000 }).catch(() => undefined);
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lines = serious.flatMap((v) => v.nodes.map((n) => `${screen}  ${v.id} (${v.impact})  ${n.target.join(" ")}`));
  expect(lines, `axe: serious or critical violations on ${screen}\n${lines.join("\n")}`).toEqual([]);
  await expectFitsPhone(page, screen);
}

const PHONE = { width: 360, height: 740 };

/** On a 360 px phone the document is no wider than the viewport; a failure lists the widest elements past its edge. */
async function expectFitsPhone(page: Page, screen: string) {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  // Two frames: the resize's layout, then whatever a ResizeObserver changed.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { width, past } = await page.evaluate((w) => {
    const out: string[] = [];
    // Inside a container that scrolls or clips sideways is fine: only what widens the document is named.
    // An absolutely positioned element (an sr-only label) escapes a scroller that is not its containing block.
    const clipped = (el: Element) => {
      const position = getComputedStyle(el).position;
      if (position === "fixed") return false;
      let escapes = position === "absolute";
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (escapes && style.position === "static") continue;
        escapes = false;
        if (style.overflowX !== "visible") return true;
      }
      return false;
    };
    // Page coordinates: a page scrolled sideways would otherwise hide what sticks out.
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      const right = r.right + window.scrollX;
      if (right > w + 0.5 && r.width > 0 && !clipped(el)) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
          typeof el.className === "string" && el.className
            ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}`
            : ""
        }`;
        out.push(`${name} (right edge ${Math.round(right)} px)`);
      }
    }
    return { width: document.documentElement.scrollWidth, past: out.slice(0, 8) };
  }, PHONE.width);
  expect(
    width,
    `${screen} is ${width} px wide on a ${PHONE.width} px phone; past the edge:\n${past.join("\n")}`,
  ).toBeLessThanOrEqual(PHONE.width);
  if (before) await page.setViewportSize(before);
}

const screens = ROUTES.filter((r) => !r.redirect && !r.pattern.includes("["));

for (const access of ["public", "user", "internal"] as const) {
  test.describe(`${access} screens`, () => {
    test.use({ role: ROLE_OF[access] });
    for (const { pattern } of screens.filter((r) => r.access === access)) {
      test(`axe and a 360 px phone: ${pattern}`, async ({ page }) => {
        await page.goto(pattern);
        await expectNoSeriousViolations(page, pattern);
      });
    }
  });
}

test.describe("detail screens", () => {
  test.describe("user", () => {
    test.use({ role: "user" });

    test("axe: a video's page, its storyboard editor and its share screen", async ({ page }) => {
      const made = await page.request.post("/api/v1/videos", {
        data: {
          brief: "A short ad for a corner bakery's rye loaf.",
          aspect_ratio: "9:16",
          length_s: 15,
          template_id: null,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      });
      expect(made.status()).toBe(201);
      const id = ((await made.json()) as { data: { id: string } }).data.id;
      await page.goto(`/content/${id}/edit`);
      await expect(page.locator("[data-scene-head]").first()).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolations(page, "/content/[contentId]/edit");
      for (const [path, screen] of [
        [`/videos/${id}`, "/videos/[contentId]"],
        [`/content/${id}/share`, "/content/[contentId]/share"],
      ] as const) {
        await page.goto(path);
        await expectNoSeriousViolations(page, screen);
      }
    });
  });

  test.describe("staff", () => {
    test.use({ role: "staff" });

    test("axe: a layout's pipeline and animation", async ({ page }) => {
      const made = await page.request.post("/api/v1/studio/layouts", {
        data: { name: `A11y ${randomUUID().slice(0, 6)}`, copy_from: "starter-split" },
      });
      expect(made.status()).toBe(201);
      const id = ((await made.json()) as { data: { id: string } }).data.id;
      for (const path of [`/layouts-pipeline/${id}`, `/layouts-pipeline/${id}/animation`]) {
        await page.goto(path);
        await expectNoSeriousViolations(page, path);
      }
    });

    test("axe: a template's pipeline, style config and animation", async ({ page }) => {
      for (const path of [
        "/templates-pipeline/starter-corporate",
        "/templates-pipeline/starter-corporate/style-config",
        "/templates-pipeline/starter-corporate/animation",
      ]) {
        await page.goto(path);
        await expectNoSeriousViolations(page, path);
      }
    });

    test("axe: a prompt test run (the seeded demo run)", async ({ page }) => {
      expect((await page.request.get("/api/v1/ops/prompts")).ok()).toBe(true); // seeds the demo prompts and run
      const path = "/automated-prompts-testing/demo-video-writer-run-1";
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    });

    test("axe: a production client", async ({ page }) => {
      await page.goto("/prod/clients");
      await page.getByLabel("Client name").fill(`A11y Roasters ${randomUUID().slice(0, 6)}`);
      await page.getByRole("button", { name: "Add client" }).click();
      await page.waitForURL(/\/prod\/clients\/[A-Za-z0-9_-]+$/);
      await expectNoSeriousViolations(page, "/prod/clients/[clientId]");
    });

    test("axe: a document in the Firestore dashboard", async ({ page }) => {
      const id = `a11y-${randomUUID().slice(0, 8)}`;
      const at = new Date().toISOString();
      const created = await page.request.post("/api/v1/ops/data/vibes", {
        data: {
          id,
          data: {
            owner_id: null,
            name: "A11y vibe",
            prompt_additions: "soft light",
            visibility: "private",
            created_at: at,
            updated_at: at,
          },
        },
      });
      expect(created.ok()).toBe(true);
      const path = `/firestore-dashboard/vibes/${id}`;
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    });
  });
});
