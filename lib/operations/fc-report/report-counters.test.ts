/**
 * The report read from the store's counters equals the report aggregated from
 * the records (what it did before counters), for every range and feature
 * filter, on a seeded store with calls spread over hours and days around the
 * range edges. Latency percentiles are those of the bucketed latencies (the
 * counters keep a histogram: exact below 100 ms, within 2 % above).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { functionCalls, type FunctionCallDoc } from "@/lib/platform/ai/calls/collections";
import { bucketLatency, latencyBucket } from "@/lib/platform/ai/calls/counters";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { allCollections } from "@/lib/registry/collections";
import { aggregateCalls, callsPerDay } from "./aggregate";
import { RANGES, type RangeKey } from "./contract";
import { EVAL_FEATURE } from "./eval-run";
import { buildReport } from "./service";

const dir = mkdtempSync(path.join(tmpdir(), "pf-fc-counters-"));
const db = new Db(
  new EmbeddedDriver({ file: path.join(dir, "t.sqlite"), collections: allCollections }),
  allCollections,
);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const now = new Date("2026-11-27T08:37:12.345Z");
let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

function record(at: number): FunctionCallDoc {
  const error_kind = pick([
    null,
    null,
    null,
    "schema",
    "wrong_tool",
    "missing_argument",
    "execution",
    "no_output",
  ] as const);
  return {
    feature: pick(["chat", "video.writer", "layout.generator", EVAL_FEATURE]),
    model_id: pick(["local/preview", "openai/gpt-4.1-mini"]),
    provider: "p",
    kind: pick(["tool", "structured"] as const),
    name: pick(["lookup_user", "count_content", "script"]),
    arguments: null,
    valid: error_kind === null,
    error_kind,
    error: null,
    latency_ms: rand() < 0.3 ? Math.floor(rand() * 100) : rand() * 20_000,
    input_tokens: rand() < 0.2 ? null : Math.floor(rand() * 900),
    output_tokens: Math.floor(rand() * 300),
    owner_id: null,
    ref_id: null,
    created_at: new Date(at).toISOString(),
  };
}

const records: FunctionCallDoc[] = [];

beforeAll(async () => {
  // 1,500 calls over the last 95 days, more of them near now and near each range's first hour.
  const edges = Object.values(RANGES).map((d) => now.getTime() - d * 86_400_000);
  for (let i = 0; i < 1500; i++) {
    const near = rand() < 0.4 ? pick(edges) + (rand() - 0.5) * 4 * 3_600_000 : now.getTime() - rand() * 95 * 86_400_000;
    records.push(record(Math.min(near, now.getTime())));
  }
  for (let i = 0; i < records.length; i += 400) {
    const b = db.batch();
    for (const r of records.slice(i, i + 400)) b.create(db.collection(functionCalls).doc(), r);
    await b.commit();
  }
});

function expected(range: RangeKey, feature?: string) {
  const from = new Date(now.getTime() - RANGES[range] * 86_400_000);
  const production = records.filter((r) => r.created_at >= from.toISOString() && r.feature !== EVAL_FEATURE);
  const chosen = (feature ? production.filter((r) => r.feature === feature) : production).map((r) => ({
    ...r,
    latency_ms: bucketLatency(latencyBucket(r.latency_ms)),
  }));
  const valid = chosen.filter((r) => r.valid).length;
  return {
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    total: chosen.length,
    valid_rate: chosen.length ? valid / chosen.length : null,
    rows: aggregateCalls(chosen),
    days: callsPerDay(chosen, from, now),
    features: [...new Set(production.map((r) => r.feature))].sort(),
    capped: false,
  };
}

it.each(Object.keys(RANGES) as RangeKey[])(
  "the %s report from counters equals the records' aggregate",
  async (range) => {
    const got = await buildReport({ db, now: () => now }, { range });
    expect(got.total).toBeGreaterThan(0);
    expect(got).toEqual(expected(range));
    const filtered = await buildReport({ db, now: () => now }, { range, feature: "chat" });
    expect(filtered).toEqual(expected(range, "chat"));
  },
);

it("buckets latency exactly below 100 ms and within 2 % above", () => {
  for (const ms of [0, 1, 42, 99, 100, 101, 250, 1234.5, 19_999, 600_000]) {
    const v = bucketLatency(latencyBucket(ms));
    if (ms < 99.5) expect(v).toBe(Math.round(ms));
    else expect(Math.abs(v - ms) / ms).toBeLessThanOrEqual(0.02);
  }
});
