/** API v1 over real HTTP: the spec's two calls, their errors, and the session cookies. */
import { test, expect, request as playwrightRequest } from "@playwright/test";
import { accountFor, ensureSeedAccounts, idTokenFor, seedAccount } from "../support/accounts";

test.beforeAll(async () => {
  await ensureSeedAccounts();
});

for (const path of ["/api/v1/user-info/", "/api/v1/user-info"]) {
  test(`GET ${path} without a token is a typed 401`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
  });
}

test("bad, malformed and oversized tokens are 401, never 500", async ({ request }) => {
  for (const authorization of [
    "Bearer garbage",
    "Bearer a.b.c",
    "Basic dXNlcjpwdw==",
    `Bearer ${"x".repeat(6000)}`,
    "Bearer",
  ]) {
    const res = await request.get("/api/v1/user-info/", { headers: { authorization } });
    expect(res.status(), authorization.slice(0, 20)).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  }
});

test("a forged or oversized session cookie is 401 on the API", async ({ request }) => {
  const res = await request.get("/api/v1/user-info/", {
    headers: { cookie: `authToken=${"y".repeat(5000)}; userId=someone` },
  });
  expect(res.status()).toBe(401);
});

test("login answers { data: { user_id } }, sets HttpOnly session cookies, then user-info returns the profile", async ({
  baseURL,
}) => {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const account = accountFor("staff");
  const token = await idTokenFor(account);
  for (const path of ["/api/v1/users/login/", "/api/v1/users/login"]) {
    const login = await ctx.post(path, { headers: { authorization: `Bearer ${token}` }, maxRedirects: 0 });
    expect(login.status()).toBe(200);
    const body = await login.json();
    expect(body).toEqual({ data: { user_id: expect.any(String) } });
    const setCookies = login
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    const authCookie = setCookies.find((c) => c.startsWith("authToken="));
    expect(authCookie).toMatch(/HttpOnly/i);
    expect(authCookie).toMatch(/SameSite=Lax/i);
    expect(authCookie).toMatch(/Max-Age=1209600/);
    expect(setCookies.find((c) => c.startsWith("userId="))).toContain(`userId=${body.data.user_id}`);
  }

  const info = await ctx.get("/api/v1/user-info/", { headers: { authorization: `Bearer ${token}` } });
  expect(info.status()).toBe(200);
  const { data } = await info.json();
  if (!process.env.BASE_URL) expect(data.user_id).toBe(seedAccount("staff").uid);
  expect(data).toMatchObject({
    email: account.email,
    is_staff: true,
    plan: expect.any(String),
    credits: expect.any(Number),
  });
  expect(Date.parse(data.last_login_at)).not.toBeNaN();

  // The session cookie alone also identifies the caller (same-origin app calls).
  const viaCookie = await ctx.get("/api/v1/user-info");
  expect(viaCookie.status()).toBe(200);

  const logout = await ctx.post("/api/v1/users/logout/");
  expect(logout.status()).toBe(200);
  expect((await ctx.get("/api/v1/user-info")).status()).toBe(401);
  await ctx.dispose();
});

test("wrong methods are a typed 405", async ({ request }) => {
  const res = await request.get("/api/v1/users/login/");
  expect(res.status()).toBe(405);
  expect(res.headers()["allow"]).toBe("POST");
  expect((await res.json()).error.code).toBe("method_not_allowed");
  expect((await request.delete("/api/v1/user-info/")).status()).toBe(405);
});

test("login refuses a body beyond a stray {} with 413 and sets no cookie", async ({ request }) => {
  const token = await idTokenFor(accountFor("user"));
  const res = await request.post("/api/v1/users/login/", {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    data: JSON.stringify({ junk: "z".repeat(50_000) }),
  });
  expect(res.status()).toBe(413);
  expect(res.headers()["set-cookie"]).toBeUndefined();
});

test("API routes are never redirected, even signed out", async ({ request }) => {
  const res = await request.get("/api/v1/health", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
});
