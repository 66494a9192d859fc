/**
 * The limiter on each store it runs on: memory, the SQLite file (the
 * default) and Redis (a real redis-server started for this file, when one is
 * installed). Past a limit a call fails with the typed 429, a Retry-After in
 * seconds and a message saying when; subjects and plans are counted apart;
 * the daily cap ends at midnight UTC; SQLite and Redis hold one count across
 * separate clients (app processes / instances).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ApiError } from "@/lib/platform/api/errors";
import { resetRateLimits, spend } from "./limit";
import { redisStore, sqliteStore, type LimiterStore } from "./store";
import { redisServerBinary, startRedis, type TestRedis } from "@/tests/support/redis-server";

jest.setTimeout(20_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-rate-limit-"));
const saved = { ...process.env };
let redis: TestRedis | null = null;
const redisBin = redisServerBinary();
if (!redisBin)
  console.warn(
    "rate-limit tests: no redis-server binary on PATH, so the Redis store is not tested here (install redis-server to test it).",
  );

beforeAll(async () => {
  if (redisBin) redis = await startRedis();
});
afterAll(async () => {
  await resetRateLimits();
  await redis?.stop();
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

async function configure(store: string, env: Record<string, string> = {}) {
  await resetRateLimits();
  for (const k of ["RATE_LIMIT_STORE", "REDIS_URL", "RATE_LIMIT_FACTOR", "RATE_LIMITS", "TRUST_PROXY"])
    delete process.env[k];
  process.env.DATA_DIR = dataDir;
  process.env.RATE_LIMIT_STORE = store;
  if (store === "redis") process.env.REDIS_URL = redis!.url;
  Object.assign(process.env, env);
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error("expected a 429");
    },
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

const unique = () => Math.random().toString(36).slice(2, 10);
const stores = ["memory", "sqlite", ...(redisBin ? ["redis"] : [])];

describe.each(stores)("on the %s store", (store) => {
  it("allows the limit's calls, then answers 429 rate_limited with Retry-After and when to try again", async () => {
    await configure(store, { RATE_LIMITS: JSON.stringify({ link_extract: { points: 3, duration: 3600 } }) });
    const who = `u:${unique()}`;
    const left = [];
    for (let i = 0; i < 3; i++) left.push((await spend("link_extract", who)).remaining);
    expect(left).toEqual([2, 1, 0]);
    const e = await rejection(spend("link_extract", who));
    expect(e.code).toBe("rate_limited");
    expect(e.status).toBe(429);
    const retry = Number(e.headers?.["Retry-After"]);
    expect(Number.isInteger(retry)).toBe(true);
    expect(retry).toBeGreaterThan(3590);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(e.message).toBe("Too many link look-ups: at most 3 an hour. Try again in 1 hour.");
    const body = await e.toResponse().json();
    expect(body).toEqual({ error: { code: "rate_limited", message: e.message } });
    expect(e.toResponse().headers.get("retry-after")).toBe(String(retry));
  });

  it("counts each subject apart: another user or address is unaffected", async () => {
    await configure(store, { RATE_LIMITS: JSON.stringify({ link_extract: { points: 1 } }) });
    const [a, b] = [`u:${unique()}`, `u:${unique()}`];
    await spend("link_extract", a);
    await rejection(spend("link_extract", a));
    await expect(spend("link_extract", b)).resolves.toMatchObject({ remaining: 0 });
  });

  it("a window that ended allows calls again", async () => {
    await configure(store, { RATE_LIMITS: JSON.stringify({ csv_preview: { points: 1, duration: 1 } }) });
    const who = `u:${unique()}`;
    await spend("csv_preview", who);
    const e = await rejection(spend("csv_preview", who));
    expect(e.headers?.["Retry-After"]).toBe("1");
    await new Promise((r) => setTimeout(r, 1100));
    await expect(spend("csv_preview", who)).resolves.toBeDefined();
  });

  it("the storyboard cap is per plan and per calendar day (UTC): it names the cap, the reset and the bigger plan", async () => {
    // The real caps scaled to a tenth: Free 2, Pro 20, Team 100 a day.
    await configure(store, { RATE_LIMIT_FACTOR: "0.1" });
    const free = `u:${unique()}`;
    const pro = `u:${unique()}`;
    const lateEvening = new Date();
    lateEvening.setUTCHours(22, 30, 0, 0);
    for (let i = 0; i < 2; i++) await spend("storyboard", free, { plan: "free", now: lateEvening });
    const e = await rejection(spend("storyboard", free, { plan: "free", now: lateEvening }));
    const retry = Number(e.headers?.["Retry-After"]);
    // 90 minutes to midnight UTC (as the key was made).
    expect(retry).toBeGreaterThan(5390);
    expect(retry).toBeLessThanOrEqual(5400);
    expect(e.message).toBe(
      "You have reached the Free plan's cap of 2 storyboards a day. Storyboards stay free; the count starts again at midnight UTC, in 1 hour 30 minutes. The Pro plan allows 20 a day.",
    );
    // A Pro account has its own, larger cap.
    for (let i = 0; i < 20; i++) await spend("storyboard", pro, { plan: "pro", now: lateEvening });
    expect((await rejection(spend("storyboard", pro, { plan: "pro", now: lateEvening }))).message).toContain(
      "the Pro plan's cap of 20 storyboards a day",
    );
    // The next day (UTC) counts from zero.
    const nextDay = new Date(lateEvening.getTime() + 2 * 3600_000);
    await expect(spend("storyboard", free, { plan: "free", now: nextDay })).resolves.toMatchObject({ remaining: 1 });
  });

  it("an upgrade within the day keeps the day's count, compared against the new plan's cap", async () => {
    await configure(store, { RATE_LIMIT_FACTOR: "0.1" });
    const who = `u:${unique()}`;
    for (let i = 0; i < 2; i++) await spend("storyboard", who, { plan: "free" });
    await rejection(spend("storyboard", who, { plan: "free" }));
    // Three used (the refused call counts too: a script hammering a 429 does not get a fresh window).
    await expect(spend("storyboard", who, { plan: "pro" })).resolves.toMatchObject({ remaining: 16 });
  });
});

describe("one count across separate clients (app processes or instances)", () => {
  async function sharedCount(open: () => Promise<LimiterStore>) {
    const [one, two] = [await open(), await open()];
    try {
      await Promise.all([one.ready(5000), two.ready(5000)]);
      const opts = { keyPrefix: `shared-${unique()}`, points: 4, duration: 60 };
      const [a, b] = [one.limiter(opts), two.limiter(opts)];
      const consumed = [];
      for (let i = 0; i < 4; i++) consumed.push((await (i % 2 ? b : a).consume("k")).consumedPoints);
      expect(consumed).toEqual([1, 2, 3, 4]);
      await expect(b.consume("k")).rejects.toMatchObject({ consumedPoints: 5, remainingPoints: 0 });
    } finally {
      await one.close();
      await two.close();
    }
  }

  it("SQLite: two connections to one file", async () => {
    const file = path.join(dataDir, `shared-${unique()}.sqlite`);
    await sharedCount(async () => sqliteStore(file));
  });

  (redisBin ? it : it.skip)("Redis: two clients", async () => {
    await sharedCount(() => redisStore(redis!.url));
  });
});

describe("configuration", () => {
  it("the default store is SQLite under DATA_DIR, Redis once REDIS_URL is set; unknown limit names are refused", async () => {
    const { parseRateLimitEnv } = await import("@/lib/platform/env");
    expect(parseRateLimitEnv({ DATA_DIR: "/srv/data" })).toMatchObject({
      store: "sqlite",
      sqliteFile: "/srv/data/rate-limits.sqlite",
      factor: 1,
      trustProxyHops: 0,
    });
    expect(parseRateLimitEnv({ REDIS_URL: "redis://cache:6379" })).toMatchObject({
      store: "redis",
      redisUrl: "redis://cache:6379",
    });
    expect(() => parseRateLimitEnv({ RATE_LIMIT_STORE: "redis" })).toThrow(/needs REDIS_URL/);
    expect(() => parseRateLimitEnv({ RATE_LIMITS: "{storyboard:3}" })).toThrow(/RATE_LIMITS must be JSON/);
    await configure("memory", { RATE_LIMITS: JSON.stringify({ storyboards: { points: 3 } }) });
    await expect(spend("storyboard", "u:x")).rejects.toThrow(/RATE_LIMITS names unknown limits: storyboards/);
  });
});

describe("the SQLite store's sweep", () => {
  afterEach(() => jest.useRealTimers());

  it("deletes counters expired over an hour ago every 5 minutes, and stops when the store is closed", async () => {
    jest.useFakeTimers({ now: new Date("2026-11-27T10:00:00Z") });
    const dir = mkdtempSync(path.join(tmpdir(), "pf-rl-sweep-"));
    const file = path.join(dir, "limits.sqlite");
    const store = sqliteStore(file);
    const Database = (await import("better-sqlite3")).default;
    const peek = new Database(file);
    const insert = peek.prepare("INSERT INTO rate_limits (key, points, expire) VALUES (?, 1, ?)");
    insert.run("old", Date.now() - 2 * 3_600_000);
    insert.run("fresh", Date.now() + 60_000);
    const keys = () =>
      peek
        .prepare("SELECT key FROM rate_limits ORDER BY key")
        .all()
        .map((r) => (r as { key: string }).key);
    jest.advanceTimersByTime(299_000);
    expect(keys()).toEqual(["fresh", "old"]);
    jest.advanceTimersByTime(1_000);
    expect(keys()).toEqual(["fresh"]);
    // Closed: the timer is gone (a sweep on a closed database threw in a long-lived process before).
    await store.close();
    expect(jest.getTimerCount()).toBe(0);
    peek.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
