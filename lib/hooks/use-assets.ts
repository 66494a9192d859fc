/** My reference images (the same assets as /assets): list, upload (multipart), delete. */
import type { AssetItem } from "@/lib/api/images-contract";
import { ApiClientError, CLIENT_ERROR_CODES, apiFetch } from "@/lib/swr/fetcher";
import { pageUrl, useCursorPages } from "./use-images";

export const ASSETS_PATH = "/api/v1/assets";
export const ACCEPTED_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** `enabled: false` fetches nothing (a screen that may not need the list). */
export function useAssets(enabled = true) {
  return useCursorPages<AssetItem>((cursor) => (enabled ? pageUrl({ path: ASSETS_PATH, cursor }) : null));
}

/** A sentence when the browser can already tell the file will be refused, else null. */
export function uploadProblem(file: Pick<File, "type" | "name">): string | null {
  if (!(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return `"${file.name}" is not a PNG, JPEG or WebP image.`;
  }
  return null;
}

/**
 * POST multipart "file". apiFetch only sends JSON, so this is the one raw
 * fetch; it reads the same `{ data }` / `{ error }` envelope.
 */
export async function uploadAsset(file: File, signal?: AbortSignal): Promise<AssetItem> {
  const form = new FormData();
  form.set("file", file);
  let response: Response;
  try {
    response = await fetch(ASSETS_PATH, { method: "POST", body: form, credentials: "same-origin", signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiClientError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: "Could not reach the server. Check your connection and try again.",
      cause,
    });
  }
  const json = (await response.json().catch(() => undefined)) as
    | { data?: AssetItem; error?: { code?: string; message?: string } }
    | undefined;
  if (!response.ok || !json?.data) {
    throw new ApiClientError({
      status: response.status,
      code: json?.error?.code ?? (response.ok ? CLIENT_ERROR_CODES.invalidResponse : CLIENT_ERROR_CODES.unknown),
      message: json?.error?.message ?? `The upload failed (${response.status}).`,
    });
  }
  return json.data;
}

export function deleteAsset(id: string): Promise<unknown> {
  return apiFetch<unknown>(`${ASSETS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" });
}
