/** The model picker's data: every known model, whether it is configured, and its price. */
import useSWR from "swr";
import type { ImageModelInfo, ModelsResponse } from "@/lib/media/images/contract";
import { ApiClientError, fetcher } from "@/lib/client/api";

export const MODELS_PATH = "/api/v1/images/models";

export function useModels() {
  return useSWR<ModelsResponse, ApiClientError>(MODELS_PATH, fetcher, {
    revalidateOnFocus: false,
  });
}

/** The in-process model: its output is procedural, so the UI must never pass it off as AI. */
export function isLocalModel(model: Pick<ImageModelInfo, "provider"> | null | undefined): boolean {
  return model?.provider === "local";
}

/**
 * The model the form should show: the requested one if it is usable, else
 * the server's default, else the first enabled model.
 */
export function pickModel(input: {
  models: readonly ImageModelInfo[];
  defaultId: string;
  requested: string | null;
  needsEdit?: boolean;
}): ImageModelInfo | null {
  const usable = input.models.filter((m) => m.enabled && (!input.needsEdit || m.supports_edit));
  return (
    usable.find((m) => m.id === input.requested) ?? usable.find((m) => m.id === input.defaultId) ?? usable[0] ?? null
  );
}

export function creditsFor(model: Pick<ImageModelInfo, "credits_per_image"> | null | undefined, count: number): number {
  return model ? model.credits_per_image * count : 0;
}
