"use client";

import { useEffect, useId, useRef, useState } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useSWRConfig } from "swr";
import { ImageOff, RefreshCw, Sparkles } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { MAX_MASK_BYTES, MAX_PROMPT_CHARS } from "@/lib/media/images/schema";
import { startGeneration } from "@/lib/client/hooks/use-job";
import { creditsFor, pickModel, useModels } from "@/lib/client/hooks/use-models";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { useEditSource } from "./edit-source";
import { GenerationErrorPanel } from "./generation-error-panel";
import { DEFAULT_SETTINGS, toGenerationRequest, validateSettings } from "./generator-params";
import { JobProgress } from "./job-progress";
import { dataUrlBytes } from "./mask-encoding";
import { MaskPainter, type MaskPainterHandle } from "./mask-painter";
import { ModelPicker } from "./model-picker";
import { SourcePicker } from "./source-picker";

/** /image-gen/edit: pick a source, describe the change, optionally paint a mask, run it. */
export function EditScreen() {
  const id = useId();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const { profile } = useAuth();
  const { mutate } = useSWRConfig();
  const models = useModels();
  const painter = useRef<MaskPainterHandle>(null);

  const state = useEditSource({ imageId: params.get("source"), assetId: params.get("asset") });
  const [prompt, setPrompt] = useState(params.get("prompt") ?? "");
  const [modelId, setModelId] = useState<string | null>(params.get("model"));
  const [promptError, setPromptError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);

  useEffect(() => {
    if (!models.data) return;
    const chosen = pickModel({
      models: models.data.models,
      defaultId: models.data.default_model_id,
      requested: modelId,
      needsEdit: true,
    });
    if (chosen && chosen.id !== modelId) setModelId(chosen.id);
  }, [models.data, modelId]);

  const pick = (p: { kind: "image" | "asset"; id: string }) => {
    setJobId(null);
    router.replace(`${pathname}?${p.kind === "image" ? "source" : "asset"}=${encodeURIComponent(p.id)}`, {
      scroll: false,
    });
  };

  if (state.status === "none") return <SourcePicker onPick={pick} />;
  if (state.status === "missing") {
    return (
      <EmptyState
        icon={ImageOff}
        heading="We couldn't open that image"
        extra={
          <Button variant="outline" onClick={() => router.replace(pathname)}>
            Pick another image
          </Button>
        }
      >
        {state.message}
      </EmptyState>
    );
  }
  if (state.status === "loading") {
    return (
      <div role="status" aria-busy="true" className="grid gap-6 lg:grid-cols-12">
        <span className="sr-only">Loading the image</span>
        <Skeleton className="aspect-square rounded-xl lg:col-span-7" />
        <Skeleton className="h-72 rounded-xl lg:col-span-5" />
      </div>
    );
  }

  const { source } = state;
  const model = models.data?.models.find((m) => m.id === modelId) ?? null;
  const noEditModel = models.data !== undefined && !models.data.models.some((m) => m.enabled && m.supports_edit);

  const submit = async () => {
    const settings = { ...DEFAULT_SETTINGS, prompt, modelId };
    const errors = validateSettings(settings, { sourceImageId: source.id });
    setPromptError(errors.prompt ?? errors.modelId ?? null);
    if (Object.keys(errors).length) return;
    const mask = painter.current?.exportMask() ?? undefined;
    if (mask && dataUrlBytes(mask) > MAX_MASK_BYTES) {
      setPromptError(`The mask is larger than ${MAX_MASK_BYTES / 1024 / 1024} MB; use a smaller source image.`);
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const accepted = await startGeneration(toGenerationRequest(settings, { sourceImageId: source.id, mask }));
      setJobId(accepted.job_id);
      void mutate(isProfileKey);
    } catch (e) {
      setSubmitError(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-12">
      <div className="space-y-3 lg:col-span-7">
        <MaskPainter
          key={`${source.kind}:${source.id}`}
          ref={painter}
          src={source.url}
          alt={`Source: ${source.label}`}
        />
      </div>
      <div className="space-y-5 lg:col-span-5">
        <form
          noValidate
          className="space-y-5 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate text-muted-foreground">
              Editing {source.kind === "asset" ? "reference image" : "image"}:{" "}
              <span className="text-foreground">{source.label}</span>
            </span>
            <Button variant="ghost" size="sm" onClick={() => router.replace(pathname)}>
              <RefreshCw />
              Change
            </Button>
          </div>
          <div className="space-y-2">
            <label htmlFor={`${id}-prompt`} className="text-sm font-medium">
              Prompt
            </label>
            <Textarea
              id={`${id}-prompt`}
              rows={4}
              value={prompt}
              maxLength={MAX_PROMPT_CHARS}
              placeholder="Describe the change: replace the sky with a storm"
              aria-invalid={promptError ? true : undefined}
              aria-describedby={`${id}-count`}
              onChange={(e) => {
                setPrompt(e.target.value);
                setPromptError(null);
              }}
            />
            <div className="flex justify-between text-xs">
              <span role="alert" className="text-destructive">
                {promptError ?? ""}
              </span>
              <span id={`${id}-count`} className="tabular-nums text-muted-foreground">
                {prompt.length}/{MAX_PROMPT_CHARS}
              </span>
            </div>
          </div>
          {models.data ? (
            <ModelPicker models={models.data.models} value={modelId} onChange={setModelId} needsEdit />
          ) : (
            <Skeleton className="h-16 w-full" />
          )}
          {noEditModel ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>No configured model can edit images right now.</p>
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="flex items-center justify-between gap-3 border-t pt-4">
            <span className="text-sm text-muted-foreground">
              {model ? `Costs ${creditsFor(model, 1)} credit${creditsFor(model, 1) === 1 ? "" : "s"}` : ""}
              {profile ? ` · you have ${profile.credits}` : ""}
            </span>
            <Button type="submit" disabled={submitting || !model || noEditModel} aria-busy={submitting || undefined}>
              <Sparkles />
              Generate
            </Button>
          </div>
        </form>
        {submitError ? <GenerationErrorPanel error={submitError} onDismiss={() => setSubmitError(null)} /> : null}
        {jobId ? (
          <JobProgress
            key={jobId}
            jobId={jobId}
            onSettled={() => void mutate(isProfileKey)}
            onDismiss={() => setJobId(null)}
          />
        ) : null}
      </div>
    </div>
  );
}
