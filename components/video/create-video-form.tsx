"use client";

import { useEffect, useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { Clapperboard, Coins, LayoutList } from "lucide-react";

import { SegmentedChoice } from "@/components/images/segmented-choice";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { createVideo, useVideoOptions } from "@/lib/client/hooks/use-videos";
import { fieldMessages } from "@/lib/client/api";
import { briefDefaults } from "@/lib/creation/video/brief/request";
import {
  MAX_BRIEF_CHARS,
  createVideoInputSchema,
  type CreateVideoInput,
  type VideoLength,
  type VideoOptions,
} from "@/lib/creation/video/contract";
import { videoCost } from "@/lib/creation/video/pricing";
import { cn } from "@/lib/platform/utils";
import { credits, RATIO_NAMES } from "@/components/common/format";
import { TemplatePicker } from "./template-picker";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { VideoModelSelect } from "./video-model-select";
import { VoicePicker } from "./voice-picker";
import { LanguageSelect } from "./language-select";
import { useBriefLanguage } from "./use-brief-language";
import { voiceForLanguage } from "@/lib/creation/video/voice-language";
import { lengthChoices, lengthPlanNotice } from "./length-options";
import { LoadError } from "@/components/common/load-error";

type Settings = Omit<CreateVideoInput, "render_now" | "language">;
type Errors = Partial<Record<keyof Settings, string>>;

function RatioShape({ ratio }: { ratio: CompositionRatio }) {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const scale = 18 / Math.max(w, h);
  return (
    <span aria-hidden="true" className="flex size-5 items-center justify-center">
      <span className="rounded-[2px] border-[1.5px] border-current" style={{ width: w * scale, height: h * scale }} />
    </span>
  );
}

function initialSettings(options: VideoOptions): Settings {
  const model =
    options.models.find((m) => m.id === options.default_model_id && m.available) ??
    options.models.find((m) => m.available) ??
    options.models[0];
  return {
    brief: "",
    aspect_ratio: options.ratios.includes("9:16") ? "9:16" : (options.ratios[0] ?? "9:16"),
    length_s: options.lengths.includes(30) ? 30 : (options.lengths[0] ?? 15),
    template_id: null,
    voice_id: options.default_voice_id,
    captions: true,
    music: options.music.length > 0,
    model_id: model?.id ?? "",
  };
}

/** Client-side check with the API's own schema, so the first answer comes without a round trip. */
function validate(settings: Settings): Errors {
  const parsed = createVideoInputSchema.safeParse({ ...settings, render_now: false });
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Settings | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** The /prompt-to-video form: brief and choices, the price, then a storyboard to edit or a render straight away. */
export function CreateVideoForm() {
  const id = useId();
  const router = useRouter();
  const { profile } = useAuth();
  const { mutate } = useSWRConfig();
  const options = useVideoOptions();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<"plan" | "render" | null>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  // A length the brief names ("a 20-second ad") pre-fills the Length until the person picks one themselves.
  const [lengthPicked, setLengthPicked] = useState(false);
  // The language: detected from the brief until the person picks one.
  const language = useBriefLanguage(settings?.brief ?? "");

  useEffect(() => {
    if (options.data && !settings) setSettings(initialSettings(options.data));
  }, [options.data, settings]);

  if (options.error && !options.data) {
    return (
      <LoadError
        title="We couldn't load the video options"
        message={options.error.message}
        onRetry={() => options.mutate()}
      />
    );
  }

  if (!options.data || !settings) {
    return (
      <div role="status" aria-busy="true" className="space-y-6">
        <span className="sr-only">Loading the video options</span>
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-10 w-80" />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-52 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }

  const opts = options.data;
  const model = opts.models.find((m) => m.id === settings.model_id) ?? null;
  const cost = model ? videoCost({ seconds: settings.length_s, provider: model.provider }) : null;
  const balance = profile?.credits ?? opts.balance;
  const short = cost !== null && cost > balance;
  // A length the plan does not render: said before Render is pressed, and the storyboard stays free.
  const planNotice = lengthPlanNotice(opts, settings.length_s);

  // The voice follows the language when it does not speak it.
  const voiceId = voiceForLanguage(opts.voices, language.tag, settings.voice_id);

  const change = (patch: Partial<Settings>) => {
    setSettings((s) => (s ? { ...s, ...patch } : s));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof Settings];
      return next;
    });
  };

  const submit = async (renderNow: boolean) => {
    if (busy) return;
    const found = validate(settings);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setBusy(renderNow ? "render" : "plan");
    setSubmitError(null);
    try {
      const video = await createVideo({
        ...settings,
        voice_id: voiceId,
        language: language.tag,
        render_now: renderNow,
      });
      language.remember();
      void mutate(isProfileKey);
      router.push(
        renderNow ? `/videos/${encodeURIComponent(video.id)}` : `/content/${encodeURIComponent(video.id)}/edit`,
      );
    } catch (error) {
      const fields = fieldMessages(error);
      const mapped: Errors = {};
      for (const key of Object.keys(settings) as (keyof Settings)[]) if (fields[key]) mapped[key] = fields[key];
      setErrors(mapped);
      setSubmitError(error);
      setBusy(null);
    }
  };

  const briefLength = settings.brief.length;
  const fromBrief = briefDefaults(settings.brief, opts.lengths);
  const moodNames: Record<string, string> = {
    energetic: "an energetic",
    calm: "a calm",
    playful: "a playful",
    corporate: "a business-like",
  };

  const changeBrief = (brief: string) => {
    const asked = briefDefaults(brief, opts.lengths).length_s;
    change(asked !== null && !lengthPicked ? { brief, length_s: asked } : { brief });
  };

  return (
    <form
      noValidate
      aria-label="New video"
      className="space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <div className="space-y-2">
        <label htmlFor={`${id}-brief`} className="text-sm font-medium">
          Brief
        </label>
        <Textarea
          id={`${id}-brief`}
          value={settings.brief}
          rows={5}
          // Arabic and Hebrew briefs are typed right to left.
          dir="auto"
          maxLength={MAX_BRIEF_CHARS}
          placeholder="A 30-second ad for our small-batch coffee subscription: roasted every morning, delivered before noon, cancel anytime."
          aria-invalid={errors.brief ? true : undefined}
          aria-describedby={`${id}-brief-count ${id}-brief-hint${errors.brief ? ` ${id}-brief-err` : ""}`}
          onChange={(e) => changeBrief(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              void submit(false);
            }
          }}
          className="min-h-32 resize-y text-base sm:text-sm"
        />
        <div className="flex justify-between gap-2 text-xs">
          <span id={`${id}-brief-err`} className="text-destructive">
            {errors.brief ?? ""}
          </span>
          <span
            id={`${id}-brief-count`}
            className={cn("tabular-nums text-muted-foreground", briefLength >= MAX_BRIEF_CHARS && "text-destructive")}
          >
            {briefLength.toLocaleString("en-US")}/{MAX_BRIEF_CHARS.toLocaleString("en-US")}
            <span className="sr-only"> characters</span>
          </span>
        </div>
        <p id={`${id}-brief-hint`} aria-live="polite" className="min-h-4 text-xs text-muted-foreground">
          {fromBrief.length_s !== null && fromBrief.length_s === settings.length_s && !lengthPicked
            ? `Length set to ${fromBrief.length_s} s from your brief; you can change it. `
            : ""}
          {fromBrief.mood && settings.template_id === null
            ? `The writer picks ${moodNames[fromBrief.mood]} template for the ${fromBrief.tone} tone you asked for.`
            : ""}
        </p>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <SegmentedChoice
            legend="Aspect ratio"
            name="aspect-ratio"
            value={settings.aspect_ratio}
            onChange={(aspect_ratio) => change({ aspect_ratio })}
            options={opts.ratios.map((ratio) => ({
              value: ratio,
              ariaLabel: `${ratio} ${RATIO_NAMES[ratio]}`,
              label: (
                <>
                  <RatioShape ratio={ratio} />
                  <span className="tabular-nums">{ratio}</span>
                </>
              ),
            }))}
          />
          {errors.aspect_ratio ? <p className="mt-1 text-xs text-destructive">{errors.aspect_ratio}</p> : null}
        </div>
        <div>
          <SegmentedChoice
            legend="Length"
            name="length"
            value={String(settings.length_s)}
            onChange={(v) => {
              setLengthPicked(true);
              change({ length_s: Number(v) as VideoLength });
            }}
            options={lengthChoices(opts)}
            optionClassName="min-w-14 tabular-nums"
          />
          {errors.length_s ? <p className="mt-1 text-xs text-destructive">{errors.length_s}</p> : null}
        </div>
      </div>

      <TemplatePicker
        templates={opts.templates}
        value={settings.template_id}
        ratio={settings.aspect_ratio}
        onChange={(template_id) => change({ template_id })}
        error={errors.template_id}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <LanguageSelect value={language.tag} hint={language.hint} onChange={language.pick} />
          <VoicePicker
            language={language.tag}
            voices={opts.voices}
            value={voiceId}
            onChange={(voice_id) => change({ voice_id })}
            error={errors.voice_id}
            legend="Voice-over"
          />
        </div>
        <div className="space-y-6">
          <fieldset className="space-y-4">
            <legend className="mb-2 text-sm font-medium">Sound and text</legend>
            <ToggleSwitch
              label="Captions"
              description="Burned into the video, with the spoken phrase highlighted, plus a captions track."
              checked={settings.captions}
              onChange={(captions) => change({ captions })}
            />
            <ToggleSwitch
              label="Music"
              description={
                opts.music.length > 0
                  ? "A background track, quieter while the narration speaks."
                  : "No music tracks are available here."
              }
              checked={settings.music}
              disabled={opts.music.length === 0}
              onChange={(music) => change({ music })}
            />
          </fieldset>
          <VideoModelSelect
            models={opts.models}
            value={settings.model_id}
            onChange={(model_id) => change({ model_id })}
            error={errors.model_id}
          />
        </div>
      </div>

      <div className="sticky bottom-2 z-10 space-y-3 rounded-xl border bg-background/95 p-4 shadow-sm backdrop-blur">
        {submitError ? (
          // Beside the buttons that caused it, inside the bar that stays on screen: never below the fold.
          <div className="max-h-[40vh] overflow-y-auto" data-testid="submit-error">
            <ActionErrorPanel
              error={submitError}
              action="The video was not created"
              onDismiss={() => setSubmitError(null)}
            />
          </div>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 flex-1 space-y-1 text-sm" aria-live="polite">
            <p className="flex items-center gap-2 text-muted-foreground">
              <Coins aria-hidden="true" className="size-4" />
              {cost !== null ? (
                <span>
                  Rendering costs <strong className="text-foreground tabular-nums">{credits(cost)}</strong> · you have{" "}
                  <span className="tabular-nums">{credits(balance)}</span>
                </span>
              ) : (
                <span>Pick a model to see the price</span>
              )}
            </p>
            {planNotice ? (
              <p className="text-destructive">
                {planNotice} You can still make the storyboard now;{" "}
                <Link href="/subscription" className="font-medium underline underline-offset-2">
                  compare plans
                </Link>{" "}
                to render it, or pick a shorter length.
              </p>
            ) : short ? (
              <p className="text-destructive">
                Not enough credits to render. You can still make the storyboard now;{" "}
                <Link href="/subscription" className="font-medium underline underline-offset-2">
                  get more credits
                </Link>{" "}
                to render it.
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">
                The storyboard is free; credits are taken when the video renders and refunded if it fails.
              </p>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-nowrap">
            {busy ? (
              <Spinner size="sm" label={busy === "plan" ? "Writing your storyboard" : "Starting the render"} />
            ) : null}
            <Button
              type="submit"
              variant="outline"
              size="lg"
              disabled={busy !== null || !model?.available}
              aria-busy={busy === "plan" || undefined}
            >
              <LayoutList />
              Create storyboard
            </Button>
            <Button
              type="button"
              size="lg"
              disabled={busy !== null || !model?.available || short || planNotice !== null}
              aria-busy={busy === "render" || undefined}
              onClick={() => void submit(true)}
            >
              <Clapperboard />
              Render now
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
