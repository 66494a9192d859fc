/**
 * The speech engines behind the voices: eSpeak NG on this server, OpenAI and
 * ElevenLabs through their AI SDK providers when keyed. Each engine says how
 * to build its speech and transcription models, which audio format to ask for
 * (raw PCM: a known format, so no decoding and an exact duration) and how to
 * ask its transcriber for word timings.
 */
import "server-only";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { createElevenLabs } from "@ai-sdk/elevenlabs";
import { createOpenAI } from "@ai-sdk/openai";
import type { SharedV3ProviderOptions, SpeechModelV3, TranscriptionModelV3 } from "@ai-sdk/provider";
import type { PcmFormat } from "@/lib/engine/audio/wav";

export type Env = Record<string, string | undefined>;
export type EngineId = "espeak" | "openai" | "elevenlabs";

export interface ProviderEngine {
  id: Exclude<EngineId, "espeak">;
  label: string;
  /** The variables that enable it (the first one set wins). */
  keys: readonly string[];
  speechModelId: string;
  transcriptionModelId: string;
  speech: (apiKey: string) => SpeechModelV3;
  transcription: (apiKey: string) => TranscriptionModelV3;
  /** The `outputFormat` that makes the provider send raw 16-bit PCM, and that PCM's format. */
  outputFormat: string;
  pcm: PcmFormat;
  transcriptionOptions: (language: string | undefined) => SharedV3ProviderOptions;
  /** The speaking speeds the API accepts; a request outside is clamped, with a warning. */
  speedRange: readonly [number, number];
}

const MONO_24K: PcmFormat = { sampleRate: 24_000, channels: 1, bitsPerSample: 16 };

export const PROVIDER_ENGINES: Record<ProviderEngine["id"], ProviderEngine> = {
  openai: {
    id: "openai",
    label: "OpenAI",
    keys: ["OPENAI_API_KEY"],
    speechModelId: "gpt-4o-mini-tts",
    // whisper-1 is the OpenAI transcriber that returns word timestamps (gpt-4o-transcribe answers text only).
    transcriptionModelId: "whisper-1",
    speech: (apiKey) => createOpenAI({ apiKey }).speech("gpt-4o-mini-tts"),
    transcription: (apiKey) => createOpenAI({ apiKey }).transcription("whisper-1"),
    // "pcm" is 24 kHz 16-bit mono little-endian with no header (OpenAI's audio/speech reference).
    outputFormat: "pcm",
    pcm: MONO_24K,
    speedRange: [0.25, 4],
    transcriptionOptions: (language) => ({
      openai: { timestampGranularities: ["word"], ...(language ? { language: primaryLanguage(language) } : {}) },
    }),
  },
  elevenlabs: {
    id: "elevenlabs",
    label: "ElevenLabs",
    keys: ["ELEVENLABS_API_KEY"],
    speechModelId: "eleven_multilingual_v2",
    transcriptionModelId: "scribe_v1",
    speech: (apiKey) => createElevenLabs({ apiKey }).speech("eleven_multilingual_v2"),
    transcription: (apiKey) => createElevenLabs({ apiKey }).transcription("scribe_v1"),
    // pcm_24000 is open to every plan (pcm_44100 needs Pro); 16-bit mono little-endian, no header.
    outputFormat: "pcm_24000",
    pcm: MONO_24K,
    speedRange: [0.7, 1.2],
    transcriptionOptions: (language) => ({
      elevenlabs: {
        timestampsGranularity: "word",
        tagAudioEvents: false,
        diarize: false,
        ...(language ? { languageCode: primaryLanguage(language) } : {}),
      },
    }),
  },
};

export function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase();
}

export function keyFor(engine: ProviderEngine, env: Env): string | undefined {
  for (const name of engine.keys) if (env[name]) return env[name];
  return undefined;
}

// ---- eSpeak NG ----

/** The eSpeak NG binary: ESPEAK_NG_PATH, else `espeak-ng` on the PATH (Debian's package puts it in /usr/bin). */
export function espeakBinary(env: Env): string {
  return env.ESPEAK_NG_PATH || "espeak-ng";
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether the offline engine can run here (checked each time: installing it needs no restart). */
export function isEspeakInstalled(env: Env): boolean {
  const binary = espeakBinary(env);
  if (binary.includes(path.sep)) return executable(binary);
  const dirs = (env.PATH ?? process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  return dirs.some((dir) => executable(path.join(dir, binary)));
}

export const ESPEAK_INSTALL_HINT =
  "Install eSpeak NG on the server (Debian/Ubuntu: apt-get install espeak-ng) or set ESPEAK_NG_PATH.";
