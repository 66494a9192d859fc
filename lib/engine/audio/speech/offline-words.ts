/**
 * Word times for offline narration. The eSpeak NG command line reports no word
 * events, so each phrase is spoken twice: once naturally (the audio people
 * hear) and once with a long pause between words (`-g`), whose sound runs are
 * the words' own lengths in the same voice and pace. Those lengths are scaled
 * into the natural reading and every boundary is snapped to the quietest short
 * window near it (lib/engine/audio/word-timing.ts). When the gapped reading
 * does not split into as many runs as there are written words (a number read
 * as several words, an abbreviation spelt out), letters stand in for lengths.
 */
import { soundSegments, envelope, timeWordsInClip, type WordSpan } from "@/lib/engine/audio/word-timing";
import type { Wav } from "@/lib/engine/audio/wav";

/** The pause asked for between words in the measuring reading. */
export const WORD_GAP_MS = 300;
/** Quiet shorter than this inside the measuring reading is part of a word (a stop consonant), not a gap. */
const MIN_GAP_MS = 140;

const letters = (word: string) => Math.max(1, word.replace(/[^\p{L}\p{N}]/gu, "").length);

/** Relative word lengths: from the gapped reading when it splits cleanly, else letters. */
export function wordWeights(words: readonly string[], reference: Wav | null): number[] {
  if (reference && words.length > 1) {
    const runs = soundSegments(envelope(reference), MIN_GAP_MS);
    if (runs.length === words.length) return runs.map((r) => Math.max(1, r.endMs - r.startMs));
  }
  return words.map(letters);
}

/** Each word's [start, end] in ms from the start of the phrase's clip. */
export function offlineWordSpans(a: { clip: Wav; words: readonly string[]; reference: Wav | null }): WordSpan[] {
  return timeWordsInClip(a.clip, wordWeights(a.words, a.reference));
}
