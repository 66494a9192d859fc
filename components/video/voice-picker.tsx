"use client";

import { useEffect, useRef, useState } from "react";
import { MicOff, Pause, Play } from "lucide-react";

import { LocalPreviewBadge } from "@/components/images/local-preview-badge";
import { Button } from "@/components/ui/button";
import type { VoiceOption } from "@/lib/creation/video/contract";
import { LanguageSelect } from "./language-select";
import { compositionLanguage, voiceLanguageName, voicesInLanguage } from "@/lib/creation/video/voice-language";

/** One audio element for every sample: starting one stops the other. */
function useSamplePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [],
  );

  const toggle = (voice: VoiceOption) => {
    setProblem(null);
    const el = (audio.current ??= new Audio());
    if (playing === voice.id) {
      el.pause();
      setPlaying(null);
      return;
    }
    el.pause();
    el.src = voice.sample_url;
    el.onended = () => setPlaying(null);
    el.onerror = () => {
      setPlaying(null);
      setProblem(`The sample of ${voice.label} could not be played.`);
    };
    setPlaying(voice.id);
    el.play().catch((e: unknown) => {
      // A pause() before play() settles rejects with AbortError: not a failure.
      if (e instanceof DOMException && e.name === "AbortError") return;
      setPlaying(null);
      setProblem(`The sample of ${voice.label} could not be played.`);
    });
  };

  return { playing, problem, toggle };
}

interface VoicePickerProps {
  voices: readonly VoiceOption[];
  /** null: no narration. */
  value: string | null;
  onChange(id: string | null): void;
  error?: string;
  /** The legend; "Voice" unless the screen needs another word. */
  legend?: string;
  /**
   * The video's language: only the voices that speak it are listed. Without it the picker
   * has its own language choice (starting at the chosen voice's), so ~100 voices never show at once.
   */
  language?: string;
}

/** Voices as radios, each with a spoken sample, and "No narration". */
export function VoicePicker({ voices: all, value, onChange, error, legend = "Voice", language }: VoicePickerProps) {
  const { playing, problem, toggle } = useSamplePlayer();
  const chosen = all.find((v) => v.id === value);
  const [ownLanguage, setOwnLanguage] = useState(() =>
    compositionLanguage(chosen && chosen.language !== "mul" ? chosen.language : null),
  );
  const shown = language ?? ownLanguage;
  const inLanguage = voicesInLanguage(all, shown);
  // The chosen voice stays listed even when it does not speak the language.
  const voices = chosen && !inLanguage.includes(chosen) ? [chosen, ...inLanguage] : inLanguage;
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {language ? null : <LanguageSelect compact label="Voices in" value={ownLanguage} onChange={setOwnLanguage} />}
      <ul className="divide-y rounded-lg border">
        <li className="flex items-center gap-3 px-3 py-2">
          <input
            id="voice-none"
            type="radio"
            name="voice"
            value=""
            checked={value === null}
            onChange={() => onChange(null)}
            className="size-4 accent-primary"
          />
          <label htmlFor="voice-none" className="flex flex-1 cursor-pointer items-center gap-2 text-sm">
            <MicOff aria-hidden="true" className="size-4 text-muted-foreground" />
            No narration
          </label>
        </li>
        {voices.map((voice) => {
          const id = `voice-${voice.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
          return (
            <li key={voice.id} className="flex items-center gap-3 px-3 py-2">
              <input
                id={id}
                type="radio"
                name="voice"
                value={voice.id}
                checked={value === voice.id}
                onChange={() => onChange(voice.id)}
                className="size-4 accent-primary"
              />
              <label
                htmlFor={id}
                className="flex min-w-0 flex-1 cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 text-sm"
              >
                <span className="font-medium">{voice.label}</span>
                <span className="text-xs text-muted-foreground">{voiceLanguageName(voice.language)}</span>
                {voice.preview ? <LocalPreviewBadge /> : null}
              </label>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={
                  playing === voice.id ? `Stop the sample of ${voice.label}` : `Play a sample of ${voice.label}`
                }
                aria-pressed={playing === voice.id}
                onClick={() => toggle(voice)}
              >
                {playing === voice.id ? <Pause /> : <Play />}
                <span aria-hidden="true">{playing === voice.id ? "Stop" : "Sample"}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <p role="status" className="text-xs text-destructive">
        {problem ?? error ?? ""}
      </p>
    </fieldset>
  );
}
