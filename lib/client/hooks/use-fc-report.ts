/** The function-calling report's resources (lib/operations/fc-report/contract.ts). */
import useSWR from "swr";
import { apiFetch, fetcher } from "@/lib/client/api";
import type { EvalRunView, ExampleView, RangeKey, ReportView } from "@/lib/operations/fc-report/contract";

const BASE = "/api/v1/ops/function-calls";
export const EVALS_PATH = `${BASE}/evals`;

export function useFcReport(range: RangeKey, feature: string | null) {
  const q = new URLSearchParams({ range, ...(feature ? { feature } : {}) });
  return useSWR<ReportView>(`${BASE}/report?${q}`, fetcher);
}

export function useFailingExamples(range: RangeKey, row: { model_id: string; name: string; kind: string } | null) {
  return useSWR<ExampleView[]>(
    row
      ? `${BASE}/examples?${new URLSearchParams({ range, model_id: row.model_id, name: row.name, kind: row.kind })}`
      : null,
    fetcher,
  );
}

export function useEvalRuns() {
  return useSWR<EvalRunView[]>(EVALS_PATH, fetcher, {
    refreshInterval: (runs) => (runs?.some((r) => r.state === "queued" || r.state === "running") ? 1000 : 0),
  });
}

export function startEvalRun(modelId: string) {
  return apiFetch<EvalRunView>(EVALS_PATH, { method: "POST", body: { model_id: modelId } });
}
