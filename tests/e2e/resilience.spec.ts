/** Lazy screens survive failed chunk loads; the error page's two buttons work. */
import type { Page, Route } from "@playwright/test";
import { test, expect } from "./fixtures";

// A sentence only the lazily loaded subscription screen contains.
const MARKER = "Credits are spent as you generate images and videos.";

/** Fails the first `times` requests for the chunk holding MARKER; returns the failure counter. */
async function failScreenChunk(page: Page, times: number) {
  const state = { failed: 0 };
  await page.route("**/_next/static/chunks/**", async (route: Route) => {
    let response;
    let body: string;
    try {
      response = await route.fetch();
      body = await response.text();
    } catch {
      // The request's page went away while it was in flight (a reload, or the
      // previous page's prefetches cut off by the navigation): Playwright has
      // disposed of the response, and nobody waits for an answer.
      return route.abort("failed").catch(() => {});
    }
    if (body.includes(MARKER) && state.failed < times) {
      state.failed++;
      return route.abort("failed");
    }
    return route.fulfill({ response, body }).catch(() => {});
  });
  return state;
}

function countDocumentLoads(page: Page) {
  const loads = { count: 0 };
  page.on("load", () => loads.count++);
  return loads;
}

test("a screen whose chunk fails twice still loads, without a page reload", async ({ page, signedInAs }) => {
  await signedInAs("user", "/");
  const state = await failScreenChunk(page, 2);
  const loads = countDocumentLoads(page);
  await page.goto("/subscription");
  await expect(page.getByText(MARKER)).toBeVisible({ timeout: 20_000 });
  expect(state.failed).toBe(2);
  expect(loads.count).toBe(1);
});

async function reachErrorPage(page: Page) {
  const state = await failScreenChunk(page, Number.POSITIVE_INFINITY);
  const loads = countDocumentLoads(page);
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { name: "We're having trouble loading this page" })).toBeVisible({
    timeout: 30_000,
  });
  expect(loads.count).toBe(2); // the first visit and exactly one reload
  expect(state.failed).toBe(8); // 1 + 3 retries, twice
}

test("a chunk that never loads reloads the page once, then the error page's Refresh Page recovers", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("user", "/");
  await reachErrorPage(page);
  await expect(page.getByText(/connection/i).first()).toBeVisible();
  await expect(page.getByText(/cache/i).first()).toBeVisible();
  await expect(page.getByText(/browser/i).first()).toBeVisible();

  // The network is back: Refresh Page recovers the screen.
  await page.unroute("**/_next/static/chunks/**");
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByText(MARKER)).toBeVisible({ timeout: 20_000 });
});

test("the error page's Go to Homepage leaves for the home screen", async ({ page, signedInAs, shell }) => {
  await signedInAs("user", "/");
  await reachErrorPage(page);
  await page.unroute("**/_next/static/chunks/**");
  await page.getByRole("button", { name: "Go to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.heading()).toHaveText("Home");
});
