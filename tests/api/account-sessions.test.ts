/**
 * Ending sessions, with real emulator accounts and the route handlers called
 * directly: logout ends that one session cookie for good (a replay before its
 * expiry is refused), and "Sign out everywhere" ends every session and token
 * of the account at once in this process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-sessions-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const mail = (local: string) => `${local}.${RUN}@example.com`;
const PASSWORD = "secret-pass-1";

async function identityToolkit(
  op: "signUp" | "signInWithPassword",
  email: string,
): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`emulator ${op} failed: ${JSON.stringify(body)}`);
  return { idToken: body.idToken, localId: body.localId };
}

function req(url: string, init: { method?: string; token?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  return new NextRequest(new URL(url, "http://localhost:3000"), { method: init.method ?? "GET", headers });
}

const ctx = { params: Promise.resolve({}) };

let login: typeof import("@/app/api/v1/users/login/route");
let logout: typeof import("@/app/api/v1/users/logout/route");
let userInfo: typeof import("@/app/api/v1/user-info/route");
let everywhere: typeof import("@/app/api/v1/account/sign-out-everywhere/route");

beforeAll(async () => {
  login = await import("@/app/api/v1/users/login/route");
  logout = await import("@/app/api/v1/users/logout/route");
  userInfo = await import("@/app/api/v1/user-info/route");
  everywhere = await import("@/app/api/v1/account/sign-out-everywhere/route");
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser session: the cookies the login route set, as a Cookie header. */
async function session(idToken: string): Promise<string> {
  const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token: idToken }), ctx);
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

const info = (init: { cookie?: string; token?: string }) => userInfo.GET(req("/api/v1/user-info", init), ctx);

/** Set-Cookie lines that delete both session cookies. */
function clearsBothCookies(res: Response): boolean {
  const set = res.headers.getSetCookie();
  return ["authToken", "userId"].every((name) =>
    set.some((c) => c.startsWith(`${name}=;`) && /Max-Age=(0|-\d+)(;|$)/.test(c)),
  );
}

describe("POST /api/v1/users/logout/", () => {
  it("ends that session for good: the same cookie replayed before its expiry gets 401", async () => {
    const email = mail("logout");
    const { idToken } = await identityToolkit("signUp", email);
    const cookie = await session(idToken);
    // A second browser of the same person, signed in a second later (cookies made within one second are the same bytes).
    await new Promise((r) => setTimeout(r, 1100));
    const other = await session((await identityToolkit("signInWithPassword", email)).idToken);
    expect(other).not.toBe(cookie);
    expect((await info({ cookie })).status).toBe(200);

    const out = await logout.POST(req("/api/v1/users/logout/", { method: "POST", cookie }), ctx);
    expect(out.status).toBe(200);
    expect(clearsBothCookies(out)).toBe(true);

    // Someone who kept a copy of the cookie sends it again (it has not expired: 14 days).
    const replay = await info({ cookie });
    expect(replay.status).toBe(401);
    expect((await replay.json()).error).toEqual({
      code: "unauthorized",
      message: expect.stringMatching(/session was ended/),
    });
    // Still refused on later calls (no cache brings it back), and by every route, not only the one tried.
    expect((await info({ cookie })).status).toBe(401);
    expect(
      (await everywhere.POST(req("/api/v1/account/sign-out-everywhere", { method: "POST", cookie }), ctx)).status,
    ).toBe(401);
    // Only that session ended: the other browser and Bearer calls go on.
    expect((await info({ cookie: other })).status).toBe(200);
    expect((await info({ token: idToken })).status).toBe(200);
  });

  it("clears the cookies without an error for a missing or bad cookie, and records nothing for it", async () => {
    const none = await logout.POST(req("/api/v1/users/logout/", { method: "POST" }), ctx);
    expect(none.status).toBe(200);
    const bad = await logout.POST(
      req("/api/v1/users/logout/", { method: "POST", cookie: "authToken=garbage; userId=x" }),
      ctx,
    );
    expect(bad.status).toBe(200);
    expect(clearsBothCookies(bad)).toBe(true);
    const { getDb } = await import("@/lib/platform/db");
    const { revokedSessions } = await import("@/lib/access/auth/collections");
    const { sessionKey } = await import("@/lib/access/auth/server/revoked-sessions");
    expect(await getDb().collection(revokedSessions).doc(sessionKey("garbage")).get()).toBeNull();
  });
});

describe("POST /api/v1/account/sign-out-everywhere", () => {
  it("ends every session and token of the account at once, and a new sign-in works", async () => {
    const email = mail("everywhere");
    const { idToken } = await identityToolkit("signUp", email);
    const [here, laptop] = [await session(idToken), await session(idToken)];
    expect((await info({ cookie: laptop })).status).toBe(200); // remembered as usable by the status cache
    // Firebase compares whole seconds: revoke in a later second than the sign-in.
    await new Promise((r) => setTimeout(r, 1100));

    const res = await everywhere.POST(
      req("/api/v1/account/sign-out-everywhere", { method: "POST", cookie: here }),
      ctx,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { signed_out: true } });
    expect(clearsBothCookies(res)).toBe(true);

    // No waiting for the status cache's TTL: refused on the very next call.
    for (const init of [{ cookie: laptop }, { cookie: here }, { token: idToken }]) {
      const r = await info(init);
      expect(r.status).toBe(401);
      expect((await r.json()).error.message).toMatch(/session was ended/);
    }

    const again = await identityToolkit("signInWithPassword", email);
    expect((await info({ cookie: await session(again.idToken) })).status).toBe(200);
  });

  it("needs a signed-in caller and takes POST only", async () => {
    expect((await everywhere.POST(req("/api/v1/account/sign-out-everywhere", { method: "POST" }), ctx)).status).toBe(
      401,
    );
    expect(everywhere.GET().status).toBe(405);
  });
});
