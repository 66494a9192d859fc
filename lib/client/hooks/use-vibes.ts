/** Vibes (style presets): the built-in ones plus mine, and the calls that change mine. */
import useSWR from "swr";
import type { Vibe, VibeInput } from "@/lib/media/images/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";

export const VIBES_PATH = "/api/v1/vibes";

export function useVibes() {
  return useSWR<{ vibes: Vibe[] }, ApiClientError>(VIBES_PATH, fetcher, {
    revalidateOnFocus: false,
  });
}

function vibePath(id: string): string {
  return `${VIBES_PATH}/${encodeURIComponent(id)}`;
}

export function createVibe(input: VibeInput): Promise<Vibe> {
  return apiFetch<Vibe>(VIBES_PATH, { method: "POST", body: input });
}

export function updateVibe(id: string, input: Partial<VibeInput>): Promise<Vibe> {
  return apiFetch<Vibe>(vibePath(id), { method: "PATCH", body: input });
}

export function deleteVibe(id: string): Promise<{ deleted: number }> {
  return apiFetch<{ deleted: number }>(vibePath(id), { method: "DELETE" });
}
