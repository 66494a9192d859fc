/**
 * Cross-site refusal at the API: real session cookies from the Auth emulator,
 * real route handlers, requests shaped as the browser sends them (Origin and
 * Sec-Fetch-Site headers). A refused change is a typed 403 and changes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-cross-site-"));
process.env.DATA_DIR = dataDir;
process.env.IMAGE_GEN_HOSTS = "images.localhost";

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const APP = "http://localhost:3000";

let login: typeof import("@/app/api/v1/users/login/route");
let logout: typeof import("@/app/api/v1/users/logout/route");
let brand: typeof import("@/app/api/v1/brand-kit/route");
let webhook: typeof import("@/app/api/v1/billing/webhook/route");
const ctx = { params: Promise.resolve({}) };

let idToken = "";
let cookie = "";

const KIT = {
  logo_asset_id: null,
  colors: { primary: "#123456", secondary: "#e0e7ff", accent: "#f59e0b", text: "#111827", background: "#ffffff" },
  fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
};

function req(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new NextRequest(new URL(pathname, APP), {
    method: init.method ?? "GET",
    headers: { host: "localhost:3000", ...init.headers },
    body: init.body,
  });
}

const putKit = (headers: Record<string, string>, primary: string) =>
  brand.PUT(
    req("/api/v1/brand-kit", {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ ...KIT, colors: { ...KIT.colors, primary } }),
    }),
    ctx,
  );

async function savedPrimary(): Promise<string> {
  const res = await brand.GET(req("/api/v1/brand-kit", { headers: { cookie } }), ctx);
  return ((await res.json()) as { data: { colors: { primary: string } } }).data.colors.primary;
}

beforeAll(async () => {
  [login, logout, brand, webhook] = await Promise.all([
    import("@/app/api/v1/users/login/route"),
    import("@/app/api/v1/users/logout/route"),
    import("@/app/api/v1/brand-kit/route"),
    import("@/app/api/v1/billing/webhook/route"),
  ]);
  const signUp = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `cross.site.${RUN}@example.com`,
      password: "secret-pass-1",
      returnSecureToken: true,
    }),
  });
  idToken = ((await signUp.json()) as { idToken: string }).idToken;
  const res = await login.POST(
    req("/api/v1/users/login/", { method: "POST", headers: { authorization: `Bearer ${idToken}` } }),
    ctx,
  );
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("authToken=");
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("refuses a cookie-signed change from another site with a typed 403 and changes nothing", async () => {
  const attempts: Record<string, string>[] = [
    { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
    // Another port on localhost is the same site, but not this app.
    { origin: "http://localhost:8080", "sec-fetch-site": "same-site" },
    { origin: "null" },
  ];
  for (const headers of attempts) {
    const res = await putKit({ cookie, ...headers }, "#ff0000");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "forbidden", message: expect.stringMatching(/another site/) } });
  }
  expect(await savedPrimary()).not.toBe("#ff0000");

  // A cross-site logout is refused too: the cookies are not cleared.
  const out = await logout.POST(
    req("/api/v1/users/logout/", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    }),
    ctx,
  );
  expect(out.status).toBe(403);
  expect(out.headers.getSetCookie()).toEqual([]);
});

it("lets the app's own page, the alternate host, a Bearer call and a request with neither header through", async () => {
  expect((await putKit({ cookie, origin: APP, "sec-fetch-site": "same-origin" }, "#000001")).status).toBe(200);
  expect(await savedPrimary()).toBe("#000001");
  expect(
    (await putKit({ cookie, origin: "http://images.localhost:3000", "sec-fetch-site": "same-site" }, "#000002")).status,
  ).toBe(200);
  expect(await savedPrimary()).toBe("#000002");
  // A Bearer call is not ambient authority: another site's page cannot send one without CORS.
  expect(
    (
      await putKit(
        { authorization: `Bearer ${idToken}`, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        "#000003",
      )
    ).status,
  ).toBe(200);
  expect(await savedPrimary()).toBe("#000003");
  expect((await putKit({ cookie }, "#000004")).status).toBe(200);
  expect(await savedPrimary()).toBe("#000004");
});

it("reads stay open to any origin, and the webhook (no cookie) is judged by its signature alone", async () => {
  const read = await brand.GET(
    req("/api/v1/brand-kit", { headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" } }),
    ctx,
  );
  expect(read.status).toBe(200);
  const hook = await webhook.POST(
    req("/api/v1/billing/webhook", {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "stripe-signature": "t=1,v1=00" },
      body: "{}",
    }),
    ctx,
  );
  // Not the cross-site 403: billing answers for itself (not configured, or a bad signature).
  const body = (await hook.json()) as { error?: { message: string } };
  expect(body.error?.message ?? "").not.toMatch(/another site/);
});
