/**
 * Caption cues from speech timings, and the WebVTT track of a whole video.
 * Offline the speech engine times each phrase (its own WAV length); with a
 * transcription model each word has a time, and words are grouped back into
 * the same phrases. Cues of one narration are contiguous: a phrase stays up
 * until the next one starts, so captions never flicker off between phrases.
 * Pure and browser-safe.
 */
import type { CaptionCue, CaptionWord } from "@/lib/engine/composition/cues";
import { phraseWords, splitPhrases, type Phrase } from "./phrases";

/** Cues for phrases spoken one after another, each lasting its measured duration. */
export function cuesFromPhraseDurations(
  phrases: readonly Pick<Phrase, "text">[],
  durationsMs: readonly number[],
): CaptionCue[] {
  if (phrases.length !== durationsMs.length)
    throw new Error(`${phrases.length} phrases but ${durationsMs.length} durations`);
  const cues: CaptionCue[] = [];
  let at = 0;
  phrases.forEach((p, i) => {
    const end = at + Math.max(0, durationsMs[i]!);
    cues.push({ text: p.text, startMs: at, endMs: end });
    at = end;
  });
  return cues;
}

/**
 * Cues when only the total duration is known: each phrase gets time in
 * proportion to its letters. A fallback, never exact.
 */
export function estimateCues(text: string, durationMs: number): CaptionCue[] {
  const phrases = splitPhrases(text);
  const weights = phrases.map((p) => Math.max(1, normalise(p.text).length));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return phrases.map((p, i) => {
    const startMs = (durationMs * sum) / total;
    sum += weights[i]!;
    // The last cue ends exactly at the duration, whatever the rounding on the way.
    const endMs = i === phrases.length - 1 ? durationMs : (durationMs * sum) / total;
    return { text: p.text, startMs, endMs };
  });
}

export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

/** Lower case, accents and punctuation off: "Café," and "cafe" are the same word. */
function normalise(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * For each written word, the index of the transcribed word it was heard as
 * (or -1): an edit-distance alignment, so a misheard or extra word shifts
 * nothing after it.
 */
function align(written: string[], heard: string[]): number[] {
  const n = written.length;
  const m = heard.length;
  const cols = m + 1;
  const cost = new Float64Array((n + 1) * cols);
  for (let i = 0; i <= n; i++) cost[i * cols] = i;
  for (let j = 0; j <= m; j++) cost[j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = written[i - 1] === heard[j - 1] ? 0 : 1;
      cost[i * cols + j] = Math.min(
        cost[(i - 1) * cols + j - 1]! + same,
        cost[(i - 1) * cols + j]! + 1,
        cost[i * cols + j - 1]! + 1,
      );
    }
  }
  const match = new Array<number>(n).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = cost[i * cols + j]!;
    const same = written[i - 1] === heard[j - 1] ? 0 : 1;
    if (here === cost[(i - 1) * cols + j - 1]! + same) {
      match[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === cost[(i - 1) * cols + j]! + 1) i--;
    else j--;
  }
  return match;
}

/**
 * Cues from a transcription's word timings: the narration's own phrases and
 * words (as written), each word timed by the transcribed word it aligns with;
 * words the transcriber missed share the time between their neighbours.
 */
export function cuesFromWordTimings(a: {
  text: string;
  words: readonly TimedWord[];
  durationMs: number;
}): CaptionCue[] {
  const phrases = splitPhrases(a.text);
  const heardWords = a.words.filter((w) => normalise(w.text).length > 0);
  const written = phrases.flatMap((p, phrase) => phraseWords(p.text).map((text) => ({ text, phrase })));
  const match = align(
    written.map((w) => normalise(w.text)),
    heardWords.map((w) => normalise(w.text)),
  );

  const clamp = (ms: number) => Math.min(a.durationMs, Math.max(0, ms));
  const times: { startMs: number; endMs: number }[] = written.map((_, i) => {
    const heard = match[i]! >= 0 ? heardWords[match[i]!] : undefined;
    return heard ? { startMs: clamp(heard.startMs), endMs: clamp(heard.endMs) } : { startMs: NaN, endMs: NaN };
  });
  // Unheard runs share the gap between the words around them.
  for (let i = 0; i < times.length; ) {
    if (!Number.isNaN(times[i]!.startMs)) {
      i++;
      continue;
    }
    let j = i;
    while (j < times.length && Number.isNaN(times[j]!.startMs)) j++;
    const from = i > 0 ? times[i - 1]!.endMs : 0;
    const to = j < times.length ? times[j]!.startMs : a.durationMs;
    const step = Math.max(0, to - from) / (j - i);
    for (let k = i; k < j; k++) times[k] = { startMs: from + step * (k - i), endMs: from + step * (k - i + 1) };
    i = j;
  }
  // Never backwards in time, even if the transcriber said so.
  let floor = 0;
  for (const t of times) {
    t.startMs = Math.max(t.startMs, floor);
    t.endMs = Math.max(t.endMs, t.startMs);
    floor = t.startMs;
  }

  const starts: number[] = [];
  phrases.forEach((_, p) => {
    const first = written.findIndex((w) => w.phrase === p);
    const previous = starts[p - 1] ?? 0;
    starts.push(p === 0 ? 0 : first >= 0 ? Math.max(previous, times[first]!.startMs) : previous);
  });
  return phrases.map((p, k) => {
    const startMs = starts[k]!;
    const endMs = k + 1 < phrases.length ? Math.max(startMs, starts[k + 1]!) : Math.max(startMs, a.durationMs);
    const words: CaptionWord[] = written
      .map((w, i) => ({ w, t: times[i]! }))
      .filter(({ w }) => w.phrase === k)
      .map(({ w, t }) => {
        const s = Math.min(Math.max(t.startMs, startMs), endMs);
        return { text: w.text, startMs: s, endMs: Math.min(Math.max(t.endMs, s), endMs) };
      });
    return { text: p.text, startMs, endMs, words };
  });
}

// ---- WebVTT ----

export interface CaptionTrack {
  /** Where this narration starts in the video. */
  offsetMs: number;
  cues: readonly CaptionCue[];
}

function timestamp(totalMs: number): string {
  const ms = Math.max(0, Math.round(totalMs));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (v: number, width = 2) => String(v).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Cue text is HTML-like in WebVTT: & < > must be escaped, and a blank line would end the cue. */
function cueText(text: string): string {
  return text.replace(/\s+/gu, " ").trim().replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * One WebVTT file for a whole video: every scene's cues moved to where its
 * narration starts, in time order, none overlapping (a cue is cut where the
 * next one starts), empty and zero-length cues left out.
 */
export function toWebVtt(tracks: readonly CaptionTrack[]): string {
  const blocks = placedCues(tracks).map((c) => `${timestamp(c.start)} --> ${timestamp(c.end)}\n${timedCueText(c)}`);
  return blocks.length ? `WEBVTT\n\n${blocks.join("\n\n")}\n` : "WEBVTT\n";
}

interface PlacedCue {
  start: number;
  end: number;
  text: string;
  words: { text: string; start: number }[] | null;
}

/** Every track's cues on the video's clock, in time order, none overlapping, empty and zero-length ones left out. */
function placedCues(tracks: readonly CaptionTrack[]): PlacedCue[] {
  const cues = tracks
    .flatMap((t) =>
      t.cues.map((c) => ({
        start: Math.round(t.offsetMs + c.startMs),
        end: Math.round(t.offsetMs + c.endMs),
        text: c.text.replace(/\s+/gu, " ").trim(),
        words: c.words?.length
          ? c.words.map((w) => ({ text: w.text, start: Math.round(t.offsetMs + w.startMs) }))
          : null,
      })),
    )
    .filter((c) => c.text.length > 0)
    .sort((x, y) => x.start - y.start);
  const out: PlacedCue[] = [];
  cues.forEach((c, i) => {
    const next = cues[i + 1];
    const end = next ? Math.min(c.end, next.start) : c.end;
    if (end > c.start) out.push({ ...c, end });
  });
  return out;
}

/**
 * A cue's text with WebVTT inline timestamps before each word spoken after
 * the cue starts (`Fresh <00:00:01.500>coffee`), which players that support
 * them use for karaoke-style highlighting; a timestamp must lie strictly
 * inside the cue and after the previous one, else it is left out.
 */
function timedCueText(c: PlacedCue): string {
  if (!c.words) return cueText(c.text);
  let last = c.start;
  return c.words
    .map((w) => {
      const text = cueText(w.text);
      if (w.start <= last || w.start >= c.end) return text;
      last = w.start;
      return `<${timestamp(w.start)}>${text}`;
    })
    .join(" ");
}

/** SRT timestamps use a comma before the milliseconds. */
const srtTimestamp = (ms: number) => timestamp(ms).replace(".", ",");

/** The same cues as SubRip (SRT): numbered phrase cues, plain text (SRT has no word timing). */
export function toSrt(tracks: readonly CaptionTrack[]): string {
  return placedCues(tracks)
    .map((c, i) => `${i + 1}\n${srtTimestamp(c.start)} --> ${srtTimestamp(c.end)}\n${c.text}\n`)
    .join("\n");
}

const VTT_TIMING = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})/;

/**
 * A WebVTT file as written by toWebVtt, as SRT: each cue's timing and text,
 * inline timestamps and tags taken out and entities decoded. Anything that is
 * not a cue (the header, notes) is skipped. Linear in the file's length.
 */
export function webVttToSrt(vtt: string): string {
  const out: string[] = [];
  for (const block of vtt.replace(/\r\n?/g, "\n").split("\n\n")) {
    const lines = block.split("\n");
    const at = lines.findIndex((l) => VTT_TIMING.test(l));
    if (at < 0) continue;
    const m = VTT_TIMING.exec(lines[at]!)!;
    const text = lines
      .slice(at + 1)
      .join("\n")
      .replace(/<[^<>]*>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&")
      .trim();
    if (!text) continue;
    out.push(`${out.length + 1}\n${m[1]}:${m[2]}:${m[3]},${m[4]} --> ${m[5]}:${m[6]}:${m[7]},${m[8]}\n${text}\n`);
  }
  return out.join("\n");
}
