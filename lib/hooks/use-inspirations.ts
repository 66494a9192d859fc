/** The curated prompts with their example images (seed data, the same for everyone). */
import useSWR from "swr";
import type { Inspiration } from "@/lib/images/contract";
import { ApiClientError, apiFetch } from "@/lib/swr/fetcher";

export const INSPIRATIONS_PATH = "/api/v1/inspirations";

export function useInspirations() {
  return useSWR<{ inspirations: Inspiration[] }, ApiClientError>(
    INSPIRATIONS_PATH,
    (path: string) => apiFetch<{ inspirations: Inspiration[] }>(path),
    { revalidateOnFocus: false },
  );
}
