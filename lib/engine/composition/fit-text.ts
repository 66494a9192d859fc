/**
 * Fits a text into a box: the largest font size between a minimum and a
 * maximum at which the words, wrapped greedily, fit the box's width and
 * height. Only when even the minimum size cannot hold a word on one line is
 * the word broken with a hyphen, and only when the lines still do not fit is
 * the text cut with an ellipsis (and `overflow: true` reported), so what is
 * drawn never spills out of its slot. Pure: the measurement is injected.
 * Browser-safe.
 */
import type { FontSpec, MeasureFn } from "./measure";
import { isGlued, segmentToken, unglued } from "@/lib/engine/language/segment";

export interface FitTextInput {
  text: string;
  /** The area the lines must fit, in px. */
  box: { width: number; height: number };
  minFontPx: number;
  maxFontPx: number;
  /** Line box height as a multiple of the font size. */
  lineHeight: number;
  measure: MeasureFn;
  font: FontSpec;
  /** At most this many lines (e.g. one line for a price badge). */
  maxLines?: number;
  /**
   * Put before every paragraph (a newline starts one), e.g. "• " for bullets;
   * the lines that continue a paragraph are indented by its width.
   */
  paragraphPrefix?: string;
}

export interface FittedLine {
  text: string;
  /** True for a line that continues a paragraph (drawn indented by `indentPx` when a prefix is used). */
  continuation: boolean;
}

export interface FitTextResult {
  fontPx: number;
  lineHeightPx: number;
  lines: FittedLine[];
  /** Width of the prefix at the chosen size (0 without one). */
  indentPx: number;
  /** The widest line, px. */
  width: number;
  /** The lines' total height, px. */
  height: number;
  /** A word had to be broken with a hyphen. */
  hyphenated: boolean;
  /** Even the minimum size could not hold the whole text: it was cut with an ellipsis. */
  overflow: boolean;
}

const ELLIPSIS = "…";
/** Search stops when the range is this narrow (px). */
const PRECISION = 0.05;

/** Paragraphs of words; runs of spaces collapse, newlines separate paragraphs, empty ones are dropped. */
export function toParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((p) =>
      p
        .split(/[ \t\u00a0]+/)
        .filter(Boolean)
        .flatMap(segmentToken),
    )
    .filter((p) => p.length > 0);
}

interface Wrapped {
  lines: FittedLine[];
  hyphenated: boolean;
  /** A single word is wider than the line and breaking was not allowed. */
  tooWide: boolean;
}

/** The longest head of `word` that fits `width` with a hyphen after it (at least one character), and the rest. */
function splitWord(word: string, width: number, px: number, input: FitTextInput): [string, string] {
  const chars = [...word];
  let n = chars.length - 1;
  while (n > 1 && input.measure(chars.slice(0, n).join("") + "-", px, input.font) > width) n--;
  return [chars.slice(0, n).join(""), chars.slice(n).join("")];
}

function wrap(paragraphs: string[][], px: number, input: FitTextInput, allowBreak: boolean): Wrapped {
  const { measure, font } = input;
  const prefix = input.paragraphPrefix ?? "";
  const indent = prefix ? measure(prefix, px, font) : 0;
  const space = measure(" ", px, font);
  const lines: FittedLine[] = [];
  let hyphenated = false;
  let tooWide = false;
  for (const words of paragraphs) {
    let line = prefix;
    let lineWidth = indent;
    let continuation = false;
    const avail = () => input.box.width;
    const flush = () => {
      lines.push({ text: line, continuation });
      continuation = true;
      line = "";
      lineWidth = indent;
    };
    const queue = [...words];
    while (queue.length > 0) {
      const word = queue.shift()!;
      const w = measure(word, px, font);
      const empty = line === "" || line === prefix;
      // A glued word (a Chinese, Japanese or Thai word after another: segment.ts) takes no space before it.
      const glued = isGlued(word);
      const needed = empty || glued ? lineWidth + w : lineWidth + space + w;
      if (needed <= avail()) {
        line = empty || glued ? line + word : `${line} ${word}`;
        lineWidth = needed;
        continue;
      }
      if (!empty) {
        flush();
        queue.unshift(unglued(word));
        continue;
      }
      // The word alone is wider than the line.
      if (!allowBreak || [...word].length < 2) {
        tooWide = true;
        line += word;
        lineWidth += w;
        continue;
      }
      hyphenated = true;
      const [head, rest] = splitWord(word, avail() - lineWidth, px, input);
      line += `${head}-`;
      lineWidth += measure(`${head}-`, px, font);
      flush();
      queue.unshift(rest);
    }
    if (line !== "" && line !== prefix) lines.push({ text: line, continuation });
  }
  return { lines, hyphenated, tooWide };
}

function linesFit(n: number, px: number, input: FitTextInput): boolean {
  const maxLines = input.maxLines ?? Infinity;
  return n <= maxLines && n * px * input.lineHeight <= input.box.height + 1e-6;
}

function result(input: FitTextInput, px: number, w: Wrapped, overflow: boolean): FitTextResult {
  const widths = w.lines.map(
    (l) =>
      input.measure(l.text, px, input.font) +
      (l.continuation && input.paragraphPrefix ? input.measure(input.paragraphPrefix, px, input.font) : 0),
  );
  return {
    fontPx: px,
    lineHeightPx: px * input.lineHeight,
    lines: w.lines,
    indentPx: input.paragraphPrefix ? input.measure(input.paragraphPrefix, px, input.font) : 0,
    width: widths.length ? Math.max(...widths) : 0,
    height: w.lines.length * px * input.lineHeight,
    hyphenated: w.hyphenated,
    overflow,
  };
}

/** Cuts wrapped lines to what fits and ends the last one with an ellipsis that fits too. */
function truncate(input: FitTextInput, px: number, w: Wrapped): Wrapped {
  let keep = w.lines.length;
  while (keep > 1 && !linesFit(keep, px, input)) keep--;
  const lines = w.lines.slice(0, keep);
  const last = lines[keep - 1];
  if (last) {
    const indent =
      last.continuation && input.paragraphPrefix ? input.measure(input.paragraphPrefix, px, input.font) : 0;
    let text = last.text.replace(/-$/, "");
    while (text.length > 0 && input.measure(text + ELLIPSIS, px, input.font) + indent > input.box.width) {
      text = text.includes(" ") ? text.slice(0, text.lastIndexOf(" ")) : [...text].slice(0, -1).join("");
    }
    lines[keep - 1] = { text: text.trimEnd() + ELLIPSIS, continuation: last.continuation };
  }
  return { lines, hyphenated: w.hyphenated, tooWide: false };
}

export function fitText(input: FitTextInput): FitTextResult {
  if (!(input.minFontPx > 0) || input.maxFontPx < input.minFontPx)
    throw new RangeError("fitText needs 0 < minFontPx <= maxFontPx");
  const paragraphs = toParagraphs(input.text);
  if (paragraphs.length === 0)
    return result(input, input.maxFontPx, { lines: [], hyphenated: false, tooWide: false }, false);

  const fitsAt = (px: number) => {
    const w = wrap(paragraphs, px, input, false);
    return !w.tooWide && linesFit(w.lines.length, px, input) ? w : null;
  };

  // Largest size that fits without breaking a word: binary search (wrapping only gains lines as the size grows).
  const atMax = fitsAt(input.maxFontPx);
  if (atMax) return result(input, input.maxFontPx, atMax, false);
  if (fitsAt(input.minFontPx)) {
    let lo = input.minFontPx;
    let hi = input.maxFontPx;
    while (hi - lo > PRECISION) {
      const mid = (lo + hi) / 2;
      if (fitsAt(mid)) lo = mid;
      else hi = mid;
    }
    const px = Math.floor(lo * 100) / 100;
    return result(input, px, fitsAt(px) ?? fitsAt(input.minFontPx)!, false);
  }

  // Last resorts at the minimum size: hyphenate long words, then cut with an ellipsis.
  const px = input.minFontPx;
  const broken = wrap(paragraphs, px, input, true);
  if (!broken.tooWide && linesFit(broken.lines.length, px, input)) return result(input, px, broken, false);
  return result(input, px, truncate(input, px, broken), true);
}
