/**
 * The browser side of the account routes (contract.ts): the archive download
 * with progress, signing out everywhere and deleting the account. Failures
 * throw the client's ApiClientError (lib/client/api.ts), so the screen branches on `code`.
 */
import { apiFetch, errorFromResponse, networkError, screenHeaders } from "@/lib/client/api";
import {
  ACCOUNT_DELETE_PATH,
  ACCOUNT_EXPORT_PATH,
  SIGN_OUT_EVERYWHERE_PATH,
  type DeleteAccountResult,
} from "@/lib/creation/account/contract";

export interface DownloadedArchive {
  blob: Blob;
  fileName: string;
}

function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]{1,200})"/.exec(disposition ?? "");
  return match?.[1] ?? "promptframe-data.zip";
}

/** Fetches the archive, reporting the bytes received so far as they arrive. */
export async function downloadMyData(
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedArchive> {
  let response: Response;
  try {
    response = await fetch(ACCOUNT_EXPORT_PATH, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { Accept: "application/zip", ...screenHeaders("POST") },
      signal,
    });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok || !response.body) throw await errorFromResponse(response);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress(received);
    }
  } catch (error) {
    throw networkError(error, "The download broke off. Please try again.");
  }
  return {
    blob: new Blob(chunks, { type: "application/zip" }),
    fileName: fileNameOf(response.headers.get("content-disposition")),
  };
}

/** Hands the archive to the browser's downloads, as a link click would. */
export function saveArchive({ blob, fileName }: DownloadedArchive): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function signOutEverywhere(): Promise<{ signed_out: true }> {
  return apiFetch(SIGN_OUT_EVERYWHERE_PATH, { method: "POST" });
}

export function deleteMyAccount(confirmEmail: string): Promise<DeleteAccountResult> {
  return apiFetch(ACCOUNT_DELETE_PATH, { method: "POST", body: { confirm_email: confirmEmail } });
}
