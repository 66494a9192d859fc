import "server-only";
/**
 * Spending one call of a named limit. Past the limit the call fails with the
 * API's typed 429 (`rate_limited`), a `Retry-After` header in seconds and a
 * message that says when to try again. Routes declare their limit in one line:
 * `withUser(handler, { limit: "link_extract" })` (per user) or
 * `withErrors(handler, { limit: "public_media" })` (per IP), or call
 * `limitUser` / `limitIp` at the top of a handler that limits only some calls.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { getDb } from "@/lib/platform/db";
import { users, type Plan } from "@/lib/platform/db/collections";
import { rateLimitEnv, type RateLimitEnv } from "@/lib/platform/env";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { clientIp } from "./client-ip";
import {
  checkOverrideNames,
  maxPoints,
  pointsFor,
  resolveLimit,
  type IpLimitName,
  type LimitName,
  type ResolvedLimit,
  type UserLimitName,
} from "./limits";
import { openStore, type LimiterStore } from "./store";

interface State {
  env: RateLimitEnv;
  store: Promise<LimiterStore>;
  limiters: Map<string, RateLimiterAbstract>;
  readyWaited: boolean;
}

let state: State | null = null;

function current(): State {
  if (!state) {
    const env = rateLimitEnv();
    checkOverrideNames(env.overrides);
    state = { env, store: openStore(env), limiters: new Map(), readyWaited: false };
  }
  return state;
}

/** Closes the store and forgets the configuration (tests that change RATE_LIMIT_* between cases; shutdown). */
export async function resetRateLimits(): Promise<void> {
  const s = state;
  state = null;
  if (s) await (await s.store).close();
}

async function limiterFor(s: State, limit: ResolvedLimit): Promise<RateLimiterAbstract> {
  const store = await s.store;
  if (!s.readyWaited) {
    s.readyWaited = true;
    await store.ready(1000);
  }
  const points = maxPoints(limit);
  const duration = limit.window === "day" ? 86_400 : limit.window;
  const id = `${limit.name}:${points}:${duration}`;
  let limiter = s.limiters.get(id);
  if (!limiter) {
    limiter = store.limiter({ keyPrefix: `pf:${limit.name}`, points, duration });
    s.limiters.set(id, limiter);
  }
  return limiter;
}

export interface Spent {
  /** Calls left in this window (for this plan). */
  remaining: number;
  /** When the window ends. */
  resetAt: Date;
}

/**
 * Spends one call of `name` for `subject` (a uid or an IP bucket), or throws
 * the 429. `plan` picks the plan's allowance of per-plan limits.
 */
export async function spend(name: LimitName, subject: string, opts: { plan?: Plan; now?: Date } = {}): Promise<Spent> {
  const s = current();
  const limit = resolveLimit(name, s.env);
  const plan = opts.plan ?? "free";
  const allowed = pointsFor(limit, plan);
  const now = opts.now ?? new Date();
  let key = subject;
  let options: { customDuration: number } | undefined;
  if (limit.window === "day") {
    // A calendar day (UTC): the key names the day and expires at the next midnight.
    const day = now.toISOString().slice(0, 10);
    key = `${subject}:${day}`;
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    options = { customDuration: Math.max(1, Math.ceil((midnight - now.getTime()) / 1000)) };
  }
  const limiter = await limiterFor(s, limit);
  let res: RateLimiterRes;
  try {
    res = await limiter.consume(key, 1, options);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    throw tooMany(limit, allowed, plan, e.msBeforeNext);
  }
  // One counter per limit; a plan with a smaller allowance stops below the store's (largest) one.
  if (res.consumedPoints > allowed) throw tooMany(limit, allowed, plan, res.msBeforeNext);
  return {
    remaining: Math.max(0, allowed - res.consumedPoints),
    resetAt: new Date(now.getTime() + Math.max(0, res.msBeforeNext)),
  };
}

/** Spends one call of a per-user limit; per-plan limits read the user's plan. */
export async function limitUser(name: UserLimitName, uid: string): Promise<Spent> {
  const limit = resolveLimit(name, current().env);
  const plan = "all" in limit.points ? undefined : await planOf(uid);
  return spend(name, `u:${uid}`, { plan });
}

/** Spends one call of an API key's own limit (`api_key`, by its owner's plan), on top of the call's per-user limit. */
export async function limitApiKey(keyId: string, ownerUid: string): Promise<Spent> {
  return spend("api_key", `k:${keyId}`, { plan: await planOf(ownerUid) });
}

/** Spends one call of a per-IP limit for the request's client address (see client-ip.ts). */
export async function limitIp(name: IpLimitName, request: Request): Promise<Spent> {
  return spend(name, `ip:${clientIp(request.headers, current().env.trustProxyHops)}`);
}

async function planOf(uid: string): Promise<Plan> {
  return (await getDb().collection(users).doc(uid).get())?.data.plan ?? "free";
}

const PLAN_NAMES: Record<Plan, string> = { free: "Free", pro: "Pro", team: "Team" };

function tooMany(limit: ResolvedLimit, allowed: number, plan: Plan, msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const headers = { "Retry-After": String(seconds) };
  const wait = waitPhrase(seconds);
  if (limit.window === "day") {
    const perPlan = "all" in limit.points ? null : limit.points;
    const whose = perPlan ? `the ${PLAN_NAMES[plan]} plan's` : "the";
    const again =
      limit.name === "storyboard" ? "Storyboards stay free; the count starts again" : "The count starts again";
    const bigger = perPlan ? (Object.entries(perPlan) as [Plan, number][]).find(([, n]) => n > allowed) : undefined;
    const upgrade = bigger ? ` The ${PLAN_NAMES[bigger[0]]} plan allows ${bigger[1]} a day.` : "";
    return new ApiError(
      "rate_limited",
      `You have reached ${whose} cap of ${allowed} ${limit.noun} a day. ${again} at midnight UTC, ${wait}.${upgrade}`,
      { headers },
    );
  }
  return new ApiError(
    "rate_limited",
    `Too many ${limit.noun}: at most ${allowed} ${windowPhrase(limit.window)}. Try again ${wait}.`,
    { headers },
  );
}

function windowPhrase(seconds: number): string {
  if (seconds === 60) return "a minute";
  if (seconds === 3600) return "an hour";
  if (seconds === 86_400) return "a day";
  if (seconds % 3600 === 0) return `every ${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `every ${seconds / 60} minutes`;
  return `every ${seconds} seconds`;
}

/** "in 42 seconds", "in 3 minutes", "in 2 hours 5 minutes". */
export function waitPhrase(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (seconds < 60) return `in ${unit(seconds, "second")}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in ${unit(minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `in ${unit(hours, "hour")}${rest ? ` ${unit(rest, "minute")}` : ""}`;
}
