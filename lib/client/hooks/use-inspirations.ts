/** The curated prompts with their example images (seed data, the same for everyone). */
import useSWR from "swr";
import type { Inspiration } from "@/lib/media/images/contract";
import { ApiClientError, fetcher } from "@/lib/client/api";

export const INSPIRATIONS_PATH = "/api/v1/inspirations";

export function useInspirations() {
  return useSWR<{ inspirations: Inspiration[] }, ApiClientError>(INSPIRATIONS_PATH, fetcher, {
    revalidateOnFocus: false,
  });
}
