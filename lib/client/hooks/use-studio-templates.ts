/**
 * The staff template studio (lib/studio/templates/contract.ts): one SWR hook
 * per resource — the library, a template's page, the dashboard, /remotion-test
 * previews and test renders (polled while they run) — and the calls that change them.
 */
import useSWR from "swr";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import type { ResolveWarning } from "@/lib/engine/composition/resolve";
import type {
  DraftPatchInput,
  PreviewInputRaw,
  TemplateDetail,
  TemplateSummary,
  TestRenderView,
} from "@/lib/studio/templates/contract";
import type { DashboardView } from "@/lib/studio/templates/dashboard";
import type { LibraryStage } from "@/lib/engine/composition/layout-schema";
import { apiFetch, type ApiClientError, fetcher } from "@/lib/client/api";

export const STUDIO_TEMPLATES_PATH = "/api/v1/studio/templates";
export const REMOTION_TEST_PATH = "/api/v1/studio/remotion-test";

export const templatePath = (id: string) => `${STUDIO_TEMPLATES_PATH}/${encodeURIComponent(id)}`;

export function useStudioTemplates() {
  return useSWR<TemplateSummary[], ApiClientError>(STUDIO_TEMPLATES_PATH, fetcher);
}

export function useStudioTemplate(id: string | null) {
  return useSWR<TemplateDetail, ApiClientError>(id ? templatePath(id) : null, fetcher, { revalidateOnFocus: false });
}

export function useTemplateDashboard() {
  return useSWR<DashboardView, ApiClientError>(`${STUDIO_TEMPLATES_PATH}/dashboard`, fetcher);
}

export interface PreviewView {
  props: RenderProps;
  warnings: ResolveWarning[];
  label: string;
}

/** Player props from the server (signed sample pictures); null input = nothing to fetch yet. */
export function useStudioPreview(input: PreviewInputRaw | null) {
  return useSWR<PreviewView, ApiClientError>(
    input ? [`${REMOTION_TEST_PATH}/preview`, JSON.stringify(input)] : null,
    ([path, body]: [string, string]) => apiFetch<PreviewView>(path, { method: "POST", body: JSON.parse(body) }),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
}

export function useTestRenders() {
  return useSWR<TestRenderView[], ApiClientError>(`${REMOTION_TEST_PATH}/renders`, fetcher);
}

const running = (v: TestRenderView | undefined) => v?.state === "queued" || v?.state === "running";

export function useTestRender(id: string | null) {
  return useSWR<TestRenderView, ApiClientError>(
    id ? `${REMOTION_TEST_PATH}/renders/${encodeURIComponent(id)}` : null,
    fetcher,
    {
      refreshInterval: (v) => (running(v) ? 1000 : 0),
    },
  );
}

export function saveDraft(id: string, patch: DraftPatchInput) {
  return apiFetch<TemplateDetail>(`${templatePath(id)}/draft`, { method: "PATCH", body: patch });
}

export function discardTemplateDraft(id: string, revision: number) {
  return apiFetch<TemplateDetail>(`${templatePath(id)}/draft`, { method: "DELETE", body: { revision } });
}

export function moveStage(id: string, revision: number, to: LibraryStage) {
  return apiFetch<TemplateDetail>(`${templatePath(id)}/stage`, { method: "POST", body: { revision, to } });
}

export function publishVersion(id: string, revision: number) {
  return apiFetch<TemplateDetail>(`${templatePath(id)}/publish`, { method: "POST", body: { revision } });
}

export function startTestRender(preview: PreviewInputRaw, width: number) {
  return apiFetch<TestRenderView>(`${REMOTION_TEST_PATH}/renders`, { method: "POST", body: { preview, width } });
}
