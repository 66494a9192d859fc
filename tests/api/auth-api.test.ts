/**
 * The API handlers called directly (no server), with real tokens from the
 * Auth emulator that `npm test` starts (FIREBASE_AUTH_EMULATOR_HOST).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-api-"));
process.env.DATA_DIR = dataDir;

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;

/** Addresses unique to this run: other suites share the emulator, so nothing here clears its accounts. */
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const mail = (local: string, domain = "example.com") => `${local}.${RUN}@${domain}`;

async function signUp(email: string, password = "secret-pass-1"): Promise<string> {
  const res = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

async function anonymousToken(): Promise<string> {
  const res = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

function req(url: string, init: { method?: string; token?: string; body?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  return new NextRequest(new URL(url, "http://localhost:3000"), {
    method: init.method ?? "GET",
    headers,
    body: init.body,
  });
}

/** The route context Next passes to handlers (these routes have no params). */
const ctx = { params: Promise.resolve({}) };

// Imported after DATA_DIR is set: the store opens its file lazily under it.
let login: typeof import("@/app/api/v1/users/login/route");
let userInfo: typeof import("@/app/api/v1/user-info/route");
let logout: typeof import("@/app/api/v1/users/logout/route");
let clearUserStatusCache: () => void;
let adminAuth: typeof import("@/lib/access/auth/server/firebase-admin").adminAuth;

beforeAll(async () => {
  login = await import("@/app/api/v1/users/login/route");
  userInfo = await import("@/app/api/v1/user-info/route");
  logout = await import("@/app/api/v1/users/logout/route");
  ({ clearUserStatusCache } = await import("@/lib/access/auth/server/user-status"));
  ({ adminAuth } = await import("@/lib/access/auth/server/firebase-admin"));
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("POST /api/v1/users/login/", () => {
  it("creates the profile, answers { data: { user_id } } and sets both HttpOnly cookies", async () => {
    const token = await signUp(mail("new.person"));
    const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ data: { user_id: expect.any(String) } });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("authToken="))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith("userId="))).toContain(body.data.user_id);

    const info = await userInfo.GET(req("/api/v1/user-info/", { token }), ctx);
    expect(info.status).toBe(200);
    expect((await info.json()).data).toMatchObject({
      user_id: body.data.user_id,
      email: mail("new.person"),
      is_staff: false,
      // Unverified: the free credits wait for a verified email (tests/api/signup-credits-api.test.ts).
      credits: 0,
      signup_credits: "pending",
      plan: "free",
      provider: "password",
    });
  });

  it("does not make an unverified company address staff", async () => {
    const token = await signUp(mail("sneaky", "promptframe.ai"));
    await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    const info = await userInfo.GET(req("/api/v1/user-info/", { token }), ctx);
    expect((await info.json()).data.is_staff).toBe(false);
  });

  it("keeps credits and creation time on a second login", async () => {
    const token = await signUp(mail("returning"));
    await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    const first = (await (await userInfo.GET(req("/api/v1/user-info/", { token }), ctx)).json()).data;
    await new Promise((r) => setTimeout(r, 5));
    await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    const second = (await (await userInfo.GET(req("/api/v1/user-info/", { token }), ctx)).json()).data;
    expect(second.created_at).toBe(first.created_at);
    expect(second.credits).toBe(first.credits);
    expect(Date.parse(second.last_login_at)).toBeGreaterThanOrEqual(Date.parse(first.last_login_at));
  });

  it("refuses an account without an email (typed 403) and sets no cookie", async () => {
    const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token: await anonymousToken() }), ctx);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("email_required");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ["no token", undefined],
    ["a garbage token", "garbage"],
    ["a session cookie where an ID token belongs", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."],
  ])("answers 401 for %s", async (_label, token) => {
    const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toEqual({ code: "unauthorized", message: expect.any(String) });
  });

  it("refuses a large body with 413", async () => {
    const token = await signUp(mail("bodyful"));
    const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token, body: "x".repeat(10_000) }), ctx);
    expect(res.status).toBe(413);
  });

  it("answers 405 to GET", async () => {
    const res = login.GET();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("GET /api/v1/user-info/", () => {
  it("accepts the session cookie the login set, and rejects it with a mismatched userId", async () => {
    const token = await signUp(mail("cookie.user"));
    const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const ok = await userInfo.GET(req("/api/v1/user-info", { cookie: cookies.join("; ") }), ctx);
    expect(ok.status).toBe(200);
    const auth = cookies.find((c) => c.startsWith("authToken="))!;
    const bad = await userInfo.GET(req("/api/v1/user-info", { cookie: `${auth}; userId=someone-else` }), ctx);
    expect(bad.status).toBe(401);
  });

  async function sessionOf(email: string): Promise<{ uid: string; token: string; cookie: string; auth: string }> {
    const token = await signUp(email);
    const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const uid = (await res.json()).data.user_id as string;
    return {
      uid,
      token,
      cookie: cookies.join("; "),
      auth: cookies.find((c) => c.startsWith("authToken="))!.slice("authToken=".length),
    };
  }

  it("refuses a session cookie issued in the future (iat), as the edge does", async () => {
    const { uid, auth } = await sessionOf(mail("future.iat"));
    const [header, payload] = auth.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, iat: Math.floor(Date.now() / 1000) + 3600 })).toString(
      "base64url",
    );
    const res = await userInfo.GET(
      req("/api/v1/user-info", { cookie: `authToken=${header}.${forged}.; userId=${uid}` }),
      ctx,
    );
    expect(res.status).toBe(401);
    // The same cookie with its real iat is fine (the forgery is the only difference).
    const real = await userInfo.GET(req("/api/v1/user-info", { cookie: `authToken=${auth}; userId=${uid}` }), ctx);
    expect(real.status).toBe(200);
  });

  it("refuses a revoked session: sign-in at once, every call once the status is re-read", async () => {
    const { uid, token, cookie } = await sessionOf(mail("revoked.user"));
    expect((await userInfo.GET(req("/api/v1/user-info", { cookie }), ctx)).status).toBe(200);
    // Firebase compares whole seconds: revoke in a later second than the sign-in.
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(uid);
    const again = await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx);
    expect(again.status).toBe(401);
    clearUserStatusCache(); // what STATUS_TTL_MS of time does on its own
    const res = await userInfo.GET(req("/api/v1/user-info", { cookie }), ctx);
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toMatch(/session was ended/);
  });

  it("refuses a disabled account with 403", async () => {
    const { uid, token, cookie } = await sessionOf(mail("disabled.user"));
    await adminAuth().updateUser(uid, { disabled: true });
    expect((await login.POST(req("/api/v1/users/login/", { method: "POST", token }), ctx)).status).toBe(403);
    clearUserStatusCache();
    const res = await userInfo.GET(req("/api/v1/user-info", { cookie }), ctx);
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/disabled/);
  });

  it("answers 404 with a typed error before the first login", async () => {
    const res = await userInfo.GET(req("/api/v1/user-info/", { token: await signUp(mail("never.logged")) }), ctx);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });
});

describe("POST /api/v1/users/logout/", () => {
  it("clears both cookies", async () => {
    const res = await logout.POST(req("/api/v1/users/logout/", { method: "POST" }), ctx);
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^authToken=;/.test(c) && /Max-Age=(0|-\d+)(;|$)/i.test(c))).toBe(true);
    expect(cleared.some((c) => /^userId=;/.test(c))).toBe(true);
  });
});
