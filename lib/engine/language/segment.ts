/**
 * Line-break units for scripts written without spaces between words
 * (Chinese, Japanese, Thai, and Korean runs without spaces): Intl.Segmenter
 * cuts a run into words, so text wraps and captions page between words
 * instead of overflowing as one giant "word" or breaking inside one.
 *
 * The pieces of one run after the first start with a zero-width space
 * (GLUE): it tells the wrappers to join them to the previous word without a
 * space, is zero-width when measured (measure.ts) and drawn, and is itself
 * a line-break opportunity for the browser. Browser-safe.
 */

export const GLUE = "\u200b";

/** Characters of scripts without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u3000-\u303f\uff00-\uffef]/u;
/** Punctuation that must not start a line (kinsoku): it sticks to the word before it. */
const NO_LINE_START =
  /^[\p{Pe}\p{Pf}、。，．・：；？！ー…‥々〻ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.!?:;)\]}」』】〕〉》%]+$/u;

export function hasUnspaced(text: string): boolean {
  return UNSPACED.test(text);
}

/** True when `word` attaches to the previous one without a space. */
export function isGlued(word: string): boolean {
  return word.startsWith(GLUE);
}

/** A word without its glue marker. */
export function unglued(word: string): string {
  return isGlued(word) ? word.slice(GLUE.length) : word;
}

const segmenters = new Map<string, Intl.Segmenter | null>();
function segmenterFor(locale: string): Intl.Segmenter | null {
  if (!segmenters.has(locale)) {
    segmenters.set(
      locale,
      typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(locale, { granularity: "word" }) : null,
    );
  }
  return segmenters.get(locale)!;
}

function localeOf(token: string): string {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(token)) return "ja";
  if (/\p{Script=Thai}/u.test(token)) return "th";
  return "zh";
}

/** The words of one space-free token (first plain, the rest glued); punctuation joins the word before it. */
export function segmentToken(token: string): string[] {
  if (!hasUnspaced(token)) return [token];
  const seg = segmenterFor(localeOf(token));
  // Without Intl.Segmenter, one character per unit still lets CJK wrap.
  const parts = seg ? [...seg.segment(token)].map((s) => s.segment) : [...token];
  const out: string[] = [];
  for (const part of parts) {
    if (out.length > 0 && NO_LINE_START.test(part)) out[out.length - 1] += part;
    else out.push(part);
  }
  return out.map((w, i) => (i === 0 ? w : `${GLUE}${w}`));
}

/** Whitespace-separated words, with space-free runs cut into glued words. */
export function breakableWords(text: string): string[] {
  return text
    .split(/[ \t\u00a0\n\r]+/u)
    .filter(Boolean)
    .flatMap(segmentToken);
}

/** Joins words as written: a space before each, except glued ones. */
export function joinWords(words: readonly string[]): string {
  let out = "";
  for (const w of words) out += out === "" || isGlued(w) ? w : ` ${w}`;
  return out;
}
