/**
 * The audio toolkit of the video feature: WAV bytes, caption phrases and cues,
 * WebVTT. Pure computation, no keys and no processes (speech lives in
 * lib/engine/audio/speech, its own entry too). The background music is its own entry, `@/lib/engine/audio/music`,
 * so importing captions (e.g. in a browser bundle) does not pull in the synthesiser.
 */
export * from "./wav";
export {
  splitPhrases,
  phraseWords,
  DEFAULT_PHRASE_LIMITS,
  type Phrase,
  type PhraseEnd,
  type PhraseLimits,
} from "./phrases";
export {
  cuesFromPhraseDurations,
  cuesFromWordTimings,
  estimateCues,
  toSrt,
  toWebVtt,
  webVttToSrt,
  type CaptionTrack,
  type TimedWord,
} from "./captions";
export { AudioError, type AudioErrorCode } from "./errors";
