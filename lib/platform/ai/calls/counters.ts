/**
 * Function calls per model and day (and per hour, for the partial first day of
 * a rolling range), kept by the store on every `function_calls` write: the
 * function-calling report reads these instead of aggregating the records.
 * Key: `d|<day>|<model>|<kind>|<name>|<feature>` or `h|<YYYY-MM-DDTHH>|…`
 * (parts URI-encoded). Latency is a histogram (`l_<bucket>`), so the report's
 * percentiles are those of the bucketed latencies: exact below 100 ms, within
 * 2 % above.
 */
import { defineCounter } from "@/lib/platform/db/counters";
import { functionCalls, type FunctionCallDoc } from "./collections";

const LOG_BASE = Math.log(1.02);

/** The histogram bucket of a latency: its integer ms below 100, else a 2 %-wide band. */
export function latencyBucket(ms: number): number {
  const r = Math.max(0, Math.round(ms));
  if (r < 100) return r;
  return 100 + Math.floor(Math.log(r / 100) / LOG_BASE);
}

/** The value a bucket stands for (its lower bound, rounded to a ms). */
export function bucketLatency(b: number): number {
  return b < 100 ? b : Math.round(100 * Math.exp((b - 100) * LOG_BASE));
}

export type CallKeyParts = { model_id: string; kind: string; name: string; feature: string };

const enc = encodeURIComponent;

export function callKey(scope: "d" | "h", at: string, p: CallKeyParts): string {
  return [scope, at, enc(p.model_id), enc(p.kind), enc(p.name), enc(p.feature)].join("|");
}

export function parseCallKey(key: string): ({ scope: "d" | "h"; at: string } & CallKeyParts) | null {
  const [scope, at, model, kind, name, feature] = key.split("|");
  if ((scope !== "d" && scope !== "h") || !at || feature === undefined) return null;
  return {
    scope,
    at,
    model_id: decodeURIComponent(model!),
    kind: decodeURIComponent(kind!),
    name: decodeURIComponent(name!),
    feature: decodeURIComponent(feature),
  };
}

/** The numbers one call adds. */
export function callValues(
  r: Pick<FunctionCallDoc, "valid" | "error_kind" | "latency_ms" | "input_tokens" | "output_tokens">,
): Record<string, number> {
  const v: Record<string, number> = { calls: 1, valid: r.valid ? 1 : 0 };
  if (r.error_kind) v[`e_${r.error_kind}`] = 1;
  v.in_tok = r.input_tokens ?? 0;
  v.out_tok = r.output_tokens ?? 0;
  v[`l_${latencyBucket(r.latency_ms)}`] = 1;
  return v;
}

export const callsCounter = defineCounter({
  name: "fc_calls",
  source: functionCalls,
  // Every model call writes here: spread so a busy day stays under Firestore's write rate per document.
  shards: 4,
  contributions: (r) => {
    const values = callValues(r);
    return [
      { key: callKey("d", r.created_at.slice(0, 10), r), values },
      { key: callKey("h", r.created_at.slice(0, 13), r), values },
    ];
  },
});
