/**
 * Burned-in captions: groups a scene's cues (phrases, from lib/engine/audio) into
 * pages of at most `maxChars` characters and `maxLines` lines, wraps each
 * page's words at the caption size (each word remembers its phrase, so the
 * spoken phrase can be highlighted inside the page) and gives every page its
 * time on screen. Pure, browser-safe; times are ms from the narration start.
 */
import type { CaptionCue } from "./cues";
import type { FontSpec, MeasureFn } from "./measure";
import { breakableWords, isGlued, unglued } from "@/lib/engine/language/segment";

export interface CaptionLayoutOptions {
  maxChars: number;
  maxLines: number;
  /** Caption size in px, and the smallest it may shrink to for a long phrase. */
  fontPx: number;
  minFontPx: number;
  /** Width available for a line, px. */
  width: number;
  measure: MeasureFn;
  font: FontSpec;
  /** A page stays up this long after its last phrase when nothing follows at once. */
  holdMs?: number;
}

export interface CaptionPageWord {
  text: string;
  /** Index of the phrase (in `phrases`) the word belongs to. */
  phrase: number;
  /** When the word is spoken, if known (transcription timings). */
  startMs?: number;
  endMs?: number;
}

export interface CaptionPage {
  startMs: number;
  endMs: number;
  fontPx: number;
  phrases: { startMs: number; endMs: number }[];
  lines: CaptionPageWord[][];
}

interface Piece {
  text: string;
  startMs: number;
  endMs: number;
  words: { text: string; startMs?: number; endMs?: number }[];
}

const HOLD_MS = 400;

/** Words of a cue; Chinese, Japanese and Thai runs are cut into glued words (lib/engine/language/segment.ts). */
const splitWords = (text: string) => breakableWords(text);

/** Cues longer than a page are cut into page-sized pieces, sharing the cue's time by characters (or by word timings). */
function toPieces(cues: readonly CaptionCue[], maxChars: number): Piece[] {
  const out: Piece[] = [];
  for (const cue of cues) {
    const words: Piece["words"] = cue.words?.length
      ? cue.words.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs }))
      : splitWords(cue.text).map((text) => ({ text }));
    if (words.length === 0) continue;
    const chunks: (typeof words)[] = [];
    let cur: typeof words = [];
    let chars = 0;
    for (const w of words) {
      if (cur.length > 0 && chars + 1 + w.text.length > maxChars) {
        chunks.push(cur);
        cur = [];
        chars = 0;
      }
      chars += (cur.length ? 1 : 0) + w.text.length;
      cur.push(w);
    }
    if (cur.length) chunks.push(cur);
    const total = chunks.reduce((a, c) => a + c.map((w) => w.text).join(" ").length, 0);
    let t = cue.startMs;
    for (const c of chunks) {
      const text = c.map((w) => w.text).join(" ");
      const timed = c[0]?.startMs !== undefined && c[c.length - 1]?.endMs !== undefined;
      const share = ((cue.endMs - cue.startMs) * text.length) / Math.max(1, total);
      const startMs = timed ? c[0]!.startMs! : t;
      const endMs = timed ? c[c.length - 1]!.endMs! : t + share;
      out.push({ text, startMs, endMs, words: c });
      t = endMs;
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

/** Greedy word wrap; null when a word alone is wider than the line. */
function wrapWords(
  words: readonly CaptionPageWord[],
  px: number,
  opts: CaptionLayoutOptions,
): CaptionPageWord[][] | null {
  const space = opts.measure(" ", px, opts.font);
  const lines: CaptionPageWord[][] = [];
  let line: CaptionPageWord[] = [];
  let width = 0;
  for (const w of words) {
    const ww = opts.measure(w.text, px, opts.font);
    if (ww > opts.width) return null;
    const needed = line.length ? width + (isGlued(w.text) ? 0 : space) + ww : ww;
    if (line.length && needed > opts.width) {
      lines.push(line);
      line = [{ ...w, text: unglued(w.text) }];
      width = ww;
    } else {
      line.push(w);
      width = needed;
    }
  }
  if (line.length) lines.push(line);
  return lines;
}

function pageWords(pieces: readonly Piece[]): CaptionPageWord[] {
  return pieces.flatMap((p, phrase) => p.words.map((w) => ({ ...w, phrase })));
}

/** The lines of a page at the largest size (from fontPx down to minFontPx) that keeps it within maxLines. */
function layoutPage(
  pieces: readonly Piece[],
  opts: CaptionLayoutOptions,
): { lines: CaptionPageWord[][]; fontPx: number } | null {
  const words = pageWords(pieces);
  for (let px = opts.fontPx; px >= opts.minFontPx - 1e-9; px -= Math.max(0.5, opts.fontPx * 0.05)) {
    const lines = wrapWords(words, px, opts);
    if (lines && lines.length <= opts.maxLines) return { lines, fontPx: px };
  }
  return null;
}

export function buildCaptionPages(cues: readonly CaptionCue[], opts: CaptionLayoutOptions): CaptionPage[] {
  const pieces = toPieces(cues, opts.maxChars);
  const groups: Piece[][] = [];
  let cur: Piece[] = [];
  for (const p of pieces) {
    const candidate = [...cur, p];
    const chars = candidate.map((c) => c.text).join(" ").length;
    const gap = cur.length ? p.startMs - cur[cur.length - 1]!.endMs : 0;
    // A long silence also ends a page, so a caption never hangs over a pause.
    if (
      cur.length &&
      (chars > opts.maxChars || gap > 1200 || !layoutPage(candidate, { ...opts, minFontPx: opts.fontPx }))
    ) {
      groups.push(cur);
      cur = [p];
    } else cur = candidate;
  }
  if (cur.length) groups.push(cur);

  const hold = opts.holdMs ?? HOLD_MS;
  const pages: CaptionPage[] = [];
  groups.forEach((g, i) => {
    const laid = layoutPage(g, opts) ?? {
      lines: wrapWords(pageWords(g), opts.minFontPx, { ...opts, width: Infinity }) ?? [],
      fontPx: opts.minFontPx,
    };
    const startMs = g[0]!.startMs;
    const lastEnd = g[g.length - 1]!.endMs;
    const next = groups[i + 1]?.[0]?.startMs;
    const endMs = next !== undefined ? Math.min(next, lastEnd + hold) : lastEnd + hold;
    pages.push({
      startMs,
      endMs: Math.max(endMs, startMs + 1),
      fontPx: laid.fontPx,
      phrases: g.map((p) => ({ startMs: p.startMs, endMs: p.endMs })),
      lines: laid.lines,
    });
  });
  return pages;
}

/** The phrase being spoken at `ms` within a page: the last one that has started (so the highlight never blinks off between phrases). */
export function activePhrase(page: Pick<CaptionPage, "phrases">, ms: number): number {
  let active = -1;
  page.phrases.forEach((p, i) => {
    if (p.startMs <= ms) active = i;
  });
  return active;
}
