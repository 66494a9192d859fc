/** My assets: list (by kind), upload (one file per request, with progress), read, rename, replace, delete, usage; the brand kit. */
import useSWR from "swr";
import type { AssetItem } from "@/lib/media/images/contract";
import type { AssetKind, AssetPatch, AssetUsage, AssetView } from "@/lib/media/assets/contract";
import type { BrandKitInput, BrandKitView } from "@/lib/creation/brand/contract";
import { ApiClientError, CLIENT_ERROR_CODES, apiFetch, fetcher } from "@/lib/client/api";
import { pageUrl, useCursorPages } from "./use-images";

export const ASSETS_PATH = "/api/v1/assets";
export const BRAND_KIT_PATH = "/api/v1/brand-kit";
/** What the image generator's own dropzone takes (reference pictures). */
export const ACCEPTED_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
const PICTURES: readonly AssetKind[] = ["image", "logo"];

/** `enabled: false` fetches nothing (a screen that may not need the list). Pictures only unless `kinds` says otherwise. */
export function useAssets(enabled = true, kinds: readonly AssetKind[] | null = PICTURES) {
  return useCursorPages<AssetView>((cursor) =>
    enabled ? pageUrl({ path: ASSETS_PATH, cursor, params: { kind: kinds?.join(",") } }) : null,
  );
}

export function useAsset(id: string) {
  return useSWR<AssetView, ApiClientError>(`${ASSETS_PATH}/${encodeURIComponent(id)}`, fetcher, {
    revalidateOnFocus: false,
  });
}

export function useAssetUsage(id: string | null) {
  return useSWR<AssetUsage, ApiClientError>(id ? `${ASSETS_PATH}/${encodeURIComponent(id)}/usage` : null, fetcher, {
    revalidateOnFocus: false,
  });
}

/** A sentence when the browser can already tell the file will be refused, else null. */
export function uploadProblem(file: Pick<File, "type" | "name">): string | null {
  if (!(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return `"${file.name}" is not a PNG, JPEG or WebP image.`;
  }
  return null;
}

function envelopeError(status: number, text: string): ApiClientError {
  let json: { error?: { code?: string; message?: string } } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return new ApiClientError({
    status,
    code: json?.error?.code ?? (status === 0 ? CLIENT_ERROR_CODES.network : CLIENT_ERROR_CODES.unknown),
    message:
      json?.error?.message ??
      (status === 0
        ? "Could not reach the server. Check your connection and try again."
        : `The upload failed (${status}).`),
  });
}

/**
 * Sends one file's bytes as the request body with XMLHttpRequest, the one
 * browser API that reports upload progress. POST creates an asset; PUT to
 * `/{id}/content` replaces one's bytes.
 */
export function sendAssetFile(input: {
  file: File;
  url: string;
  method: "POST" | "PUT";
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<AssetView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const sep = input.url.includes("?") ? "&" : "?";
    xhr.open(input.method, `${input.url}${sep}name=${encodeURIComponent(input.file.name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) input.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const json = JSON.parse(xhr.responseText) as { data?: AssetView };
          if (json.data) return resolve(json.data);
        } catch {
          // falls through to the error below
        }
        return reject(
          new ApiClientError({
            status: xhr.status,
            code: CLIENT_ERROR_CODES.invalidResponse,
            message: "The server answered without the asset.",
          }),
        );
      }
      reject(envelopeError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(envelopeError(0, ""));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    input.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(input.file);
  });
}

/** One file to the library (used by the image generator's and the storyboard's dropzones too). */
export function uploadAsset(
  file: File,
  signal?: AbortSignal,
  opts: { kind?: "logo"; onProgress?: (f: number) => void } = {},
): Promise<AssetItem & AssetView> {
  return sendAssetFile({
    file,
    url: opts.kind ? `${ASSETS_PATH}?kind=${opts.kind}` : ASSETS_PATH,
    method: "POST",
    onProgress: opts.onProgress,
    signal,
  });
}

export function replaceAssetFile(id: string, file: File, onProgress?: (f: number) => void): Promise<AssetView> {
  return sendAssetFile({ file, url: `${ASSETS_PATH}/${encodeURIComponent(id)}/content`, method: "PUT", onProgress });
}

export function patchAsset(id: string, patch: AssetPatch): Promise<AssetView> {
  return apiFetch<AssetView>(`${ASSETS_PATH}/${encodeURIComponent(id)}`, { method: "PATCH", body: patch });
}

export function deleteAsset(id: string, force = false): Promise<unknown> {
  return apiFetch<unknown>(`${ASSETS_PATH}/${encodeURIComponent(id)}${force ? "?force=true" : ""}`, {
    method: "DELETE",
  });
}

export function useBrandKit() {
  return useSWR<BrandKitView, ApiClientError>(BRAND_KIT_PATH, fetcher, { revalidateOnFocus: false });
}

export function saveBrandKit(kit: BrandKitInput): Promise<BrandKitView> {
  return apiFetch<BrandKitView>(BRAND_KIT_PATH, { method: "PUT", body: kit });
}
