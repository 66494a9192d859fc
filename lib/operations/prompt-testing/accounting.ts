/**
 * Run accounting (pure): the matrix a run makes (cases × versions × models),
 * pass rates, cost and median latency per column and overall, and how each
 * cell changed since the previous finished run of the same suite.
 */
import {
  cellKey,
  cellVerdict,
  columnKey,
  type CellChange,
  type CellResult,
  type ColumnStats,
  type RunColumn,
} from "./contract";

export interface MatrixShape {
  caseIds: readonly string[];
  versions: readonly number[];
  models: readonly string[];
}

/** Every cell of a run, in the order the worker runs them (column by column, case by case). */
export function matrixCells(m: MatrixShape): { case_id: string; version: number; model_id: string }[] {
  const out: { case_id: string; version: number; model_id: string }[] = [];
  for (const version of m.versions)
    for (const model_id of m.models) for (const case_id of m.caseIds) out.push({ case_id, version, model_id });
  return out;
}

export function matrixColumns(
  m: Pick<MatrixShape, "versions" | "models">,
  labelOf: (modelId: string) => string,
): RunColumn[] {
  return m.versions.flatMap((version) =>
    m.models.map((model_id) => ({
      key: columnKey(version, model_id),
      version,
      model_id,
      model_label: labelOf(model_id),
    })),
  );
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

export interface Totals {
  passed: number;
  total: number;
  pass_rate: number | null;
  cost_usd: number;
  latency_p50_ms: number | null;
}

export function totals(cells: readonly CellResult[]): Totals {
  const passed = cells.filter((c) => c.passed).length;
  const cost = cells.reduce((s, c) => s + c.cost_usd, 0);
  return {
    passed,
    total: cells.length,
    pass_rate: cells.length ? passed / cells.length : null,
    cost_usd: Math.round(cost * 1e8) / 1e8,
    latency_p50_ms: median(cells.map((c) => c.latency_ms)),
  };
}

export function columnStats(columns: readonly RunColumn[], cells: readonly CellResult[]): ColumnStats[] {
  return columns.map((col) => ({
    key: col.key,
    ...totals(cells.filter((c) => c.version === col.version && c.model_id === col.model_id)),
  }));
}

/**
 * How each cell of `current` changed since `previous`: fixed (fail → pass),
 * broke (pass → fail), same, or new (no such cell before: a new case,
 * version or model).
 */
export function diffCells(
  current: readonly CellResult[],
  previous: readonly CellResult[] | null,
): Record<string, CellChange> {
  const before = new Map((previous ?? []).map((c) => [cellKey(c), cellVerdict(c)]));
  const out: Record<string, CellChange> = {};
  for (const c of current) {
    const key = cellKey(c);
    const was = before.get(key);
    const now = cellVerdict(c);
    // Only a move between pass and fail is a fix or a break; an incomplete cell proves neither.
    out[key] =
      was === undefined
        ? "new"
        : was === "fail" && now === "pass"
          ? "fixed"
          : was === "pass" && now === "fail"
            ? "broke"
            : "same";
  }
  return out;
}
