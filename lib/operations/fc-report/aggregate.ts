/**
 * The report's arithmetic, pure: function-call records grouped by model ×
 * kind × name (tool or structured-output schema) with rates, error counts,
 * latency percentiles (nearest rank) and tokens, plus calls per day.
 */
import type { FunctionCallDoc } from "@/lib/platform/ai/calls/collections";
import type { ReportRow, TrendDay } from "./contract";

export type CallRecord = Pick<
  FunctionCallDoc,
  | "model_id"
  | "kind"
  | "name"
  | "feature"
  | "valid"
  | "error_kind"
  | "latency_ms"
  | "input_tokens"
  | "output_tokens"
  | "created_at"
>;

/** Nearest-rank percentile of `values` (q in 0..1); null for none. */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

const rate = (n: number, d: number) => (d === 0 ? 0 : n / d);

export function aggregateCalls(records: readonly CallRecord[]): ReportRow[] {
  const groups = new Map<string, CallRecord[]>();
  for (const r of records) {
    const key = `${r.model_id}\u0000${r.kind}\u0000${r.name}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const rows: ReportRow[] = [];
  for (const list of groups.values()) {
    const first = list[0]!;
    const count = (k: string) => list.filter((r) => r.error_kind === k).length;
    const valid = list.filter((r) => r.valid).length;
    const latencies = list.map((r) => r.latency_ms);
    rows.push({
      model_id: first.model_id,
      kind: first.kind,
      name: first.name,
      features: [...new Set(list.map((r) => r.feature))].sort(),
      calls: list.length,
      valid,
      valid_rate: rate(valid, list.length),
      schema_errors: count("schema"),
      schema_error_rate: rate(count("schema"), list.length),
      wrong_tool: count("wrong_tool"),
      missing_argument: count("missing_argument"),
      execution_errors: count("execution") + count("no_output"),
      latency_p50: percentile(latencies, 0.5),
      latency_p95: percentile(latencies, 0.95),
      input_tokens: list.reduce((n, r) => n + (r.input_tokens ?? 0), 0),
      output_tokens: list.reduce((n, r) => n + (r.output_tokens ?? 0), 0),
    });
  }
  return rows.sort((a, b) => b.calls - a.calls || a.model_id.localeCompare(b.model_id) || a.name.localeCompare(b.name));
}

/** Calls per UTC day from `from` to `to` inclusive, empty days included. */
export function callsPerDay(records: readonly CallRecord[], from: Date, to: Date): TrendDay[] {
  const days = new Map<string, TrendDay>();
  for (
    let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
    t <= to.getTime();
    t += 86_400_000
  ) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.set(day, { day, calls: 0, valid: 0 });
  }
  for (const r of records) {
    const d = days.get(r.created_at.slice(0, 10));
    if (!d) continue;
    d.calls++;
    if (r.valid) d.valid++;
  }
  return [...days.values()];
}

/** One counter key's numbers (lib/platform/ai/calls/counters.ts): calls of one model × kind × name × feature on a day. */
export interface CallTotals {
  day: string;
  model_id: string;
  kind: "tool" | "structured";
  name: string;
  feature: string;
  values: Record<string, number>;
}

/** Nearest-rank percentile of a latency histogram (`l_<bucket>` -> calls); the bucket's value, null for none. */
export function histogramPercentile(
  histogram: ReadonlyMap<number, number>,
  q: number,
  valueOf: (bucket: number) => number,
): number | null {
  const buckets = [...histogram.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [b, n] of buckets) {
    seen += n;
    if (seen >= rank) return valueOf(b);
  }
  return valueOf(buckets.at(-1)![0]);
}

/** aggregateCalls over counter totals instead of records: the same rows, percentiles from the histogram. */
export function aggregateTotals(entries: readonly CallTotals[], valueOf: (bucket: number) => number): ReportRow[] {
  const groups = new Map<string, CallTotals[]>();
  for (const e of entries) {
    const key = `${e.model_id}\u0000${e.kind}\u0000${e.name}`;
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  const rows: ReportRow[] = [];
  for (const list of groups.values()) {
    const first = list[0]!;
    const sum = (f: string) => list.reduce((n, e) => n + (e.values[f] ?? 0), 0);
    const calls = sum("calls");
    if (calls <= 0) continue;
    const histogram = new Map<number, number>();
    for (const e of list) {
      for (const [f, n] of Object.entries(e.values)) {
        if (!f.startsWith("l_")) continue;
        const b = Number(f.slice(2));
        histogram.set(b, (histogram.get(b) ?? 0) + n);
      }
    }
    const valid = sum("valid");
    rows.push({
      model_id: first.model_id,
      kind: first.kind,
      name: first.name,
      features: [...new Set(list.filter((e) => (e.values.calls ?? 0) > 0).map((e) => e.feature))].sort(),
      calls,
      valid,
      valid_rate: rate(valid, calls),
      schema_errors: sum("e_schema"),
      schema_error_rate: rate(sum("e_schema"), calls),
      wrong_tool: sum("e_wrong_tool"),
      missing_argument: sum("e_missing_argument"),
      execution_errors: sum("e_execution") + sum("e_no_output"),
      latency_p50: histogramPercentile(histogram, 0.5, valueOf),
      latency_p95: histogramPercentile(histogram, 0.95, valueOf),
      input_tokens: sum("in_tok"),
      output_tokens: sum("out_tok"),
    });
  }
  return rows.sort((a, b) => b.calls - a.calls || a.model_id.localeCompare(b.model_id) || a.name.localeCompare(b.name));
}

/** callsPerDay over counter totals. */
export function totalsPerDay(entries: readonly CallTotals[], from: Date, to: Date): TrendDay[] {
  const days = callsPerDay([], from, to);
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const e of entries) {
    const d = byDay.get(e.day);
    if (!d) continue;
    d.calls += e.values.calls ?? 0;
    d.valid += e.values.valid ?? 0;
  }
  return days;
}
