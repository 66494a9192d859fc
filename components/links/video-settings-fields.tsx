"use client";

import { Coins } from "lucide-react";

import { cn } from "@/lib/platform/utils";

import { SegmentedChoice } from "@/components/images/segmented-choice";
import { credits, RATIO_NAMES } from "@/components/common/format";
import { TemplatePicker } from "@/components/video/template-picker";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { VideoModelSelect } from "@/components/video/video-model-select";
import { VoicePicker } from "@/components/video/voice-picker";
import { TemplateSelect, VoiceSelect } from "@/components/video/voice-select";
import { lengthChoices } from "@/components/video/length-options";
import type { LinkVideoSettings } from "@/lib/client/hooks/use-products";
import type { VideoLength, VideoOptions } from "@/lib/creation/video/contract";
import { videoCost } from "@/lib/creation/video/pricing";

export type VideoSettingsValue = Omit<LinkVideoSettings, "render_now" | "brief">;

export function initialVideoSettings(options: VideoOptions): VideoSettingsValue {
  const model =
    options.models.find((m) => m.id === options.default_model_id && m.available) ??
    options.models.find((m) => m.available) ??
    options.models[0];
  return {
    aspect_ratio: options.ratios.includes("9:16") ? "9:16" : (options.ratios[0] ?? "9:16"),
    length_s: options.lengths.includes(15) ? 15 : (options.lengths[0] ?? 15),
    template_id: null,
    voice_id: options.default_voice_id,
    captions: true,
    music: options.music.length > 0,
    model_id: model?.id ?? "",
  };
}

export function settingsCost(options: VideoOptions, settings: VideoSettingsValue): number | null {
  const model = options.models.find((m) => m.id === settings.model_id);
  return model ? videoCost({ seconds: settings.length_s, provider: model.provider }) : null;
}

/** The video choices shared by /url-to-video and a product's "Make a video": ratio, length, template, voice, captions, music, model and the price. */
export function VideoSettingsFields({
  options,
  value,
  onChange,
  balance,
  errors = {},
  compact = false,
}: {
  options: VideoOptions;
  value: VideoSettingsValue;
  onChange: (patch: Partial<VideoSettingsValue>) => void;
  balance: number;
  errors?: Record<string, string>;
  compact?: boolean;
}) {
  const cost = settingsCost(options, value);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <SegmentedChoice
          legend="Aspect ratio"
          name="link-aspect-ratio"
          value={value.aspect_ratio}
          onChange={(aspect_ratio) => onChange({ aspect_ratio })}
          options={options.ratios.map((ratio) => ({
            value: ratio,
            label: <span className="tabular-nums">{ratio}</span>,
            ariaLabel: `${ratio} ${RATIO_NAMES[ratio]}`,
          }))}
        />
        <SegmentedChoice
          legend="Length"
          name="link-length"
          value={String(value.length_s)}
          onChange={(v) => onChange({ length_s: Number(v) as VideoLength })}
          options={lengthChoices(options)}
          optionClassName="min-w-14 tabular-nums"
        />
      </div>
      {compact ? (
        // In a dialog: the template and the voice as selects (as in the editor), so the dialog stays short.
        <div className="grid gap-4 sm:grid-cols-2">
          <TemplateSelect
            templates={options.templates}
            value={value.template_id}
            onChange={(template_id) => onChange({ template_id })}
          />
          <VoiceSelect
            voices={options.voices}
            value={value.voice_id}
            onChange={(voice_id) => onChange({ voice_id })}
            error={errors.voice_id}
          />
        </div>
      ) : (
        <TemplatePicker
          templates={options.templates}
          value={value.template_id}
          ratio={value.aspect_ratio}
          onChange={(template_id) => onChange({ template_id })}
          error={errors.template_id}
        />
      )}
      <div className={compact ? "grid gap-6" : "grid gap-6 lg:grid-cols-2"}>
        {compact ? null : (
          <VoicePicker
            voices={options.voices}
            value={value.voice_id}
            onChange={(voice_id) => onChange({ voice_id })}
            error={errors.voice_id}
            legend="Voice-over"
          />
        )}
        <div className="space-y-4">
          <fieldset className="space-y-4">
            <legend className="mb-2 text-sm font-medium">Sound and text</legend>
            <ToggleSwitch
              label="Captions"
              description="Burned into the video, plus a captions track."
              checked={value.captions}
              onChange={(captions) => onChange({ captions })}
            />
            <ToggleSwitch
              label="Music"
              description={
                options.music.length > 0
                  ? "A background track, quieter under the narration."
                  : "No music tracks are available here."
              }
              checked={value.music}
              disabled={options.music.length === 0}
              onChange={(music) => onChange({ music })}
            />
          </fieldset>
          <VideoModelSelect
            models={options.models}
            value={value.model_id}
            onChange={(model_id) => onChange({ model_id })}
            error={errors.model_id}
          />
        </div>
      </div>
      {/* A dialog says the price beside its button instead. */}
      <p
        className={cn("flex items-center gap-2 text-sm text-muted-foreground", compact && "hidden")}
        aria-live="polite"
      >
        <Coins aria-hidden="true" className="size-4" />
        {cost !== null ? (
          <span>
            Rendering costs <strong className="tabular-nums text-foreground">{credits(cost)}</strong> · you have{" "}
            <span className="tabular-nums">{credits(balance)}</span>. The storyboard is free.
          </span>
        ) : (
          <span>Pick a model to see the price</span>
        )}
      </p>
    </div>
  );
}
