/**
 * Security headers and the cross-site check in Chromium: the headers on a
 * public page, a cached public viewer, a signed-in page, the embeddable player
 * and an API answer; no Content-Security-Policy violation while signing in
 * through the Google popup, on home, the Remotion Player previews and public
 * pages (which hydrate); framing allowed for /v0/videos/{id} only; and a
 * same-site page on another port cannot sign the user out with their cookie.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect } from "./fixtures";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;

function expectPageHeaders(res: { headers(): Record<string, string> } | null, what: string) {
  const h = res!.headers();
  expect(h["content-security-policy"], what).toMatch(/(^|; )default-src 'self'(;|$)/);
  expect(h["content-security-policy"], what).toMatch(/(^|; )script-src 'self' 'unsafe-inline'( |;)/);
  expect(h["content-security-policy"], what).toContain("object-src 'none'");
  expect(h["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(h["x-frame-options"], what).toBe("DENY");
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  // Plain-HTTP localhost in emulator mode: no HSTS.
  if (local) expect(h["strict-transport-security"], what).toBeUndefined();
}

/** Every CSP violation the context's pages report, by console and by event. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding("__reportCsp", ({ page }, text: string) => {
    seen.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"}`,
      );
    });
  });
  context.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`${msg.page()?.url()}: ${msg.text()}`);
  });
  return seen;
}

/** React has hydrated the page: its elements carry React's fiber keys. */
async function expectHydrated(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.body.querySelectorAll("*")).some((el) =>
            Object.keys(el).some((k) => k.startsWith("__reactFiber")),
          ),
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
}

/**
 * A page of another origin on this computer (a real server: Chromium keeps
 * pages of unknown address from reaching localhost at all).
 */
async function servePage(html: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A public image through the API (the local preview model), shared: its /content/{id} is a cached public viewer. */
async function sharedImage(page: Page): Promise<string> {
  if (local) await setCredits(seedAccount("user").uid, 50);
  const gen = await page.request.post("/api/v1/images/generations", {
    data: { prompt: `A lantern ${randomUUID().slice(0, 6)}`, model_id: "local/preview", count: 1, aspect_ratio: "1:1" },
  });
  expect(gen.status()).toBe(202);
  const id: string = (await gen.json()).data.content_ids[0];
  await expect
    .poll(async () => (await (await page.request.get(`/api/v1/images/${id}`)).json()).data?.status, { timeout: 30_000 })
    .toBe("ready");
  expect((await page.request.post(`/api/v1/images/${id}/share`)).status()).toBe(200);
  return id;
}

test("security headers on public, cached, signed-in, embeddable and API responses; public pages hydrate without a CSP violation", async ({
  page,
  request,
  signedInAs,
  browser,
  baseURL,
}) => {
  expectPageHeaders(await request.get("/login"), "/login");
  expectPageHeaders(await request.get("/v1/videos/no-such-video"), "/v1/videos (public viewer)");

  await signedInAs("user", "/videos");
  expectPageHeaders(await page.goto("/videos"), "/videos (signed in)");
  const imageId = await sharedImage(page);
  // Rendered once, then served from the page cache: both carry the policy.
  for (let visit = 0; visit < 2; visit++)
    expectPageHeaders(await request.get(`/content/${imageId}`), `/content/{id} visit ${visit + 1}`);

  for (const path of ["/v0/videos/no-such-video", "/v0/videos/no-such-video/"]) {
    const h = (await request.get(path)).headers();
    expect(h["content-security-policy"], path).toContain("frame-ancestors *");
    expect(h["content-security-policy"], path).toContain("script-src 'self' 'unsafe-inline'");
    expect(h["x-frame-options"], path).toBeUndefined();
    expect(h["x-content-type-options"], path).toBe("nosniff");
  }

  const api = (await request.get("/api/v1/health")).headers();
  expect(api["content-security-policy"]).toMatch(/^default-src 'none';/);
  expect(api["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(api["x-content-type-options"]).toBe("nosniff");
  expect(api["referrer-policy"]).toBe("strict-origin-when-cross-origin");

  // Signed out in the browser: the cached image page shows its picture, the watch page and the bare player render.
  const readerContext = await browser.newContext({ baseURL });
  const violations = await watchCsp(readerContext);
  const reader = await readerContext.newPage();
  await reader.goto(`/content/${imageId}`);
  const img = reader.locator("main img").first();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expectHydrated(reader);
  await reader.goto("/v1/videos/no-such-video");
  await expectHydrated(reader);
  await reader.goto("/v0/videos/no-such-video");
  await expect(reader.getByRole("heading", { name: "This video isn't available" })).toBeVisible();
  await readerContext.close();
  expect(violations).toEqual([]);
});

test("no CSP violation: the sign-in page and Google popup, home, the Remotion Player previews; each hydrates", async ({
  page,
  context,
}) => {
  test.skip(!local, "the emulator's popup page exists only locally");
  const violations = await watchCsp(context);

  // The sign-in page and Google's popup (gapi loader, the emulator's helper iframe).
  await page.goto("/login?next=%2F");
  await expectHydrated(page);
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  const add = popup.locator("#add-account-button");
  if (await add.isVisible().catch(() => false)) await add.click();
  await popup.locator("#email-input").fill(`csp-${randomUUID().slice(0, 8)}@gmail.com`);
  await popup.locator("#display-name-input").fill("Cass Policy");
  await popup.locator("#sign-in").click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });

  // Home, signed in.
  await expect(page.getByText("Cass Policy").first()).toBeVisible();
  await expectHydrated(page);

  // The Remotion Player: the templates' animated previews.
  await page.goto("/prompt-to-video");
  await expect(page.getByRole("group", { name: /Animated preview of the .+ template/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForTimeout(1_000);

  expect(violations).toEqual([]);
});

test("another site may frame the embeddable player and nothing else", async ({ page, baseURL }) => {
  // http://127.0.0.1:<port> is another site than the app's http://localhost.
  const embedder = await servePage(`<!doctype html><title>Embedder</title>
    <iframe id="player" src="${baseURL}/v0/videos/no-such-video" width="400" height="300"></iframe>
    <iframe id="watch" src="${baseURL}/v1/videos/no-such-video" width="400" height="300"></iframe>
    <iframe id="login" src="${baseURL}/login" width="400" height="300"></iframe>`);
  try {
    await page.goto(`http://127.0.0.1:${embedder.port}/`);
    await expect(page.frameLocator("#player").getByRole("heading", { name: "This video isn't available" })).toBeVisible(
      { timeout: 15_000 },
    );
    // Chromium replaces a frame its ancestors may not hold with an error page.
    await expect
      .poll(() => page.frames().filter((f) => f.url().startsWith("chrome-error://")).length, { timeout: 15_000 })
      .toBe(2);
    await expect(page.frameLocator("#login").getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    await expect(page.frameLocator("#watch").getByRole("heading")).toHaveCount(0);
  } finally {
    await embedder.close();
  }
});

test("a same-site page on another port cannot sign the user out with their cookie; the app itself can", async ({
  page,
  context,
  signedInAs,
  baseURL,
}) => {
  test.skip(!local, "needs the local stack's localhost origin");
  await signedInAs("user", "/videos");
  const signedIn = async () => (await page.request.get("/api/v1/user-info")).status();
  expect(await signedIn()).toBe(200);

  // http://localhost:<another port> is the same site as the app (its Lax cookies travel), but another origin.
  const logoutUrl = `${baseURL}/api/v1/users/logout/`;
  const neighbourSite = await servePage(`<!doctype html><title>Neighbour</title><script>
    window.attempt = fetch(${JSON.stringify(logoutUrl)}, { method: "POST", mode: "no-cors", credentials: "include" }).then(() => "sent", (e) => String(e));
  </script>`);
  try {
    const neighbour = await context.newPage();
    await neighbour.goto(`http://localhost:${neighbourSite.port}/`);
    expect(await neighbour.evaluate(() => (window as unknown as { attempt: Promise<string> }).attempt)).toBe("sent");
    expect((await context.cookies(baseURL)).find((c) => c.name === "authToken")).toBeTruthy();
    expect(await signedIn()).toBe(200);
  } finally {
    await neighbourSite.close();
  }

  // The same call from the app's own page goes through.
  const status = await page.evaluate(async (url) => (await fetch(url, { method: "POST" })).status, logoutUrl);
  expect(status).toBe(200);
  expect((await context.cookies(baseURL)).find((c) => c.name === "authToken")).toBeUndefined();
});
