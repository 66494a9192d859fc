"use client";
/** The developer screen's API keys calls (lib/access/api-keys/contract.ts). */
import useSWR from "swr";
import type { ApiKeyView, CreatedApiKey, NewApiKeyInput } from "@/lib/access/api-keys/contract";
import { apiFetch, fetcher, type ApiClientError } from "@/lib/client/api";

export const API_KEYS_PATH = "/api/v1/keys";

export function useApiKeys() {
  return useSWR<ApiKeyView[], ApiClientError>(API_KEYS_PATH, fetcher);
}

export function createApiKey(input: NewApiKeyInput): Promise<CreatedApiKey> {
  return apiFetch<CreatedApiKey>(API_KEYS_PATH, { method: "POST", body: input });
}

export function revokeApiKey(id: string): Promise<ApiKeyView> {
  return apiFetch<ApiKeyView>(`${API_KEYS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" });
}
