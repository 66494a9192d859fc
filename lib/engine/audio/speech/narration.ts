/**
 * `synthesizeNarration`: one scene's narration as WAV plus its caption cues.
 * Offline (eSpeak NG) every caption phrase is synthesised on its own and the
 * WAVs are joined, so each phrase's timing is its exact length; its words are
 * timed inside it by offline-words.ts (a second, gapped reading measures them). With a
 * provider the whole text is spoken in one call (natural prosody), then a
 * transcription model gives word timings, which are grouped into the same
 * phrases. Every failure is a SpeechError; nothing waits forever.
 */
import "server-only";
import { experimental_generateSpeech as generateSpeech, experimental_transcribe as transcribe } from "ai";
import type { SharedV3Warning } from "@ai-sdk/provider";
import type { CaptionCue } from "@/lib/engine/composition/cues";
import { cuesFromWordTimings, estimateCues, type TimedWord } from "@/lib/engine/audio/captions";
import { phraseWords, splitPhrases, type Phrase } from "@/lib/engine/audio/phrases";
import { concatWavs, durationMs, encodeWav, frameCount, parseWav, type Wav } from "@/lib/engine/audio/wav";
import { keyFor, PROVIDER_ENGINES, primaryLanguage, type Env, type ProviderEngine } from "./engines";
import { createEspeakSpeechModel } from "./espeak-model";
import { offlineWordSpans, WORD_GAP_MS } from "./offline-words";
import { SpeechError, toSpeechError } from "./errors";
import { providerAudioToWav } from "./provider-audio";
import { MAX_NARRATION_CHARS } from "./schema";
import { findVoice, toVoiceInfo, type VoiceEntry, type VoiceInfo } from "./voices";

export const DEFAULT_NARRATION_TIMEOUT_MS = 120_000;
/** Two phrases at a time: the machine has two cores and eSpeak is single-threaded. */
const ESPEAK_CONCURRENCY = 2;

export interface NarrationRequest {
  text: string;
  voiceId: string;
  /** The narration's language (BCP 47 or ISO 639-1); checked against offline voices, a hint for transcription. */
  language?: string;
  /** 0.5–2, 1 = the voice's normal pace. */
  speed?: number;
  abortSignal?: AbortSignal;
  /** For the whole narration, speech and timing together (default 120 s). */
  timeoutMs?: number;
  /**
   * Providers only: false skips the transcription call that times words (one
   * paid request less); the cues are then estimated. Offline timing is always exact.
   */
  transcribe?: boolean;
  env?: Env;
}

export type CaptionTiming = "phrase" | "word" | "estimated";

export interface NarrationResult {
  /** 16-bit PCM WAV. */
  audio: Uint8Array;
  mediaType: "audio/wav";
  durationMs: number;
  /** Relative to the narration's start; contiguous; the last ends at durationMs. */
  cues: CaptionCue[];
  voice: VoiceInfo;
  /** What made the audio, for labels and credits, e.g. "eSpeak NG (offline)". */
  modelLabel: string;
  /** How the cues were timed: per phrase by the engine, per word by a transcriber, or estimated (fallback). */
  captionTiming: CaptionTiming;
  warnings: string[];
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  it: "Italian",
  pt: "Portuguese",
};

function languageName(tag: string): string {
  return LANGUAGE_NAMES[primaryLanguage(tag)] ?? tag;
}

function warningText(w: SharedV3Warning): string {
  return "details" in w && w.details ? w.details : "message" in w && w.message ? w.message : JSON.stringify(w);
}

/** Checks everything that can be checked before any work: the voice, the text, the language. */
function validate(
  req: NarrationRequest,
  env: Env,
): { entry: VoiceEntry; voice: VoiceInfo; text: string; phrases: Phrase[] } {
  const entry = findVoice(req.voiceId);
  const voice = toVoiceInfo(entry, env);
  if (!voice.enabled)
    throw new SpeechError(
      "voice_unavailable",
      `${voice.label} is not available on this server. ${voice.note ?? ""}`.trim(),
    );
  const text = (req.text ?? "").trim();
  if (!text) throw new SpeechError("empty_text", "There is no narration to read.");
  if (text.length > MAX_NARRATION_CHARS) {
    throw new SpeechError(
      "text_too_long",
      `This narration is ${text.length.toLocaleString("en")} characters long; a scene can have at most ${MAX_NARRATION_CHARS.toLocaleString("en")} (about two minutes of speech). Split it over more scenes.`,
    );
  }
  const phrases = splitPhrases(text);
  if (phrases.length === 0) throw new SpeechError("empty_text", "The narration has no words to read.");
  if (req.language && voice.language !== "mul" && primaryLanguage(req.language) !== primaryLanguage(voice.language)) {
    throw new SpeechError(
      "bad_request",
      `${voice.label} speaks ${languageName(voice.language)}, not ${languageName(req.language)}; choose a ${languageName(req.language)} voice.`,
    );
  }
  if (req.speed !== undefined && !(req.speed >= 0.5 && req.speed <= 2)) {
    throw new SpeechError("bad_request", "Speaking speed must be between 0.5× and 2×.");
  }
  return { entry, voice, text, phrases };
}

export async function synthesizeNarration(req: NarrationRequest): Promise<NarrationResult> {
  const env = req.env ?? process.env;
  const { entry, voice, text, phrases } = validate(req, env);
  const timeout = AbortSignal.timeout(req.timeoutMs ?? DEFAULT_NARRATION_TIMEOUT_MS);
  const abortSignal = req.abortSignal ? AbortSignal.any([req.abortSignal, timeout]) : timeout;
  if (entry.provider === "espeak") return narrateOffline({ entry, voice, phrases, speed: req.speed, abortSignal, env });
  return narrateWithProvider({
    engine: PROVIDER_ENGINES[entry.provider],
    entry,
    voice,
    text,
    language: req.language,
    speed: req.speed,
    transcribe: req.transcribe ?? true,
    abortSignal,
    env,
  });
}

/** How a phrase is given to eSpeak: a phrase cut mid-clause gets a comma (a continuing tune) and no pause after it. */
function spokenPhrase(p: Phrase): { text: string; endPause: boolean } {
  return p.end === "none" ? { text: `${p.text},`, endPause: false } : { text: p.text, endPause: true };
}

async function narrateOffline(a: {
  entry: VoiceEntry;
  voice: VoiceInfo;
  phrases: Phrase[];
  speed?: number;
  abortSignal: AbortSignal;
  env: Env;
}): Promise<NarrationResult> {
  const model = createEspeakSpeechModel({}, a.env);
  const clips: Wav[] = new Array(a.phrases.length);
  const spans: { startMs: number; endMs: number }[][] = new Array(a.phrases.length);
  const warnings = new Set<string>();
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < a.phrases.length) {
      const index = next++;
      const spoken = spokenPhrase(a.phrases[index]!);
      const result = await generateSpeech({
        model,
        text: spoken.text,
        voice: a.entry.id,
        speed: a.speed,
        providerOptions: { espeak: { endPause: spoken.endPause } },
        abortSignal: a.abortSignal,
        maxRetries: 0,
      });
      result.warnings.forEach((w) => warnings.add(warningText(w)));
      const clip = parseWav(result.audio.uint8Array);
      clips[index] = clip;
      // Word times: the same phrase spoken once more with long gaps between words measures each word.
      const words = phraseWords(a.phrases[index]!.text);
      let reference: Wav | null = null;
      if (words.length > 1) {
        const gapped = await generateSpeech({
          model,
          text: spoken.text,
          voice: a.entry.id,
          providerOptions: { espeak: { endPause: false, wordGapMs: WORD_GAP_MS } },
          abortSignal: a.abortSignal,
          maxRetries: 0,
        });
        reference = parseWav(gapped.audio.uint8Array);
      }
      spans[index] = offlineWordSpans({ clip, words, reference });
    }
  };
  const guarded = () =>
    worker().catch((err: unknown) => {
      // One failed phrase fails the narration: the other worker stops taking phrases.
      failed = true;
      throw err;
    });
  try {
    await Promise.all(Array.from({ length: Math.min(ESPEAK_CONCURRENCY, a.phrases.length) }, guarded));
  } catch (err) {
    throw toSpeechError(err, "The offline speech engine (eSpeak NG)");
  }
  const joined = concatWavs(clips);
  // Boundaries from whole frames, computed like the total, so the last cue ends exactly at durationMs.
  const rate = joined.format.sampleRate;
  let frames = 0;
  const cues: CaptionCue[] = a.phrases.map((p, i) => {
    const startMs = (frames * 1000) / rate;
    frames += frameCount(clips[i]!);
    const endMs = (frames * 1000) / rate;
    const words = phraseWords(p.text).map((text, k) => {
      const span = spans[i]![k]!;
      const s = Math.min(endMs, startMs + span.startMs);
      return { text, startMs: s, endMs: Math.max(s, Math.min(endMs, startMs + span.endMs)) };
    });
    return { text: p.text, startMs, endMs, words };
  });
  return {
    audio: encodeWav(joined),
    mediaType: "audio/wav",
    durationMs: durationMs(joined),
    cues,
    voice: a.voice,
    modelLabel: "eSpeak NG (offline)",
    captionTiming: "word",
    warnings: [...warnings],
  };
}

/**
 * Transcribers answer words (whisper-1 with word granularity, Scribe) or, for
 * some models, whole segments: a segment's time is shared among its words by length.
 */
function timedWords(segments: readonly { text: string; startSecond: number; endSecond: number }[]): TimedWord[] {
  return segments.flatMap((s) => {
    const words = s.text.trim().split(/\s+/u).filter(Boolean);
    const start = s.startSecond * 1000;
    const span = Math.max(0, s.endSecond * 1000 - start);
    const total = words.reduce((sum, w) => sum + w.length, 0) || 1;
    let at = start;
    return words.map((w) => {
      const length = (span * w.length) / total;
      const word = { text: w, startMs: at, endMs: at + length };
      at += length;
      return word;
    });
  });
}

async function narrateWithProvider(a: {
  engine: ProviderEngine;
  entry: VoiceEntry;
  voice: VoiceInfo;
  text: string;
  language?: string;
  speed?: number;
  transcribe: boolean;
  abortSignal: AbortSignal;
  env: Env;
}): Promise<NarrationResult> {
  const apiKey = keyFor(a.engine, a.env)!;
  const warnings: string[] = [];
  let speed = a.speed;
  if (speed !== undefined) {
    const [low, high] = a.engine.speedRange;
    const clamped = Math.min(high, Math.max(low, speed));
    if (clamped !== speed) warnings.push(`${a.engine.label} speaks at ${low}× to ${high}×; used ${clamped}×.`);
    speed = clamped;
  }
  let wav: Wav;
  try {
    const speech = await generateSpeech({
      model: a.engine.speech(apiKey),
      text: a.text,
      voice: a.entry.engineVoice,
      outputFormat: a.engine.outputFormat,
      speed,
      abortSignal: a.abortSignal,
      // The job system retries on its own terms; one SDK retry covers blips.
      maxRetries: 1,
    });
    speech.warnings.forEach((w) => warnings.push(warningText(w)));
    wav = await providerAudioToWav(speech.audio.uint8Array, a.engine.pcm, { env: a.env, abortSignal: a.abortSignal });
  } catch (err) {
    throw toSpeechError(err, a.engine.label);
  }
  const duration = durationMs(wav);
  if (duration < 50) throw new SpeechError("provider_error", `${a.engine.label} returned no audible narration.`);
  const audio = encodeWav(wav);

  // Timing is best effort: the speech is paid for and good, so a failed transcription costs exactness, not the narration.
  const base = {
    audio,
    mediaType: "audio/wav" as const,
    durationMs: duration,
    voice: a.voice,
    modelLabel: `${a.engine.label} ${a.engine.speechModelId}`,
    warnings,
  };
  if (!a.transcribe) return { ...base, cues: estimateCues(a.text, duration), captionTiming: "estimated" };

  let cues: CaptionCue[];
  let captionTiming: CaptionTiming = "word";
  try {
    const transcript = await transcribe({
      model: a.engine.transcription(apiKey),
      audio,
      providerOptions: a.engine.transcriptionOptions(a.language),
      abortSignal: a.abortSignal,
      maxRetries: 1,
    });
    const words = timedWords(transcript.segments);
    if (words.length === 0) throw new Error("the transcript has no timed words");
    cues = cuesFromWordTimings({ text: a.text, words, durationMs: duration });
  } catch (err) {
    const reason = toSpeechError(err, a.engine.label).message;
    warnings.push(`Captions are timed approximately: word timings were not available (${reason}).`);
    cues = estimateCues(a.text, duration);
    captionTiming = "estimated";
  }
  return { ...base, cues, captionTiming };
}
