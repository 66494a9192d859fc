/**
 * The public gallery (lib/creation/gallery/contract.ts): the list anyone sees, my item's
 * "Show in the public gallery" choice, a visitor's report, and the staff hide.
 */
import useSWR from "swr";
import type {
  GalleryChoice,
  GalleryItem,
  GalleryReportInput,
  GalleryStaffState,
} from "@/lib/creation/gallery/contract";
import { apiFetch, fetcher, retryWhenServerFails, type ApiClientError } from "@/lib/client/api";

export const PUBLIC_GALLERY_PATH = "/api/v1/public/gallery";

const choicePath = (id: string) => `/api/v1/content/${encodeURIComponent(id)}/gallery`;
const staffPath = (id: string) => `/api/v1/ops/gallery/${encodeURIComponent(id)}`;

export function usePublicGallery() {
  return useSWR<GalleryItem[], ApiClientError>(PUBLIC_GALLERY_PATH, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function reportGalleryItem(id: string, input: GalleryReportInput): Promise<{ received: boolean }> {
  return apiFetch(`${PUBLIC_GALLERY_PATH}/${encodeURIComponent(id)}/report`, { method: "POST", body: input });
}

/** My item's choice; `null` id waits (the item is still loading). */
export function useGalleryChoice(id: string | null) {
  return useSWR<GalleryChoice, ApiClientError>(id ? choicePath(id) : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function setGalleryChoice(id: string, show: boolean): Promise<GalleryChoice> {
  return apiFetch<GalleryChoice>(choicePath(id), { method: "PUT", body: { show } });
}

export function useGalleryStaffState(id: string | null) {
  return useSWR<GalleryStaffState, ApiClientError>(id ? staffPath(id) : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

export function setGalleryHidden(id: string, hidden: boolean): Promise<GalleryStaffState> {
  return apiFetch<GalleryStaffState>(staffPath(id), { method: "PUT", body: { hidden } });
}
