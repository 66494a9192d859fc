/** The alternate host (by Host header), forged cookies and the hard-to-guess public path. */
import { test, expect, request as playwrightRequest } from "@playwright/test";
import { accountFor, ensureSeedAccounts, signInContext } from "../support/accounts";
import { TEST_ALTERNATE_HOST, TEST_APP_PORT, TEST_PREVIEW_PATH } from "../support/test-env";

const local = !process.env.BASE_URL;

test("signed-in users on the alternate host go straight to /image-gen from entry screens", async ({ baseURL }) => {
  test.skip(!local, "the alternate host is configured only in the local stack");
  await ensureSeedAccounts();
  const ctx = await playwrightRequest.newContext({ baseURL });
  await signInContext(ctx, accountFor("user"));
  const host = `${TEST_ALTERNATE_HOST}:${TEST_APP_PORT}`;
  for (const path of ["/", "/create", "/product", "/main", "/login", "/email-login"]) {
    const res = await ctx.get(path, { headers: { host }, maxRedirects: 0 });
    expect(res.status(), path).toBe(307);
    expect(new URL(res.headers()["location"]!).pathname, path).toBe("/image-gen");
  }
  expect((await ctx.get("/videos", { headers: { host }, maxRedirects: 0 })).status()).toBe(200);
  // The main host is unaffected.
  expect((await ctx.get("/", { maxRedirects: 0 })).status()).toBe(200);
  await ctx.dispose();
});

test("forged, mismatched and malformed cookies mean signed out (redirect, cookies cleared), never an error page", async ({
  request,
}) => {
  const forged = [
    "authToken=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.; userId=x",
    "authToken=not-a-jwt; userId=x",
    `authToken=${"a".repeat(4500)}; userId=x`,
    "userId=seed-staff",
    "authToken=%%%; userId=%%%",
  ];
  for (const cookie of forged) {
    const res = await request.get("/layouts", { headers: { cookie }, maxRedirects: 0 });
    expect(res.status(), cookie.slice(0, 30)).toBe(307);
    expect(res.headers()["location"]).toContain("/login?next=%2Flayouts");
  }
});

test("a valid session with another user's userId cookie is rejected", async ({ baseURL }) => {
  await ensureSeedAccounts();
  const ctx = await playwrightRequest.newContext({ baseURL });
  await signInContext(ctx, accountFor("staff"));
  const state = await ctx.storageState();
  const authToken = state.cookies.find((c) => c.name === "authToken")!.value;
  const res = await ctx.get("/layouts", {
    headers: { cookie: `authToken=${authToken}; userId=someone-else` },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(307);
  await ctx.dispose();
});

test("the hard-to-guess path is public; its rewrite target is not reachable directly", async ({ request }) => {
  test.skip(!local, "the secret path is configured only in the local stack");
  const res = await request.get(TEST_PREVIEW_PATH, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect((await request.get("/public-preview", { maxRedirects: 0 })).status()).toBe(404);
});

test("open-redirect attempts in next land on a same-origin page", async ({ baseURL }) => {
  await ensureSeedAccounts();
  const ctx = await playwrightRequest.newContext({ baseURL });
  await signInContext(ctx, accountFor("user"));
  for (const next of ["https://evil.com", "//evil.com", "/%2F%2Fevil.com", "/\\evil.com"]) {
    const res = await ctx.get(`/login?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(new URL(res.headers()["location"]!, baseURL).origin).toBe(new URL(baseURL!).origin);
  }
  await ctx.dispose();
});
