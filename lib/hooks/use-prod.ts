/**
 * Production (lib/prod/contract.ts): clients, pipelines and runs for the
 * staff screens. A running run is followed about every 1.5 s. Errors are
 * VideoApiError, so a 422's field issues reach the forms.
 */
import useSWR, { mutate as globalMutate } from "swr";
import type { ClientInput, ClientPatch, ClientSummary, ClientView, CsvSource, PipelineInput, PipelinePatch, PipelineSummary, PipelineView, RunView, TemplateVersionChoice } from "@/lib/prod/contract";
import { CLIENT_ERROR_CODES } from "@/lib/swr/fetcher";
import { VideoApiError, videoFetch } from "./video-api";

export const CLIENTS_PATH = "/api/v1/ops/clients";
export const PIPELINES_PATH = "/api/v1/ops/pipelines";
export const RUN_POLL_MS = 1500;

const enc = encodeURIComponent;
export const clientPath = (id: string) => `${CLIENTS_PATH}/${enc(id)}`;
export const pipelinePath = (id: string) => `${PIPELINES_PATH}/${enc(id)}`;
export const runPath = (pipeId: string, runId: string) => `${pipelinePath(pipeId)}/runs/${enc(runId)}`;

const get = <T,>(p: string) => videoFetch<T>(p);

export function useClients(q: string) {
  return useSWR<ClientSummary[], VideoApiError>(`${CLIENTS_PATH}${q.trim() ? `?q=${enc(q.trim())}` : ""}`, get, { keepPreviousData: true });
}

export function useClient(id: string) {
  return useSWR<ClientView, VideoApiError>(clientPath(id), get);
}

export function usePipelines(clientId?: string) {
  return useSWR<PipelineSummary[], VideoApiError>(`${PIPELINES_PATH}${clientId ? `?client_id=${enc(clientId)}` : ""}`, get);
}

export function usePipeline(id: string) {
  return useSWR<PipelineView, VideoApiError>(pipelinePath(id), get, { refreshInterval: (p) => (p?.runs.some((r) => r.state === "running") ? RUN_POLL_MS * 2 : 0) });
}

/** The published versions of a template (for pinning one); none asked while no template is chosen. */
export function useTemplateVersions(templateId: string | null) {
  return useSWR<TemplateVersionChoice[], VideoApiError>(templateId ? `${PIPELINES_PATH}/template-versions?template_id=${enc(templateId)}` : null, get);
}

export function useRun(pipeId: string, runId: string | null) {
  return useSWR<RunView, VideoApiError>(runId ? runPath(pipeId, runId) : null, get, {
    refreshInterval: (r) => (r && (r.state === "running" || r.deliveries.some((d) => d.state === "waiting" || d.state === "queued")) ? RUN_POLL_MS : 0),
  });
}

/**
 * A new client is in every cached client list at once: the new-pipeline form (opened right after, within SWR's
 * 2 s dedupe window) would otherwise reuse the list from before and show its ?client= as "Pick a client".
 */
export async function createClient(input: ClientInput): Promise<ClientView> {
  const made = await videoFetch<ClientView>(CLIENTS_PATH, { method: "POST", body: input });
  await globalMutate((key) => typeof key === "string" && (key === CLIENTS_PATH || key.startsWith(`${CLIENTS_PATH}?`)));
  return made;
}
export const updateClient = (id: string, patch: ClientPatch) => videoFetch<ClientView>(clientPath(id), { method: "PATCH", body: patch });
export const archiveClient = (id: string, revision: number) => videoFetch<ClientView>(`${clientPath(id)}?revision=${revision}`, { method: "DELETE" });

type WithSecret = PipelineView & { webhook_secret: string | null };
export const createPipeline = (input: PipelineInput) => videoFetch<WithSecret>(PIPELINES_PATH, { method: "POST", body: input });
export const updatePipeline = (id: string, patch: PipelinePatch) => videoFetch<WithSecret>(pipelinePath(id), { method: "PATCH", body: patch });
export const archivePipeline = (id: string, revision: number) => videoFetch<PipelineView>(`${pipelinePath(id)}?revision=${revision}`, { method: "DELETE" });
export const rotateWebhookSecret = (id: string) => videoFetch<{ webhook_secret: string }>(`${pipelinePath(id)}/webhook-secret`, { method: "POST" });
export const startRun = (pipeId: string) => videoFetch<RunView>(`${pipelinePath(pipeId)}/runs`, { method: "POST" });
export const retryRun = (pipeId: string, runId: string, itemIds?: string[]) => videoFetch<RunView>(`${runPath(pipeId, runId)}/retry`, { method: "POST", body: itemIds ? { item_ids: itemIds } : {} });
export const cancelRun = (pipeId: string, runId: string) => videoFetch<RunView>(`${runPath(pipeId, runId)}/cancel`, { method: "POST" });

/** Sends the CSV file's bytes as they are: the server checks the encoding and the rows. */
export async function uploadPipelineCsv(file: File): Promise<CsvSource> {
  let response: Response;
  try {
    response = await fetch(`${PIPELINES_PATH}/csv?name=${enc(file.name)}`, { method: "POST", headers: { "Content-Type": "text/csv", Accept: "application/json" }, body: file, credentials: "same-origin", cache: "no-store" });
  } catch (cause) {
    throw new VideoApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: "Could not reach the server. Check your connection and try again.", cause });
  }
  const json = (await response.json().catch(() => null)) as { data?: CsvSource; error?: { code: string; message: string; issues?: { path: string; message: string }[] } } | null;
  if (!response.ok || !json?.data) {
    throw new VideoApiError({ status: response.status, code: json?.error?.code ?? CLIENT_ERROR_CODES.unknown, message: json?.error?.message ?? `The server answered ${response.status}.`, issues: json?.error?.issues });
  }
  return json.data;
}
