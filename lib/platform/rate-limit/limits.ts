/**
 * Every rate limit as data: what it counts, whose (a signed-in user's uid or
 * the caller's IP address), how many calls a window allows and how long the
 * window is. A route names its limit in one line (`withUser(h, { limit })`,
 * `withErrors(h, { limit })`); RATE_LIMITS and RATE_LIMIT_FACTOR (lib/platform/env.ts)
 * tune the numbers without touching code.
 *
 * The numbers: generous for a person using the screens, small for a script.
 * Each guards something that costs us: a model call, a page fetch, CPU (CSV,
 * audio), or work done for anyone on the internet (sign-up, shared files).
 */
import type { Plan } from "@/lib/platform/db/collections";

export type LimitSubject = "user" | "ip";

export interface LimitDef {
  subject: LimitSubject;
  /** What is counted, plural, for the 429 message ("link look-ups"). */
  noun: string;
  /** Calls allowed per window; a record gives each plan its own (only for `subject: "user"`). */
  points: number | Readonly<Record<Plan, number>>;
  /** Seconds, or "day": the calendar day in UTC (the count starts again at midnight UTC). */
  window: number | "day";
}

export const LIMITS = {
  // --- per signed-in user: model calls, page fetches, CPU
  /** A brief (or a link's facts) → a planned video: a language-model call. Free to the person, capped per day by plan. */
  storyboard: { subject: "user", noun: "storyboards", points: { free: 20, pro: 200, team: 1000 }, window: "day" },
  /** POST /links/extract: fetches and parses a web page. */
  link_extract: { subject: "user", noun: "link look-ups", points: 60, window: 3600 },
  /** A scene's or page's picture generated in the editor (paid providers also cost credits). */
  scene_picture: { subject: "user", noun: "generated pictures", points: 60, window: 3600 },
  /** Stock photo and clip searches (Pexels allows about 200 calls an hour for the whole app; results are cached). */
  stock_search: { subject: "user", noun: "stock searches", points: 60, window: 3600 },
  /** A voice's spoken sample (speech synthesis; cached per voice, so most calls are cheap). */
  voice_sample: { subject: "user", noun: "voice samples", points: 120, window: 3600 },
  /** A video's quick preview (a small "Draft" render, free): renderer time, and any missing scene pictures it makes. */
  video_preview: { subject: "user", noun: "quick previews", points: 10, window: 3600 },
  /** Image generations cost credits; this only stops a script from queueing thousands. */
  image_generate: { subject: "user", noun: "image generations", points: 300, window: 3600 },
  /** A CSV parsed for its preview (bulk batches, pipelines). */
  csv_preview: { subject: "user", noun: "CSV previews", points: 60, window: 3600 },
  /** Staff chat: each message is a model call with tools. */
  chat_message: { subject: "user", noun: "chat messages", points: 120, window: 3600 },
  /** Studio layout generation: a model call per request. */
  layout_gen: { subject: "user", noun: "layout generations", points: 30, window: 3600 },
  /** Staff prompt-test runs and function-call evals: each queues many model calls. */
  staff_model_run: { subject: "user", noun: "model test runs", points: 30, window: 3600 },

  /** Every call made with one API key (`Bearer pf_…`), per minute by its owner's plan: a program's own budget. */
  api_key: { subject: "user", noun: "API calls with this key", points: { free: 60, pro: 300, team: 1200 }, window: 60 },

  // --- per IP address: what answers without sign-in
  /** A new profile (the first login of an account): free credits are at stake. */
  signup: { subject: "ip", noun: "new accounts", points: 5, window: 3600 },
  /** Shared files behind public pages (content, videos, pages): a lookup and a signed URL each. */
  public_media: { subject: "ip", noun: "shared-file requests", points: 600, window: 60 },
  /** Reports about items in the public gallery: anyone may send one, a script may not bury staff in them. */
  gallery_report: { subject: "ip", noun: "gallery reports", points: 10, window: 3600 },
  /** Signed blob URLs (local storage driver): every picture and video the app shows. */
  blob: { subject: "ip", noun: "file requests", points: 3000, window: 60 },
  /** The billing webhook: Stripe sends from a few addresses; anyone else gets a signature check. */
  webhook: { subject: "ip", noun: "webhook calls", points: 600, window: 60 },
} as const satisfies Record<string, LimitDef>;

export type LimitName = keyof typeof LIMITS;
export type UserLimitName = { [K in LimitName]: (typeof LIMITS)[K]["subject"] extends "user" ? K : never }[LimitName];
export type IpLimitName = { [K in LimitName]: (typeof LIMITS)[K]["subject"] extends "ip" ? K : never }[LimitName];

export function isLimitName(value: string): value is LimitName {
  return Object.hasOwn(LIMITS, value);
}

/** A limit after the environment's overrides and factor: what the limiter enforces. */
export interface ResolvedLimit {
  name: LimitName;
  subject: LimitSubject;
  noun: string;
  /** Per plan, or the same for everyone (`all`). */
  points: { all: number } | Readonly<Record<Plan, number>>;
  window: number | "day";
}

export interface LimitTuning {
  factor: number;
  overrides: Record<string, { points?: number; duration?: number }>;
}

/** Applies RATE_LIMITS (an override's points apply to every plan) and RATE_LIMIT_FACTOR. */
export function resolveLimit(name: LimitName, tuning: LimitTuning): ResolvedLimit {
  const def: LimitDef = LIMITS[name];
  const over = tuning.overrides[name] ?? {};
  const scale = (n: number) => Math.max(1, Math.round(n * tuning.factor));
  let points: ResolvedLimit["points"];
  if (over.points !== undefined) points = { all: scale(over.points) };
  else if (typeof def.points === "number") points = { all: scale(def.points) };
  else
    points = Object.fromEntries(Object.entries(def.points).map(([plan, n]) => [plan, scale(n)])) as Record<
      Plan,
      number
    >;
  return { name, subject: def.subject, noun: def.noun, points, window: over.duration ?? def.window };
}

/** Unknown names in RATE_LIMITS are a configuration mistake: say so at the first limited call. */
export function checkOverrideNames(overrides: Record<string, unknown>): void {
  const unknown = Object.keys(overrides).filter((n) => !isLimitName(n));
  if (unknown.length) {
    throw new Error(
      `RATE_LIMITS names unknown limits: ${unknown.join(", ")}. Known: ${Object.keys(LIMITS).join(", ")}.`,
    );
  }
}

export function pointsFor(limit: ResolvedLimit, plan: Plan): number {
  return "all" in limit.points ? limit.points.all : limit.points[plan];
}

/** The largest allowance of a limit: the store counts up to it, plans compare below it. */
export function maxPoints(limit: ResolvedLimit): number {
  return Math.max(...Object.values(limit.points));
}
