/**
 * Designs (lib/creation/designs/contract.ts): one SWR hook per resource — the
 * options, one design (polled while it exports), its still-preview props,
 * my recent drafts, the kind of a content item — and the calls that change
 * them. Errors are ApiClientError (status, code, field issues).
 */
import useSWR from "swr";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type {
  CreateDesignInput,
  DesignOptions,
  DesignView,
  DraftSummary,
  EditDesignInput,
  ExportDesignInput,
} from "@/lib/creation/designs/contract";
import type { SceneImageInput } from "@/lib/creation/video/contract";
import { apiFetch, apiRequest, type ApiClientError, fetcher } from "@/lib/client/api";
import { announceWork } from "./work-events";

export const DESIGNS_PATH = "/api/v1/designs";
export const DESIGN_OPTIONS_PATH = `${DESIGNS_PATH}/options`;
export const DRAFTS_PATH = "/api/v1/drafts";
export const DESIGN_POLL_MS = 1000;

export function designPath(id: string): string {
  return `${DESIGNS_PATH}/${encodeURIComponent(id)}`;
}

export function isExporting(design: Pick<DesignView, "status" | "export">): boolean {
  return design.status === "exporting" || design.export?.state === "queued" || design.export?.state === "running";
}

const quietRetry = (error: ApiClientError) => error.status >= 500 || error.status === 0;

/** The options; with a product id, that product's name and picture too (the new-design flow from /product). */
export function useDesignOptions(productId: string | null = null) {
  return useSWR<DesignOptions, ApiClientError>(
    productId ? `${DESIGN_OPTIONS_PATH}?product=${encodeURIComponent(productId)}` : DESIGN_OPTIONS_PATH,
    fetcher,
    { revalidateOnFocus: false, shouldRetryOnError: quietRetry },
  );
}

/** One of my designs; polls while it exports (the server holds the progress, so a reload picks it up). */
export function useDesign(id: string | null) {
  return useSWR<DesignView, ApiClientError>(id ? designPath(id) : null, fetcher, {
    revalidateOnFocus: false,
    dedupingInterval: 0,
    refreshInterval: (d) => (d && isExporting(d) ? DESIGN_POLL_MS : 0),
    shouldRetryOnError: quietRetry,
  });
}

export function useDesignPlayer(id: string | null) {
  return useSWR<{ props: RenderProps; revision: number }, ApiClientError>(
    id ? `${designPath(id)}/player` : null,
    fetcher,
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
      shouldRetryOnError: quietRetry,
    },
  );
}

export function useRecentDrafts() {
  return useSWR<DraftSummary[], ApiClientError>(DRAFTS_PATH, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: quietRetry,
  });
}

export interface ContentRefView {
  id: string;
  kind: "image" | "design" | "video" | "page";
  title: string;
  status: string;
  visibility: "private" | "public";
}

/** The kind of one of my items (the shared editor and share screens dispatch on it). */
export function useContentRef(id: string | null) {
  return useSWR<ContentRefView, ApiClientError>(id ? `/api/v1/content/${encodeURIComponent(id)}` : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: quietRetry,
  });
}

/* ------------------------------------------------------------------ calls */

export function createDesign(input: CreateDesignInput): Promise<DesignView> {
  return apiFetch<DesignView>(DESIGNS_PATH, { method: "POST", body: input });
}

/** 409 with issue `revision` (edited elsewhere) or `state` (exporting). */
export function editDesign(id: string, input: EditDesignInput): Promise<DesignView> {
  return apiFetch<DesignView>(designPath(id), { method: "PATCH", body: input });
}

export function resizeDesign(id: string, ratios: CompositionRatio[]): Promise<DesignView[]> {
  return apiFetch<DesignView[]>(`${designPath(id)}/resize`, { method: "POST", body: { aspect_ratios: ratios } });
}

/** 202; 402 when short of credits. */
export function exportDesign(id: string, input: ExportDesignInput): Promise<DesignView> {
  return announceWork(apiFetch<DesignView>(`${designPath(id)}/export`, { method: "POST", body: input }));
}

export async function deleteDesign(id: string): Promise<void> {
  await apiRequest<null>(designPath(id), { method: "DELETE" });
}

export function duplicateDesign(id: string): Promise<DesignView> {
  return apiFetch<DesignView>(`${designPath(id)}/duplicate`, { method: "POST" });
}

export function shareDesign(id: string, isPublic: boolean): Promise<DesignView> {
  return apiFetch<DesignView>(`${designPath(id)}/share`, { method: "PUT", body: { public: isPublic } });
}

export function setDesignImage(id: string, sceneId: string, input: SceneImageInput): Promise<DesignView> {
  return apiFetch<DesignView>(`${designPath(id)}/scenes/${encodeURIComponent(sceneId)}/image`, {
    method: "POST",
    body: input,
  });
}
