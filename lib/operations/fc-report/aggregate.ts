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
