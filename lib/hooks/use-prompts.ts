/**
 * Prompt testing (lib/prompts/contract.ts): the overview (prompts, suites,
 * models), one prompt with its versions, runs (followed while one is going)
 * and one run's matrix, plus the calls that change them. Errors are
 * VideoApiError, so a 422's issues (a broken regex) reach the editor.
 */
import useSWR from "swr";
import type { NewRunInput, NewVersionInput, PromptView, PromptsOverview, RunSummary, RunView, SuiteInput, SuiteView } from "@/lib/prompts/contract";
import { SCREEN_HEADER } from "@/lib/update-log/contract";
import { VideoApiError, videoFetch } from "./video-api";

export const PROMPTS_PATH = "/api/v1/ops/prompts";
export const SUITES_PATH = "/api/v1/ops/prompts/suites";
export const RUNS_PATH = "/api/v1/ops/prompt-runs";
export const RUN_POLL_MS = 1000;

const isLive = (r: { state: string }) => r.state === "queued" || r.state === "running";

export const runPath = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;
export const promptPath = (key: string) => `${PROMPTS_PATH}/${encodeURIComponent(key)}`;

/** A change, sent with the screen it came from (for the update log). */
async function send<T>(path: string, method: "POST" | "PUT", body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: { Accept: "application/json", "Content-Type": "application/json", [SCREEN_HEADER]: window.location.pathname }, body: JSON.stringify(body), credentials: "same-origin", cache: "no-store" });
  } catch (cause) {
    throw new VideoApiError({ status: 0, code: "network_error", message: "Could not reach the server. Check your connection and try again.", cause });
  }
  const json = (await response.json().catch(() => null)) as { data?: T; error?: { code: string; message: string; issues?: { path: string; message: string }[] } } | null;
  if (!response.ok || !json || !("data" in json)) {
    throw new VideoApiError({ status: response.status, code: json?.error?.code ?? "unknown_error", message: json?.error?.message ?? `The server answered ${response.status}.`, issues: json?.error?.issues });
  }
  return json.data as T;
}

export function usePromptsOverview() {
  return useSWR<PromptsOverview, VideoApiError>(PROMPTS_PATH, (p: string) => videoFetch<PromptsOverview>(p));
}

export function usePrompt(key: string | null) {
  return useSWR<PromptView, VideoApiError>(key ? promptPath(key) : null, (p: string) => videoFetch<PromptView>(p));
}

export function useRuns() {
  return useSWR<RunSummary[], VideoApiError>(RUNS_PATH, (p: string) => videoFetch<RunSummary[]>(p), {
    refreshInterval: (runs) => (runs?.some(isLive) ? RUN_POLL_MS : 0),
  });
}

export function useRun(id: string) {
  return useSWR<RunView, VideoApiError>(runPath(id), (p: string) => videoFetch<RunView>(p), {
    refreshInterval: (run) => (run && isLive(run) ? RUN_POLL_MS : 0),
  });
}

export const startRun = (input: NewRunInput) => send<RunSummary>(RUNS_PATH, "POST", input);
export const createVersion = (key: string, input: NewVersionInput) => send<PromptView>(`${promptPath(key)}/versions`, "POST", input);
export const createSuite = (input: SuiteInput) => send<SuiteView>(SUITES_PATH, "POST", input);
export const updateSuite = (id: string, revision: number, suite: SuiteInput) => send<SuiteView>(`${SUITES_PATH}/${encodeURIComponent(id)}`, "PUT", { revision, suite });
