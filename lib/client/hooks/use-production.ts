/**
 * Production (lib/operations/production/contract.ts): clients, pipelines and runs for the
 * staff screens. A running run is followed about every 1.5 s. Errors are
 * ApiClientError, so a 422's field issues reach the forms.
 */
import useSWR, { mutate as globalMutate } from "swr";
import type {
  ClientInput,
  ClientPatch,
  ClientSummary,
  ClientView,
  CsvSource,
  PipelineInput,
  PipelinePatch,
  PipelineSummary,
  PipelineView,
  RunView,
  TemplateVersionChoice,
} from "@/lib/operations/production/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";

export const CLIENTS_PATH = "/api/v1/ops/clients";
export const PIPELINES_PATH = "/api/v1/ops/pipelines";
export const RUN_POLL_MS = 1500;

const enc = encodeURIComponent;
export const clientPath = (id: string) => `${CLIENTS_PATH}/${enc(id)}`;
export const pipelinePath = (id: string) => `${PIPELINES_PATH}/${enc(id)}`;
export const runPath = (pipeId: string, runId: string) => `${pipelinePath(pipeId)}/runs/${enc(runId)}`;

export function useClients(q: string) {
  return useSWR<ClientSummary[], ApiClientError>(`${CLIENTS_PATH}${q.trim() ? `?q=${enc(q.trim())}` : ""}`, fetcher, {
    keepPreviousData: true,
  });
}

export function useClient(id: string) {
  return useSWR<ClientView, ApiClientError>(clientPath(id), fetcher);
}

export function usePipelines(clientId?: string) {
  return useSWR<PipelineSummary[], ApiClientError>(
    `${PIPELINES_PATH}${clientId ? `?client_id=${enc(clientId)}` : ""}`,
    fetcher,
  );
}

export function usePipeline(id: string) {
  return useSWR<PipelineView, ApiClientError>(pipelinePath(id), fetcher, {
    refreshInterval: (p) => (p?.runs.some((r) => r.state === "running") ? RUN_POLL_MS * 2 : 0),
  });
}

/** The published versions of a template (for pinning one); none asked while no template is chosen. */
export function useTemplateVersions(templateId: string | null) {
  return useSWR<TemplateVersionChoice[], ApiClientError>(
    templateId ? `${PIPELINES_PATH}/template-versions?template_id=${enc(templateId)}` : null,
    fetcher,
  );
}

export function useRun(pipeId: string, runId: string | null) {
  return useSWR<RunView, ApiClientError>(runId ? runPath(pipeId, runId) : null, fetcher, {
    refreshInterval: (r) =>
      r && (r.state === "running" || r.deliveries.some((d) => d.state === "waiting" || d.state === "queued"))
        ? RUN_POLL_MS
        : 0,
  });
}

/**
 * A new client is in every cached client list at once: the new-pipeline form (opened right after, within SWR's
 * 2 s dedupe window) would otherwise reuse the list from before and show its ?client= as "Pick a client".
 */
export async function createClient(input: ClientInput): Promise<ClientView> {
  const made = await apiFetch<ClientView>(CLIENTS_PATH, { method: "POST", body: input });
  await globalMutate((key) => typeof key === "string" && (key === CLIENTS_PATH || key.startsWith(`${CLIENTS_PATH}?`)));
  return made;
}
export const updateClient = (id: string, patch: ClientPatch) =>
  apiFetch<ClientView>(clientPath(id), { method: "PATCH", body: patch });
export const archiveClient = (id: string, revision: number) =>
  apiFetch<ClientView>(`${clientPath(id)}?revision=${revision}`, { method: "DELETE" });

type WithSecret = PipelineView & { webhook_secret: string | null };
export const createPipeline = (input: PipelineInput) =>
  apiFetch<WithSecret>(PIPELINES_PATH, { method: "POST", body: input });
export const updatePipeline = (id: string, patch: PipelinePatch) =>
  apiFetch<WithSecret>(pipelinePath(id), { method: "PATCH", body: patch });
export const archivePipeline = (id: string, revision: number) =>
  apiFetch<PipelineView>(`${pipelinePath(id)}?revision=${revision}`, { method: "DELETE" });
export const rotateWebhookSecret = (id: string) =>
  apiFetch<{ webhook_secret: string }>(`${pipelinePath(id)}/webhook-secret`, { method: "POST" });
export const startRun = (pipeId: string) => apiFetch<RunView>(`${pipelinePath(pipeId)}/runs`, { method: "POST" });
export const retryRun = (pipeId: string, runId: string, itemIds?: string[]) =>
  apiFetch<RunView>(`${runPath(pipeId, runId)}/retry`, { method: "POST", body: itemIds ? { item_ids: itemIds } : {} });
export const cancelRun = (pipeId: string, runId: string) =>
  apiFetch<RunView>(`${runPath(pipeId, runId)}/cancel`, { method: "POST" });

/** Sends the CSV file's bytes as they are: the server checks the encoding and the rows. */
export function uploadPipelineCsv(file: File): Promise<CsvSource> {
  return apiFetch<CsvSource>(`${PIPELINES_PATH}/csv?name=${enc(file.name)}`, {
    method: "POST",
    file: { body: file, type: "text/csv" },
  });
}
