/**
 * The voice catalogue as data: every voice the product offers, the engine
 * that speaks it and what it takes to enable it. Ids are stable (they are
 * stored in compositions): `espeak:en-us-f`, `openai:coral`, `elevenlabs:rachel`.
 * Offline eSpeak voices need only the Debian package; provider voices appear
 * when their key is set.
 */
import "server-only";
import {
  espeakBinary,
  ESPEAK_INSTALL_HINT,
  isEspeakInstalled,
  keyFor,
  PROVIDER_ENGINES,
  primaryLanguage,
  type EngineId,
  type Env,
} from "./engines";
import { SpeechError } from "./errors";
import { LANGUAGES, languageLabel, primarySubtag } from "@/lib/engine/language/languages";

export interface VoiceInfo {
  id: string;
  label: string;
  /** BCP 47 tag of the language it speaks; "mul" for voices that speak the narration's language, whatever it is. */
  language: string;
  description: string;
  provider: EngineId;
  enabled: boolean;
  /** Runs on this server (free, instant, no key); false for paid providers. */
  local: boolean;
  /** Why it is disabled and how to enable it; null when enabled. */
  note: string | null;
}

export interface VoiceEntry {
  id: string;
  label: string;
  language: string;
  description: string;
  provider: EngineId;
  /** What the engine calls it: an eSpeak voice+variant, an OpenAI voice name, an ElevenLabs voice id. */
  engineVoice: string;
}

const OFFLINE = "Offline voice (eSpeak NG): synthetic-sounding, but free and instant.";

function espeak(id: string, engineVoice: string, language: string, label: string): VoiceEntry {
  return { id: `espeak:${id}`, label, language, description: OFFLINE, provider: "espeak", engineVoice };
}

function openai(name: string, description: string): VoiceEntry {
  return {
    id: `openai:${name}`,
    label: `${name[0]!.toUpperCase()}${name.slice(1)} (OpenAI)`,
    language: "mul",
    description,
    provider: "openai",
    engineVoice: name,
  };
}

function elevenlabs(name: string, voiceId: string, description: string): VoiceEntry {
  return {
    id: `elevenlabs:${name.toLowerCase()}`,
    label: `${name} (ElevenLabs)`,
    language: "mul",
    description,
    provider: "elevenlabs",
    engineVoice: voiceId,
  };
}

/** The languages the first twelve voices already speak: the catalogue adds the other voice for two of them. */
const HAND_PICKED = new Set(["en", "es", "fr", "de"]);

/**
 * An offline female and male voice for every language a video can be made in
 * (lib/engine/language), after the hand-picked ones; ids `espeak:<tag>-f` /
 * `espeak:<tag>-m` follow the first twelve and never change once shipped.
 */
function languageVoices(): VoiceEntry[] {
  const out: VoiceEntry[] = [
    espeak("it-f", "it+f3", "it-IT", "Italian · female"),
    espeak("pt-br-m", "pt-br", "pt-BR", "Portuguese (Brazil) · male"),
  ];
  for (const l of LANGUAGES) {
    if (HAND_PICKED.has(l.tag) || l.tag === "it") continue;
    const tag = l.tag.toLowerCase();
    const name = l.tag === "pt" ? "Portuguese (Portugal)" : languageLabel(l.tag);
    out.push(espeak(`${tag}-f`, `${l.espeak}+f3`, l.tag, `${name} · female`));
    out.push(espeak(`${tag}-m`, l.espeak, l.tag, `${name} · male`));
  }
  return out;
}

/**
 * eSpeak variants: `+f3` and friends change the voice's formants and pitch (see
 * `espeak-ng --voices=variant`). They attach to a voice *file* name: `en+f2` is
 * British English with the variant, while `en-gb+f2` silently drops it (so does `fr-fr+f3`).
 */
export const VOICES: readonly VoiceEntry[] = [
  espeak("en-us-f", "en-us+f3", "en-US", "English (US) · female"),
  espeak("en-us-m", "en-us+m3", "en-US", "English (US) · male"),
  espeak("en-gb-f", "en+f2", "en-GB", "English (UK) · female"),
  espeak("en-gb-m", "en", "en-GB", "English (UK) · male"),
  espeak("es-f", "es+f3", "es-ES", "Spanish (Spain) · female"),
  espeak("es-m", "es", "es-ES", "Spanish (Spain) · male"),
  espeak("fr-f", "fr+f3", "fr-FR", "French · female"),
  espeak("fr-m", "fr", "fr-FR", "French · male"),
  espeak("de-f", "de+f3", "de-DE", "German · female"),
  espeak("de-m", "de", "de-DE", "German · male"),
  espeak("it-m", "it", "it-IT", "Italian · male"),
  espeak("pt-br-f", "pt-br+f3", "pt-BR", "Portuguese (Brazil) · female"),
  ...languageVoices(),
  openai("coral", "Warm and friendly; a good default narrator."),
  openai("alloy", "Neutral and clear."),
  openai("nova", "Bright and upbeat."),
  openai("sage", "Calm and measured."),
  openai("echo", "Even, conversational male voice."),
  openai("onyx", "Deep, authoritative male voice."),
  elevenlabs("Rachel", "21m00Tcm4TlvDq8ikWAM", "Calm, young American female narrator."),
  elevenlabs("Sarah", "EXAVITQu4vr4xnJGaSgt", "Soft, reassuring female voice."),
  elevenlabs("George", "JBFqnCBsd6RMkjVDRZzb", "Warm British male storyteller."),
  elevenlabs("Adam", "pNInz6obpgDQGcFsELTp", "Deep American male narrator."),
];

export const DEFAULT_OFFLINE_VOICE_ID = "espeak:en-us-f";

function availability(entry: VoiceEntry, env: Env): { enabled: boolean; note: string | null } {
  if (entry.provider === "espeak") {
    return isEspeakInstalled(env)
      ? { enabled: true, note: null }
      : { enabled: false, note: `eSpeak NG is not installed (${espeakBinary(env)}). ${ESPEAK_INSTALL_HINT}` };
  }
  const engine = PROVIDER_ENGINES[entry.provider];
  return keyFor(engine, env)
    ? { enabled: true, note: null }
    : { enabled: false, note: `Set ${engine.keys.join(" or ")} to enable.` };
}

export function toVoiceInfo(entry: VoiceEntry, env: Env): VoiceInfo {
  return {
    id: entry.id,
    label: entry.label,
    language: entry.language,
    description: entry.description,
    provider: entry.provider,
    local: entry.provider === "espeak",
    ...availability(entry, env),
  };
}

/** Every voice, enabled or not (disabled ones carry a note saying how to enable them). */
export function listVoices(env: Env = process.env): VoiceInfo[] {
  return VOICES.map((v) => toVoiceInfo(v, env));
}

/** Voices that can read `language` (a BCP 47 tag or ISO 639-1 code): same primary language, or multilingual. */
export function voicesForLanguage(language: string, env: Env = process.env): VoiceInfo[] {
  const wanted = primaryLanguage(language);
  return listVoices(env).filter((v) => v.language === "mul" || primaryLanguage(v.language) === wanted);
}

/**
 * The voice to preselect for a composition in `language`: the current voice
 * when it speaks it, else the default for the language (a provider voice when
 * one is enabled: they speak every language), else English (US).
 */
export function voiceForLanguage(language: string, current: string | null, env: Env = process.env): string {
  const fits = current ? VOICES.find((v) => v.id === current) : undefined;
  if (fits && (fits.language === "mul" || primarySubtag(fits.language) === primarySubtag(language))) return fits.id;
  return defaultVoiceId(env, language);
}

/**
 * The voice to preselect: the first enabled provider voice (they sound far
 * better), else the offline voice for the language, else English (US).
 */
export function defaultVoiceId(env: Env = process.env, language?: string): string {
  const enabled = (language ? voicesForLanguage(language, env) : listVoices(env)).filter((v) => v.enabled);
  return enabled.find((v) => !v.local)?.id ?? enabled.find((v) => v.local)?.id ?? DEFAULT_OFFLINE_VOICE_ID;
}

export function findVoice(id: string): VoiceEntry {
  const entry = VOICES.find((v) => v.id === id);
  if (!entry) throw new SpeechError("unknown_voice", `There is no voice called "${id}".`);
  return entry;
}
