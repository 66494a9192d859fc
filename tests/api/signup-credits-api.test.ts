/**
 * A new account's free credits, through the real login route with emulator
 * accounts: once per verified email (its normalised mailbox: case, Gmail's
 * dots and googlemail.com, "+tags"), none while unverified and granted at the
 * first sign-in after verifying, none for a second account or a recreated one
 * (which takes over the address's monthly top-ups instead), none twice when
 * two accounts sign in at the same moment.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-signup-credits-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const project = process.env.FIREBASE_PROJECT_ID ?? "demo-promptframe";
const base = `http://${emulator}/identitytoolkit.googleapis.com/v1`;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let login: typeof import("@/app/api/v1/users/login/route");
let billing: typeof import("@/app/api/v1/billing/route");
let db: import("@/lib/platform/db/db").Db;
let collections: typeof import("@/lib/platform/db/collections");
let grants: typeof import("@/lib/money/billing/grants");

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

interface Account {
  uid: string;
  email: string;
  password: string;
}

async function account(email: string, verified: boolean): Promise<Account> {
  const password = "secret-pass-1";
  const up = await post<{ localId?: string }>(`${base}/accounts:signUp?key=demo-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  if (!up.localId) throw new Error(`emulator sign-up failed for ${email}: ${JSON.stringify(up)}`);
  if (verified) await verify({ uid: up.localId, email, password });
  return { uid: up.localId, email, password };
}

async function verify(a: Account): Promise<void> {
  await post(
    `${base}/projects/${project}/accounts:update`,
    { localId: a.uid, emailVerified: true },
    { authorization: "Bearer owner" },
  );
}

async function token(a: Account): Promise<string> {
  const r = await post<{ idToken?: string }>(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    email: a.email,
    password: a.password,
    returnSecureToken: true,
  });
  if (!r.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(r)}`);
  return r.idToken;
}

async function signIn(a: Account): Promise<number> {
  const res = await login.POST(
    new NextRequest(new URL("/api/v1/users/login/", "http://localhost:3000"), {
      method: "POST",
      headers: { authorization: `Bearer ${await token(a)}` },
    }),
    {
      params: Promise.resolve({}),
    },
  );
  return res.status;
}

async function profile(uid: string) {
  return (await db.collection(collections.users).doc(uid).get())?.data ?? null;
}

async function ledger(uid: string) {
  return (await db.collection(collections.creditLedger).where("owner_id", "==", uid).get()).map((e) => e.data);
}

beforeAll(async () => {
  login = await import("@/app/api/v1/users/login/route");
  billing = await import("@/app/api/v1/billing/route");
  collections = await import("@/lib/platform/db/collections");
  grants = await import("@/lib/money/billing/grants");
  db = (await import("@/lib/platform/db")).getDb();
});

afterAll(async () => {
  const { resetRateLimits } = await import("@/lib/platform/rate-limit");
  await resetRateLimits();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("a verified email gets the free credits once; another spelling of the same Gmail mailbox gets none, nor the monthly top-up", async () => {
  const first = await account(`jo.smith.${RUN}@gmail.com`, true);
  expect(await signIn(first)).toBe(200);
  expect(await profile(first.uid)).toMatchObject({ credits: 100, signup_credits: "granted" });

  const second = await account(`JoSmith${RUN}+promo@googlemail.com`, true);
  expect(await signIn(second)).toBe(200);
  expect(await profile(second.uid)).toMatchObject({ credits: 0, signup_credits: "refused" });
  // Signing in again changes nothing.
  expect(await signIn(second)).toBe(200);
  expect(await signIn(first)).toBe(200);
  expect((await profile(second.uid))!.credits).toBe(0);
  expect((await profile(first.uid))!.credits).toBe(100);
  // Next month the free plan's top-up goes to the first account only.
  const nextMonth = new Date();
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 2);
  expect(await grants.ensureMonthlyGrant({ db, uid: second.uid, now: nextMonth })).toEqual({ granted: 0 });
  expect(
    await db
      .collection(collections.users)
      .doc(first.uid)
      .update({ credits: 40 })
      .then(() => grants.ensureMonthlyGrant({ db, uid: first.uid, now: nextMonth })),
  ).toEqual({ granted: 60 });
});

it("an unverified email gets nothing until verified, then the credits at its next sign-in, through the ledger, once", async () => {
  const a = await account(`late.${RUN}@example.com`, false);
  expect(await signIn(a)).toBe(200);
  expect(await profile(a.uid)).toMatchObject({ credits: 0, signup_credits: "pending" });
  expect(await signIn(a)).toBe(200);
  expect((await profile(a.uid))!.credits).toBe(0);
  // The subscription screen says why, and claims no grant this month.
  const summary = await billing.GET(
    new NextRequest(new URL("/api/v1/billing", "http://localhost:3000"), {
      headers: { authorization: `Bearer ${await token(a)}` },
    }),
    { params: Promise.resolve({}) },
  );
  expect((await summary.json()).data).toMatchObject({
    balance: 0,
    signup_credits: "pending",
    period: { kind: "free", granted: null },
  });

  await verify(a);
  expect(await signIn(a)).toBe(200);
  expect(await profile(a.uid)).toMatchObject({ credits: 100, signup_credits: "granted" });
  expect(await signIn(a)).toBe(200);
  expect((await profile(a.uid))!.credits).toBe(100);
  const entries = await ledger(a.uid);
  expect(entries.filter((e) => e.delta > 0)).toEqual([
    expect.objectContaining({
      delta: 100,
      reason: "grant",
      balance_after: 100,
      note: "New account: 100 free credits (email verified)",
    }),
  ]);
  expect(entries.reduce((s, e) => s + e.delta, 0)).toBe(100);
});

it("an account made again with the same address after the first was deleted gets no second grant, but takes over the monthly top-ups", async () => {
  const email = `Again.${RUN}@Example.com`;
  const first = await account(email, true);
  expect(await signIn(first)).toBe(200);
  expect((await profile(first.uid))!.credits).toBe(100);
  // The account is deleted: its profile and its Auth account go; the address's record stays.
  await db.collection(collections.users).doc(first.uid).delete();
  await fetch(`${base}/projects/${project}/accounts:delete`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: first.uid }),
  });

  const again = await account(email.toLowerCase(), true);
  expect(again.uid).not.toBe(first.uid);
  expect(await signIn(again)).toBe(200);
  expect(await profile(again.uid)).toMatchObject({ credits: 0, signup_credits: "granted" });
  const nextMonth = new Date();
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 2);
  expect(await grants.ensureMonthlyGrant({ db, uid: again.uid, now: nextMonth })).toEqual({ granted: 100 });
});

it("two accounts of one mailbox signing in at the same moment: one grant", async () => {
  const [a, b] = await Promise.all([account(`race.${RUN}@gmail.com`, true), account(`r.a.c.e.${RUN}@gmail.com`, true)]);
  expect(await Promise.all([signIn(a), signIn(b)])).toEqual([200, 200]);
  const credits = [(await profile(a.uid))!.credits, (await profile(b.uid))!.credits].sort((x, y) => x - y);
  expect(credits).toEqual([0, 100]);
});

it("an account made before the rule keeps its credits, and its verified address is recorded so a second account gets none", async () => {
  const old = await account(`old.${RUN}@example.com`, true);
  const at = new Date("2026-01-05T00:00:00Z").toISOString();
  await db.collection(collections.users).doc(old.uid).create({
    user_id: old.uid,
    email: old.email,
    name: null,
    photo_url: null,
    provider: "password",
    is_staff: false,
    credits: 37,
    plan: "free",
    created_at: at,
    last_login_at: at,
  });
  expect(await signIn(old)).toBe(200);
  expect(await profile(old.uid)).toMatchObject({ credits: 37 });
  expect((await profile(old.uid))!.signup_credits).toBeUndefined();
  const second = await account(`old.${RUN}+2@example.com`, true);
  expect(await signIn(second)).toBe(200);
  expect(await profile(second.uid)).toMatchObject({ credits: 0, signup_credits: "refused" });
});

it("the record holds a hash of the normalised address, never the address", async () => {
  const records = (await db.collection((await import("@/lib/money/billing/collections")).signupGrants).get()).map(
    (r) => ({ id: r.id, ...r.data }),
  );
  expect(records.length).toBeGreaterThan(0);
  expect(JSON.stringify(records)).not.toMatch(/@|example\.com|gmail/);
  expect(records.map((r) => r.id)).toContain(grants.signupGrantId(`jo.smith.${RUN}@gmail.com`));
});
