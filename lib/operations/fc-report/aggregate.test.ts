import { aggregateCalls, callsPerDay, percentile, type CallRecord } from "./aggregate";

const rec = (o: Partial<CallRecord>): CallRecord => ({
  model_id: "m1",
  kind: "tool",
  name: "count_documents",
  feature: "chat",
  valid: true,
  error_kind: null,
  latency_ms: 100,
  input_tokens: 10,
  output_tokens: 2,
  created_at: "2026-03-02T10:00:00.000Z",
  ...o,
});

it("takes nearest-rank percentiles", () => {
  const ten = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
  expect(percentile(ten, 0.5)).toBe(50);
  expect(percentile(ten, 0.95)).toBe(100);
  expect(percentile([7], 0.95)).toBe(7);
  expect(percentile([], 0.5)).toBeNull();
});

it("groups by model × kind × name with rates, error counts, latency and tokens", () => {
  const records = [
    ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((latency_ms) => rec({ latency_ms })),
    rec({ valid: false, error_kind: "schema", latency_ms: 5 }),
    rec({ valid: false, error_kind: "missing_argument", latency_ms: 5 }),
    rec({ valid: false, error_kind: "wrong_tool", latency_ms: 5, feature: "eval2" }),
    rec({ valid: false, error_kind: "schema", latency_ms: 5 }),
    rec({ model_id: "m2" }),
    rec({ kind: "structured", name: "video_plan", feature: "video.writer", input_tokens: null }),
  ];
  const rows = aggregateCalls(records);
  expect(rows.map((r) => [r.model_id, r.kind, r.name, r.calls])).toEqual([
    ["m1", "tool", "count_documents", 14],
    ["m1", "structured", "video_plan", 1],
    ["m2", "tool", "count_documents", 1],
  ]);
  const top = rows[0]!;
  expect(top).toMatchObject({
    valid: 10,
    schema_errors: 2,
    wrong_tool: 1,
    missing_argument: 1,
    execution_errors: 0,
    input_tokens: 140,
    output_tokens: 28,
    features: ["chat", "eval2"],
  });
  expect(top.valid_rate).toBeCloseTo(10 / 14);
  expect(top.schema_error_rate).toBeCloseTo(2 / 14);
  // 14 latencies: four 5s then 10..100 → p50 = 7th = 30, p95 = 14th = 100.
  expect(top.latency_p50).toBe(30);
  expect(top.latency_p95).toBe(100);
  expect(rows[1]!.input_tokens).toBe(0);
});

it("counts calls per day, with the empty days of the range", () => {
  const days = callsPerDay(
    [rec({}), rec({ valid: false }), rec({ created_at: "2026-03-04T23:59:00.000Z" })],
    new Date("2026-03-01T12:00:00Z"),
    new Date("2026-03-04T12:00:00Z"),
  );
  expect(days).toEqual([
    { day: "2026-03-01", calls: 0, valid: 0 },
    { day: "2026-03-02", calls: 2, valid: 1 },
    { day: "2026-03-03", calls: 0, valid: 0 },
    { day: "2026-03-04", calls: 1, valid: 1 },
  ]);
});
