/**
 * Voice samples for the voice picker: one short sentence in the voice's own
 * language, synthesised once and kept in memory (a sample never changes, and
 * a provider sample costs money).
 */
import "server-only";
import { primaryLanguage, type Env } from "./engines";
import { synthesizeNarration } from "./narration";
import { findVoice } from "./voices";
import { findLanguage } from "@/lib/engine/language/languages";

const SAMPLES: Record<string, string> = {
  en: "Hi! This is how I will sound in your video.",
  es: "¡Hola! Así sonará mi voz en tu vídeo.",
  fr: "Bonjour ! Voici comment je sonnerai dans votre vidéo.",
  de: "Hallo! So klinge ich in deinem Video.",
  it: "Ciao! Ecco come suonerà la mia voce nel tuo video.",
  pt: "Olá! É assim que a minha voz vai soar no seu vídeo.",
};

/**
 * The sample text: a sentence where we have one; otherwise the language's own
 * name and the numbers one to five, which the voice reads in its language
 * (no machine-made sentence a native speaker would wince at).
 */
export function sampleSentence(language: string): string {
  const own = SAMPLES[primaryLanguage(language)];
  if (own) return own;
  const l = language === "mul" ? null : findLanguage(language);
  return l ? `${l.native}. 1, 2, 3, 4, 5.` : SAMPLES.en!;
}

const cache = new Map<string, Promise<Uint8Array>>();

/**
 * A short spoken sample (WAV) of a voice. Concurrent requests for one voice
 * share one synthesis; a failure is not cached, so the next request tries again.
 */
export function voiceSample(
  voiceId: string,
  options: { env?: Env; abortSignal?: AbortSignal } = {},
): Promise<Uint8Array> {
  const cached = cache.get(voiceId);
  if (cached) return cached;
  let pending: Promise<Uint8Array>;
  try {
    const voice = findVoice(voiceId);
    pending = synthesizeNarration({
      text: sampleSentence(voice.language),
      voiceId,
      env: options.env,
      abortSignal: options.abortSignal,
      timeoutMs: 30_000,
      // A sample needs no captions: no transcription call.
      transcribe: false,
    }).then((r) => r.audio);
  } catch (err) {
    return Promise.reject(err);
  }
  cache.set(voiceId, pending);
  pending.catch(() => cache.delete(voiceId));
  return pending;
}

/** For tests: forget every sample. */
export function clearVoiceSamples(): void {
  cache.clear();
}
