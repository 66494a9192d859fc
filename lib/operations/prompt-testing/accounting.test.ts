import { columnStats, diffCells, matrixCells, matrixColumns, median, totals } from "./accounting";
import { cellKey, type CellResult } from "./contract";

const cell = (
  case_id: string,
  version: number,
  model_id: string,
  passed: boolean,
  latency_ms = 100,
  cost_usd = 0,
): CellResult => ({
  case_id,
  version,
  model_id,
  passed,
  output: "x",
  error: null,
  latency_ms,
  input_tokens: 1,
  output_tokens: 1,
  cost_usd,
  assertions: [],
});

it("a run's matrix is cases × versions × models, each cell once", () => {
  const cells = matrixCells({ caseIds: ["a", "b", "c"], versions: [1, 2], models: ["m1", "m2"] });
  expect(cells).toHaveLength(12);
  expect(new Set(cells.map(cellKey)).size).toBe(12);
  expect(
    matrixColumns({ versions: [1, 2], models: ["m1", "m2"] }, (m) => m.toUpperCase()).map(
      (c) => `${c.key}:${c.model_label}`,
    ),
  ).toEqual(["v1|m1:M1", "v1|m2:M2", "v2|m1:M1", "v2|m2:M2"]);
});

it("pass rates, cost and median latency, overall and per column", () => {
  const cells = [
    cell("a", 1, "m", true, 100, 0.001),
    cell("b", 1, "m", false, 300, 0.002),
    cell("a", 2, "m", true, 200),
    cell("b", 2, "m", true, 50),
  ];
  expect(totals(cells)).toEqual({ passed: 3, total: 4, pass_rate: 0.75, cost_usd: 0.003, latency_p50_ms: 150 });
  const [v1, v2] = columnStats(
    matrixColumns({ versions: [1, 2], models: ["m"] }, (m) => m),
    cells,
  );
  expect(v1).toMatchObject({ key: "v1|m", passed: 1, total: 2, pass_rate: 0.5, latency_p50_ms: 200 });
  expect(v2).toMatchObject({ passed: 2, pass_rate: 1 });
  expect(totals([]).pass_rate).toBeNull();
  expect(median([5, 1, 3])).toBe(3);
});

it("the diff with the previous run marks cells that flipped pass↔fail", () => {
  const prev = [cell("a", 1, "m", true), cell("b", 1, "m", false), cell("c", 1, "m", true)];
  const now = [cell("a", 1, "m", false), cell("b", 1, "m", true), cell("c", 1, "m", true), cell("d", 1, "m", true)];
  expect(diffCells(now, prev)).toEqual({ "a|1|m": "broke", "b|1|m": "fixed", "c|1|m": "same", "d|1|m": "new" });
  expect(Object.values(diffCells(now, null)).every((c) => c === "new")).toBe(true);
});
