"use client";

import { useEffect, useRef, useState } from "react";
import { MicOff, Pause, Play } from "lucide-react";

import { LocalPreviewBadge } from "@/components/images/local-preview-badge";
import { Button } from "@/components/ui/button";
import type { VoiceOption } from "@/lib/creation/video/contract";

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
}

/** Voices as radios, each with a spoken sample, and "No narration". */
export function VoicePicker({ voices, value, onChange, error, legend = "Voice" }: VoicePickerProps) {
  const { playing, problem, toggle } = useSamplePlayer();
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
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
                <span className="text-xs text-muted-foreground">{voice.language}</span>
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
