/**
 * Word times inside one spoken phrase, from its audio alone: the words' relative
 * lengths (measured by the caller, e.g. the same phrase spoken with long gaps
 * between words, or else their letters) are scaled into the phrase's sound, and
 * each boundary between two words is snapped to the quietest short window near
 * where the scaling puts it. When that window is a pause, the first word ends
 * where the pause begins and the next starts where it ends. Used for offline
 * narration (eSpeak NG gives no word events on the command line). Pure: PCM in,
 * milliseconds out; linear in the number of samples.
 */
import { samplesOf, type Wav } from "./wav";

/** Analysis hop: 5 ms frames (fine enough for a 100 ms tolerance, cheap enough for minutes of speech). */
const HOP_MS = 5;
/** A frame is quiet when its peak is below this share of full scale (about -42 dBFS), or of the clip's own peak. */
const QUIET_ABS = 0.008;
const QUIET_REL = 0.02;
/** The quietest-window search uses windows this long. */
const WINDOW_MS = 20;

export interface Envelope {
  /** Peak absolute sample (0..1) of each HOP_MS frame, all channels together. */
  peaks: Float32Array;
  hopMs: number;
  durationMs: number;
}

export function envelope(wav: Wav): Envelope {
  const samples = samplesOf(wav);
  const { sampleRate, channels } = wav.format;
  const perHop = Math.max(1, Math.round((sampleRate * HOP_MS) / 1000)) * channels;
  const count = Math.ceil(samples.length / perHop);
  const peaks = new Float32Array(count);
  for (let f = 0; f < count; f++) {
    let peak = 0;
    const end = Math.min(samples.length, (f + 1) * perHop);
    for (let i = f * perHop; i < end; i++) {
      const s = samples[i]!;
      const v = s < 0 ? -s : s;
      if (v > peak) peak = v;
    }
    peaks[f] = peak / 32768;
  }
  const frames = samples.length / channels;
  return { peaks, hopMs: (perHop / channels / sampleRate) * 1000, durationMs: (frames / sampleRate) * 1000 };
}

function quietLevel(env: Envelope): number {
  let max = 0;
  for (const p of env.peaks) if (p > max) max = p;
  return Math.max(QUIET_ABS, max * QUIET_REL);
}

/** Runs of sound separated by quiet runs of at least `minGapMs`; [startMs, endMs] each. */
export function soundSegments(env: Envelope, minGapMs: number): { startMs: number; endMs: number }[] {
  const level = quietLevel(env);
  const minGap = Math.max(1, Math.round(minGapMs / env.hopMs));
  const out: { startMs: number; endMs: number }[] = [];
  let start = -1;
  let quiet = 0;
  for (let f = 0; f < env.peaks.length; f++) {
    if (env.peaks[f]! >= level) {
      if (start < 0) start = f;
      quiet = 0;
    } else if (start >= 0) {
      quiet++;
      if (quiet >= minGap) {
        out.push({ startMs: start * env.hopMs, endMs: (f - quiet + 1) * env.hopMs });
        start = -1;
        quiet = 0;
      }
    }
  }
  if (start >= 0) out.push({ startMs: start * env.hopMs, endMs: (env.peaks.length - quiet) * env.hopMs });
  return out.map((s) => ({ startMs: s.startMs, endMs: Math.min(s.endMs, env.durationMs) }));
}

export interface WordSpan {
  startMs: number;
  endMs: number;
}

/**
 * Times for `weights.length` words spoken one after another in `wav` (ms from
 * the clip's start). Starts never go backwards; a word's end is never before
 * its start; the first starts where the sound starts and the last ends where
 * it ends.
 */
export function timeWordsInClip(wav: Wav, weights: readonly number[]): WordSpan[] {
  const n = weights.length;
  if (n === 0) return [];
  const env = envelope(wav);
  const level = quietLevel(env);
  const frames = env.peaks.length;
  const loud = (f: number) => env.peaks[f]! >= level;
  let first = 0;
  while (first < frames && !loud(first)) first++;
  let last = frames - 1;
  while (last > first && !loud(last)) last--;
  if (first >= frames) {
    // No sound at all: share the clip evenly.
    const step = env.durationMs / n;
    return weights.map((_, i) => ({ startMs: i * step, endMs: (i + 1) * step }));
  }
  const positive = weights.map((w) => (Number.isFinite(w) ? Math.max(0, w) : 0));
  const even = positive.every((w) => w === 0);
  const weight = (k: number) => (even ? 1 : positive[k]!);
  const total = even ? n : positive.reduce((a, w) => a + w, 0);
  const span = last + 1 - first;
  const win = Math.max(1, Math.round(WINDOW_MS / env.hopMs));
  // Window sums of the envelope: the energy of each WINDOW_MS window starting at f.
  const sums = new Float64Array(frames + 1);
  for (let f = 0; f < frames; f++) sums[f + 1] = sums[f]! + env.peaks[f]!;
  const windowEnergy = (f: number) => sums[Math.min(frames, f + win)]! - sums[Math.max(0, f)]!;

  // ends[k]: where word k ends; starts[k]: where word k starts (frames).
  const starts: number[] = [first];
  const ends: number[] = [];
  let cumulative = 0;
  let prevBoundary = first;
  const minWord = Math.max(1, Math.round(40 / env.hopMs));
  const reach = Math.max(Math.round(80 / env.hopMs), Math.round((span / n) * 0.4));
  for (let k = 0; k < n - 1; k++) {
    cumulative += weight(k);
    const expected = first + Math.round((span * cumulative) / total);
    const lo = Math.max(prevBoundary + minWord, expected - reach);
    const hi = Math.min(last - minWord * (n - 1 - k), expected + reach);
    let best = Math.min(Math.max(expected, lo), Math.max(lo, hi));
    if (lo <= hi) {
      let bestScore = Infinity;
      for (let f = lo; f <= hi; f++) {
        // The window centred on f; a small pull towards the expected place breaks ties in long pauses.
        const score = windowEnergy(f - (win >> 1)) + (Math.abs(f - expected) / reach) * level * 0.5;
        if (score < bestScore) {
          bestScore = score;
          best = f;
        }
      }
    }
    // In a pause: the word ends where the pause begins, the next starts where it ends.
    let endOfWord = best;
    let startOfNext = best;
    if (!loud(best)) {
      while (endOfWord > prevBoundary && !loud(endOfWord - 1)) endOfWord--;
      while (startOfNext < last && !loud(startOfNext)) startOfNext++;
    }
    ends.push(endOfWord);
    starts.push(startOfNext);
    prevBoundary = startOfNext;
  }
  ends.push(last + 1);
  const toMs = (f: number) => Math.min(env.durationMs, f * env.hopMs);
  const out: WordSpan[] = [];
  for (let k = 0; k < n; k++) {
    const startMs = toMs(starts[k]!);
    out.push({ startMs, endMs: Math.max(startMs, toMs(ends[k]!)) });
  }
  return out;
}
