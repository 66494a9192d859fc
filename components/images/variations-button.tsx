"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { Shuffle } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { ImageItem } from "@/lib/media/images/contract";
import { startGeneration } from "@/lib/client/hooks/use-job";
import { creditsFor, useModels } from "@/lib/client/hooks/use-models";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { GenerationErrorPanel } from "./generation-error-panel";
import { DEFAULT_SETTINGS, settingsOfImage, toGenerationRequest } from "./generator-params";
import { JobProgress } from "./job-progress";

/** How many new images one click makes: one, so a click never costs more than the image did. */
const VARIATION_COUNT = 1;

/** Same settings, a new random seed, run in place with its progress. */
export function VariationsButton({ item }: { item: ImageItem }) {
  const { mutate } = useSWRConfig();
  const models = useModels();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const model = models.data?.models.find((m) => m.id === item.settings.model_id);
  const cost = creditsFor(model, VARIATION_COUNT);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const settings = {
        ...DEFAULT_SETTINGS,
        ...settingsOfImage(item.settings, { keepSeed: false }),
        count: VARIATION_COUNT,
      };
      const body = toGenerationRequest(settings, { sourceImageId: item.settings.source_image_id ?? undefined });
      const accepted = await startGeneration(body);
      setJobId(accepted.job_id);
      void mutate(isProfileKey);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <Button variant="outline" onClick={() => void run()} disabled={busy} aria-describedby="variations-hint">
          <Shuffle />
          Variations
        </Button>
        <span id="variations-hint" className="text-xs text-muted-foreground">
          Same settings, new seed{model ? ` · ${cost} credit${cost === 1 ? "" : "s"}` : ""}
        </span>
      </div>
      {error ? <GenerationErrorPanel error={error} onDismiss={() => setError(null)} /> : null}
      {jobId ? (
        <JobProgress
          key={jobId}
          jobId={jobId}
          aspectRatio={item.settings.aspect_ratio}
          onSettled={() => void mutate(isProfileKey)}
          onDismiss={() => setJobId(null)}
        />
      ) : null}
    </div>
  );
}
