"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { ChevronDown, Coins, Sparkles } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import type { ImageModelInfo, Vibe } from "@/lib/media/images/contract";
import { MAX_IMAGES_PER_RUN, MAX_NEGATIVE_PROMPT_CHARS, MAX_PROMPT_CHARS } from "@/lib/media/images/schema";
import { creditsFor } from "@/lib/client/hooks/use-models";
import { cn } from "@/lib/platform/utils";
import { AspectRatioPicker } from "./aspect-ratio-picker";
import type { GeneratorSettings, SettingsErrors } from "./generator-params";
import { ModelPicker } from "./model-picker";
import { PromptHistoryMenu } from "./prompt-history-menu";
import { SeedField } from "./seed-field";
import { SegmentedChoice } from "./segmented-choice";
import { VibePicker } from "./vibe-picker";

interface GeneratorFormProps {
  settings: GeneratorSettings;
  onChange(patch: Partial<GeneratorSettings>): void;
  onSubmit(): void;
  errors: SettingsErrors;
  models: readonly ImageModelInfo[] | undefined;
  vibes: readonly Vibe[];
  credits: number | null;
  submitting: boolean;
  history: readonly string[];
  onClearHistory(): void;
}

const COUNTS = Array.from({ length: MAX_IMAGES_PER_RUN }, (_, i) => String(i + 1));

export function GeneratorForm(props: GeneratorFormProps) {
  const { settings, onChange, errors, models, credits, submitting } = props;
  const id = useId();
  const [showNegative, setShowNegative] = useState(settings.negativePrompt.length > 0);
  const model = models?.find((m) => m.id === settings.modelId) ?? null;
  const cost = creditsFor(model, settings.count);
  const short = credits !== null && model !== null && cost > credits;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="space-y-2">
        <div className="flex items-end justify-between gap-2">
          <label htmlFor={`${id}-prompt`} className="text-sm font-medium">
            Prompt
          </label>
          <PromptHistoryMenu
            history={props.history}
            onPick={(prompt) => onChange({ prompt })}
            onClear={props.onClearHistory}
          />
        </div>
        <Textarea
          id={`${id}-prompt`}
          value={settings.prompt}
          rows={4}
          maxLength={MAX_PROMPT_CHARS}
          placeholder="A lighthouse on a cliff at dusk, warm light, long exposure"
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={`${id}-prompt-count${errors.prompt ? ` ${id}-prompt-err` : ""}`}
          onChange={(e) => onChange({ prompt: e.target.value })}
          onKeyDown={(e) => {
            // Cmd/Ctrl+Enter generates without leaving the keyboard.
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              props.onSubmit();
            }
          }}
          className="min-h-28 resize-y text-base sm:text-sm"
        />
        <div className="flex justify-between gap-2 text-xs">
          <span id={`${id}-prompt-err`} className="text-destructive">
            {errors.prompt ?? ""}
          </span>
          <span
            id={`${id}-prompt-count`}
            className={cn(
              "tabular-nums text-muted-foreground",
              settings.prompt.length >= MAX_PROMPT_CHARS && "text-destructive",
            )}
          >
            {settings.prompt.length}/{MAX_PROMPT_CHARS}
          </span>
        </div>
      </div>

      <div className="space-y-2">
        <button
          type="button"
          aria-expanded={showNegative}
          aria-controls={`${id}-negative-panel`}
          onClick={() => setShowNegative((v) => !v)}
          className="flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 transition-transform", !showNegative && "-rotate-90")}
          />
          Negative prompt {settings.negativePrompt ? "(set)" : "(optional)"}
        </button>
        <div id={`${id}-negative-panel`} hidden={!showNegative} className="space-y-1">
          <label htmlFor={`${id}-negative`} className="sr-only">
            Negative prompt
          </label>
          <Textarea
            id={`${id}-negative`}
            value={settings.negativePrompt}
            rows={2}
            maxLength={MAX_NEGATIVE_PROMPT_CHARS}
            placeholder="What to keep out: text, watermark, blur"
            aria-invalid={errors.negativePrompt ? true : undefined}
            onChange={(e) => onChange({ negativePrompt: e.target.value })}
          />
          <p className="text-right text-xs tabular-nums text-muted-foreground">
            {errors.negativePrompt ? <span className="text-destructive">{errors.negativePrompt} </span> : null}
            {settings.negativePrompt.length}/{MAX_NEGATIVE_PROMPT_CHARS}
          </p>
        </div>
      </div>

      <AspectRatioPicker value={settings.aspectRatio} onChange={(aspectRatio) => onChange({ aspectRatio })} />

      <div className="grid gap-6 sm:grid-cols-2">
        <SegmentedChoice
          legend="Images"
          name="count"
          value={String(settings.count)}
          onChange={(v) => onChange({ count: Number(v) })}
          options={COUNTS.map((c) => ({ value: c, label: c }))}
          optionClassName="min-w-10 tabular-nums"
        />
        <SeedField value={settings.seed} onChange={(seed) => onChange({ seed })} error={errors.seed} />
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        {models ? (
          <ModelPicker models={models} value={settings.modelId} onChange={(modelId) => onChange({ modelId })} />
        ) : (
          <div className="space-y-2" aria-busy="true">
            <span className="text-sm font-medium">Model</span>
            <Skeleton className="h-9 w-full" />
          </div>
        )}
        <VibePicker vibes={props.vibes} value={settings.vibeId} onChange={(vibeId) => onChange({ vibeId })} />
      </div>
      {errors.modelId ? <p className="text-xs text-destructive">{errors.modelId}</p> : null}

      <div className="flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <Coins aria-hidden="true" className="size-4" />
          {model ? (
            <span>
              Costs <strong className="text-foreground tabular-nums">{cost}</strong> credit{cost === 1 ? "" : "s"}
              {credits !== null ? (
                <>
                  {" "}
                  · you have <span className="tabular-nums">{credits}</span>
                </>
              ) : null}
            </span>
          ) : (
            <span>Pick a model to see the cost</span>
          )}
        </p>
        <div className="flex items-center gap-3">
          {short ? (
            <Link href="/subscription" className="text-sm font-medium text-primary hover:underline">
              Not enough credits
            </Link>
          ) : null}
          <Button type="submit" size="lg" disabled={submitting || !models} aria-busy={submitting || undefined}>
            <Sparkles />
            Generate
          </Button>
        </div>
      </div>
    </form>
  );
}
