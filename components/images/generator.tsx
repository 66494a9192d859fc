"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useSWRConfig } from "swr";
import { Repeat2, WandSparkles } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { JobView } from "@/lib/media/images/contract";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { imagesPageUrl } from "@/lib/client/hooks/use-images";
import { newestJob, startGeneration, useActiveJobs } from "@/lib/client/hooks/use-job";
import { pickModel, useModels } from "@/lib/client/hooks/use-models";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { useVibes } from "@/lib/client/hooks/use-vibes";
import { GenerationErrorPanel } from "./generation-error-panel";
import { GeneratorForm } from "./generator-form";
import {
  DEFAULT_SETTINGS,
  settingsFromParams,
  toGenerationRequest,
  validateSettings,
  type GeneratorSettings,
  type SettingsErrors,
} from "./generator-params";
import { JobProgress } from "./job-progress";
import { prefillKey, setJobParam } from "./job-url";
import { RECENT_LIMIT, RecentImages } from "./recent-images";
import { usePromptHistory } from "./use-prompt-history";
import { LoadError } from "@/components/common/load-error";

/** The /image-gen screen: the form, the job in place, and recent results. */
export function Generator() {
  const params = useSearchParams();
  const { profile } = useAuth();
  const { mutate } = useSWRConfig();
  const models = useModels();
  const vibes = useVibes();
  const { history, remember, clear } = usePromptHistory();

  const [settings, setSettings] = useState<GeneratorSettings>(() => ({
    ...DEFAULT_SETTINGS,
    ...settingsFromParams(params),
  }));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [modelNotice, setModelNotice] = useState<string | null>(null);
  const [resumeDismissed, setResumeDismissed] = useState(false);

  // A link to /image-gen?… while already here (a vibe's Apply, a history pick) refills the form.
  const key = prefillKey(params);
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    setSettings((s) => ({ ...s, ...settingsFromParams(new URLSearchParams(key)) }));
  }, [key]);

  // Once models load, settle on a usable one and say so if the requested one is not.
  const requestedModel = settings.modelId;
  useEffect(() => {
    if (!models.data) return;
    const chosen = pickModel({
      models: models.data.models,
      defaultId: models.data.default_model_id,
      requested: requestedModel,
    });
    if (!chosen || chosen.id === requestedModel) return;
    if (requestedModel) {
      const wanted = models.data.models.find((m) => m.id === requestedModel);
      setModelNotice(
        `${wanted?.label ?? `The model "${requestedModel}"`} is not available here${wanted?.note ? ` (${wanted.note})` : ""}, so ${chosen.label} is selected.`,
      );
    }
    setSettings((s) => ({ ...s, modelId: chosen.id }));
  }, [models.data, requestedModel]);

  const jobFromUrl = params.get("job");
  const active = useActiveJobs(!jobFromUrl && !resumeDismissed);
  // Only a fresh answer counts: a cached list from an earlier visit may name a job long finished.
  const resumed = !jobFromUrl && !resumeDismissed && !active.isValidating ? newestJob(active.data?.jobs ?? []) : null;
  const jobId = jobFromUrl ?? resumed?.id ?? null;
  useEffect(() => {
    if (resumed) setJobParam(resumed.id);
  }, [resumed]);

  const change = useCallback((patch: Partial<GeneratorSettings>) => {
    if (patch.modelId !== undefined) setModelNotice(null);
    setSettings((s) => ({ ...s, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof SettingsErrors];
      return next;
    });
  }, []);

  const submit = async () => {
    if (submitting) return;
    const found = validateSettings(settings);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const accepted = await startGeneration(toGenerationRequest(settings));
      remember(settings.prompt);
      setResumeDismissed(true);
      setJobParam(accepted.job_id);
      void mutate(isProfileKey);
    } catch (error) {
      setSubmitError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const onSettled = useCallback(
    (_job: JobView) => {
      // A failure refunds credits; a success adds images to Recent.
      void mutate(isProfileKey);
      void mutate(imagesPageUrl({}, null, RECENT_LIMIT));
    },
    [mutate],
  );

  return (
    <div className="space-y-10">
      <div className="grid gap-6 lg:grid-cols-12">
        <div className="space-y-4 lg:col-span-5">
          {settings.remixOfId ? (
            <Alert role="status">
              <Repeat2 aria-hidden="true" />
              <AlertTitle>Remixing a public image</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-2">
                <Link
                  href={`/image-gen/${encodeURIComponent(settings.remixOfId)}`}
                  className="text-primary hover:underline"
                >
                  View the original
                </Link>
                <Button variant="ghost" size="sm" onClick={() => change({ remixOfId: null })}>
                  Stop remixing
                </Button>
              </AlertDescription>
            </Alert>
          ) : null}
          {modelNotice ? (
            <Alert role="status">
              <AlertDescription>
                <p>{modelNotice}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          {models.error ? (
            <LoadError
              title="We couldn't load the models"
              message={models.error.message}
              onRetry={() => models.mutate()}
            />
          ) : null}
          <div className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
            <GeneratorForm
              settings={settings}
              onChange={change}
              onSubmit={() => void submit()}
              errors={errors}
              models={models.data?.models}
              vibes={vibes.data?.vibes ?? []}
              credits={profile?.credits ?? null}
              submitting={submitting}
              history={history}
              onClearHistory={clear}
            />
          </div>
        </div>

        <div className="space-y-4 lg:col-span-7">
          {submitError ? <GenerationErrorPanel error={submitError} onDismiss={() => setSubmitError(null)} /> : null}
          {jobId ? (
            <JobProgress
              key={jobId}
              jobId={jobId}
              aspectRatio={settings.aspectRatio}
              onSettled={onSettled}
              onDismiss={() => {
                setResumeDismissed(true);
                setJobParam(null);
              }}
            />
          ) : !submitError ? (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/60 p-8 text-center">
              <WandSparkles aria-hidden="true" className="size-8 text-primary" />
              <p className="max-w-sm text-sm text-muted-foreground">
                Your images appear here as they finish. Press Ctrl+Enter (⌘+Enter on a Mac) in the prompt to generate.
              </p>
            </div>
          ) : null}
        </div>
      </div>

      <RecentImages />
    </div>
  );
}
