/**
 * Narration for videos: the voice catalogue, speech through the AI SDK
 * (eSpeak NG offline; OpenAI and ElevenLabs when keyed), caption cues timed
 * from the speech, and voice samples for the picker. Server only: it runs
 * processes and holds API keys.
 */
import "server-only";

export {
  synthesizeNarration,
  DEFAULT_NARRATION_TIMEOUT_MS,
  type NarrationRequest,
  type NarrationResult,
  type CaptionTiming,
} from "./narration";
export {
  listVoices,
  voicesForLanguage,
  defaultVoiceId,
  findVoice,
  DEFAULT_OFFLINE_VOICE_ID,
  type VoiceInfo,
} from "./voices";
export { voiceSample, sampleSentence } from "./sample";
export {
  MAX_NARRATION_CHARS,
  voiceIdSchema,
  narrationTextSchema,
  speechLanguageSchema,
  speechSpeedSchema,
} from "./schema";
export { SpeechError, toSpeechError, type SpeechErrorCode } from "./errors";
export { createEspeakSpeechModel, EspeakSpeechModel, ESPEAK_MAX_CHARS, type EspeakModelSettings } from "./espeak-model";
export { isEspeakInstalled, PROVIDER_ENGINES } from "./engines";
