/**
 * Prompt testing (lib/operations/prompt-testing/contract.ts): the overview (prompts, suites,
 * models), one prompt with its versions, runs (followed while one is going)
 * and one run's matrix, plus the calls that change them. Errors are
 * ApiClientError, so a 422's issues (a broken regex) reach the editor.
 */
import useSWR from "swr";
import type {
  NewRunInput,
  NewVersionInput,
  PromptView,
  PromptsOverview,
  RunSummary,
  RunView,
  SuiteInput,
  SuiteView,
} from "@/lib/operations/prompt-testing/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";

export const PROMPTS_PATH = "/api/v1/ops/prompts";
export const SUITES_PATH = "/api/v1/ops/prompts/suites";
export const RUNS_PATH = "/api/v1/ops/prompt-runs";
export const RUN_POLL_MS = 1000;

const isLive = (r: { state: string }) => r.state === "queued" || r.state === "running";

export const runPath = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;
export const promptPath = (key: string) => `${PROMPTS_PATH}/${encodeURIComponent(key)}`;

export function usePromptsOverview() {
  return useSWR<PromptsOverview, ApiClientError>(PROMPTS_PATH, fetcher);
}

export function usePrompt(key: string | null) {
  return useSWR<PromptView, ApiClientError>(key ? promptPath(key) : null, fetcher);
}

export function useRuns() {
  return useSWR<RunSummary[], ApiClientError>(RUNS_PATH, fetcher, {
    refreshInterval: (runs) => (runs?.some(isLive) ? RUN_POLL_MS : 0),
  });
}

export function useRun(id: string) {
  return useSWR<RunView, ApiClientError>(runPath(id), fetcher, {
    refreshInterval: (run) => (run && isLive(run) ? RUN_POLL_MS : 0),
  });
}

export const startRun = (input: NewRunInput) => apiFetch<RunSummary>(RUNS_PATH, { method: "POST", body: input });
export const createVersion = (key: string, input: NewVersionInput) =>
  apiFetch<PromptView>(`${promptPath(key)}/versions`, { method: "POST", body: input });
export const createSuite = (input: SuiteInput) => apiFetch<SuiteView>(SUITES_PATH, { method: "POST", body: input });
export const updateSuite = (id: string, revision: number, suite: SuiteInput) =>
  apiFetch<SuiteView>(`${SUITES_PATH}/${encodeURIComponent(id)}`, { method: "PUT", body: { revision, suite } });
