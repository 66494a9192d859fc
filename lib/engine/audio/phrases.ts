/**
 * Narration split into caption phrases: the units that are spoken, timed and
 * highlighted one at a time. Breaks fall only where a reader would pause
 * (sentence and clause punctuation, in Latin scripts and CJK), then long
 * clauses are cut at word boundaries into balanced pieces of at most ~42
 * characters or ~7 words (a comfortable caption line). A word is never split,
 * even when it alone is longer than a line. Pure and browser-safe.
 */

import { hasUnspaced, segmentToken, unglued } from "@/lib/engine/language/segment";

/** How a phrase ends, which is also how it should sound: a full stop, a comma-like pause, or no pause at all. */
export type PhraseEnd = "sentence" | "clause" | "none";

export interface Phrase {
  /** The phrase as written (whitespace collapsed), for captions. */
  text: string;
  end: PhraseEnd;
}

export interface PhraseLimits {
  maxChars: number;
  maxWords: number;
}

export const DEFAULT_PHRASE_LIMITS: PhraseLimits = { maxChars: 42, maxWords: 7 };

const CJK_BREAKS = "。！？，、；：";
const TOKEN = new RegExp(`[^\\s${CJK_BREAKS}]+[${CJK_BREAKS}]*|[${CJK_BREAKS}]+`, "gu");
/** Closing quotes and brackets may follow the punctuation that ends a sentence or clause. */
const CLOSERS = `"'”’»)\\]}」』`;
// Arabic ؟ and ، ؛, Urdu ۔, Devanagari danda । as well.
const SENTENCE_END = new RegExp(`[.!?…。！？‼⁇⁈⁉؟۔।][${CLOSERS}]*$`, "u");
const CLAUSE_END = new RegExp(`[,;:，、；：،؛][${CLOSERS}]*$`, "u");
const DASH = /^[—–-]+$/u;
const SPEAKABLE = /[\p{L}\p{N}]/u;
/** Words whose full stop is not a sentence end, in the languages the voices speak. */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "jr",
  "sr",
  "vs",
  "etc",
  "inc",
  "ltd",
  "co",
  "approx",
  "no",
  "fig",
  "prof",
  "mt",
  "sra",
  "srta",
  "dra",
  "ud",
  "uds",
  "mme",
  "mlle",
  "m",
  "z.b",
  "bzw",
  "usw",
  "ca",
  "nr",
  "hr",
  "fr",
  "sig",
  "dott",
]);

/**
 * Words a caption line should not end on (articles, prepositions, conjunctions,
 * possessives) in the voices' languages: "with free delivery on every / order"
 * reads worse than "with free delivery / on every order".
 */
const WEAK_ENDINGS = new Set(
  (
    "a an the of to in on at for with by from into about over under after before through between without than as like " +
    "and or but every each this that these those your our my his her its their " +
    "el la los las un una unos unas de del al en con por para y o que su sus " +
    "le les une des du au aux et ou à pour par avec sur dans ce cette ces son sa ses votre notre " +
    "der die das den dem des ein eine einen einem einer und oder mit von zu im auf für an " +
    "il lo gli di della da e i " +
    "os as um do da no na"
  ).split(" "),
);
const WEAK_ENDING_COST = 150;

interface Token {
  start: number;
  end: number;
  text: string;
}

function boundaryAfter(token: string): PhraseEnd {
  if (CLAUSE_END.test(token)) return "clause";
  if (!SENTENCE_END.test(token)) return "none";
  const core = token.replace(new RegExp(`[${CLOSERS}]+$`, "u"), "");
  // Trailing off ("Wait… what?") is a pause, not necessarily the end of the sentence.
  if (/(\.\.\.|…)$/u.test(core)) return "clause";
  if (!core.endsWith(".")) return "sentence";
  const bare = core.replace(/\.$/u, "").replace(/^[\p{Ps}\p{Pi}"'¿¡]+/u, "");
  // "Dr.", "e.g.", "U.S.", an initial ("J. K."): the sentence goes on. Digits ("step 3.") do end it.
  const abbreviation =
    ABBREVIATIONS.has(bare.toLowerCase()) || /^\p{Lu}$/u.test(bare) || /^(\p{L}\.)+\p{L}$/u.test(bare);
  return abbreviation ? "none" : "sentence";
}

/** Splits one clause that is over the limits into the fewest pieces, as even as possible. */
function balancedChunks(tokens: Token[], limits: PhraseLimits): Token[][] {
  const n = tokens.length;
  const width = (from: number, to: number) => tokens[to - 1]!.end - tokens[from]!.start;
  // cost[i]: best split of the first i tokens. Each piece costs a lot (fewest pieces first),
  // plus its squared slack, which favours even pieces over one full and one tiny, plus a
  // penalty for ending on a weak word.
  const cost = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(0);
  cost[0] = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = i - 1; j >= 0 && i - j <= limits.maxWords; j--) {
      const w = width(j, i);
      if (w > limits.maxChars && i - j > 1) break;
      const slack = Math.max(0, limits.maxChars - w);
      const weak = i < n && WEAK_ENDINGS.has(tokens[i - 1]!.text.toLowerCase()) ? WEAK_ENDING_COST : 0;
      const c = cost[j]! + 1e6 + slack * slack + weak;
      if (c < cost[i]!) {
        cost[i] = c;
        from[i] = j;
      }
    }
  }
  const pieces: Token[][] = [];
  for (let i = n; i > 0; i = from[i]!) pieces.unshift(tokens.slice(from[i]!, i));
  return pieces;
}

/** A run of Chinese, Japanese or Thai (no spaces) cut into its words (lib/engine/language/segment.ts), with positions. */
function splitUnspaced(text: string, start: number): Token[] {
  if (!hasUnspaced(text)) return [{ start, end: start + text.length, text }];
  const out: Token[] = [];
  let at = start;
  for (const w of segmentToken(text)) {
    const word = unglued(w);
    out.push({ start: at, end: at + word.length, text: word });
    at += word.length;
  }
  return out;
}

/** CJK characters are about twice as wide as Latin letters, and a word is one or two of them: limits by width. */
function limitsFor(line: string, limits: PhraseLimits): PhraseLimits {
  const wide = (line.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []).length;
  const letters = (line.match(/\p{L}/gu) ?? []).length;
  if (wide * 2 < letters) return limits;
  return { maxChars: Math.max(8, Math.ceil(limits.maxChars / 2)), maxWords: limits.maxChars };
}

export function splitPhrases(text: string, base: PhraseLimits = DEFAULT_PHRASE_LIMITS): Phrase[] {
  // Line breaks end a sentence (lists and titles often have no full stop); other whitespace is one space.
  const lines = text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/gu, " ")
    .split(/\r?\n|\r|\u2028|\u2029/u)
    .map((line) => line.replace(/\s+/gu, " ").trim())
    .filter(Boolean);

  const phrases: Phrase[] = [];
  for (const line of lines) {
    const tokens: Token[] = [];
    for (const m of line.matchAll(TOKEN)) tokens.push(...splitUnspaced(m[0], m.index));
    const limits = limitsFor(line, base);

    // Clauses: runs of tokens up to a boundary. A lone dash belongs to the word before it and acts as a comma.
    const clauses: { tokens: Token[]; end: PhraseEnd }[] = [];
    let current: Token[] = [];
    tokens.forEach((token, i) => {
      const last = i === tokens.length - 1;
      if (DASH.test(token.text) && current.length > 0) {
        current.push(token);
        clauses.push({ tokens: current, end: last ? "sentence" : "clause" });
        current = [];
        return;
      }
      current.push(token);
      const end = last ? "sentence" : boundaryAfter(token.text);
      if (end !== "none") {
        clauses.push({ tokens: current, end });
        current = [];
      }
    });
    if (current.length) clauses.push({ tokens: current, end: "sentence" });

    // Pack clauses of one sentence into phrases while they fit; cut clauses that are too long on their own.
    const slice = (ts: Token[]) => line.slice(ts[0]!.start, ts[ts.length - 1]!.end);
    const fits = (ts: Token[]) => ts.length <= limits.maxWords && slice(ts).length <= limits.maxChars;
    let open: Token[] = [];
    let openEnd: PhraseEnd = "none";
    const flush = () => {
      if (open.length) phrases.push({ text: slice(open), end: openEnd });
      open = [];
    };
    for (const clause of clauses) {
      const joined = [...open, ...clause.tokens];
      if (open.length && fits(joined)) {
        open = joined;
        openEnd = clause.end;
      } else {
        flush();
        if (fits(clause.tokens)) {
          open = clause.tokens;
          openEnd = clause.end;
        } else {
          const pieces = balancedChunks(clause.tokens, limits);
          pieces.forEach((piece, k) =>
            phrases.push({ text: slice(piece), end: k === pieces.length - 1 ? clause.end : "none" }),
          );
        }
      }
      if (openEnd === "sentence") flush();
    }
    flush();
  }

  // A phrase with nothing to say ("…", "—") joins its neighbour instead of flashing up alone.
  const speakable: Phrase[] = [];
  let pending = "";
  for (const p of phrases) {
    if (!SPEAKABLE.test(p.text)) {
      const prev = speakable[speakable.length - 1];
      if (prev) speakable[speakable.length - 1] = { text: `${prev.text} ${p.text}`, end: strongest(prev.end, p.end) };
      else pending = pending ? `${pending} ${p.text}` : p.text;
      continue;
    }
    speakable.push(pending ? { text: `${pending} ${p.text}`, end: p.end } : p);
    pending = "";
  }
  return speakable;
}

function strongest(a: PhraseEnd, b: PhraseEnd): PhraseEnd {
  const rank: Record<PhraseEnd, number> = { none: 0, clause: 1, sentence: 2 };
  return rank[a] >= rank[b] ? a : b;
}

/** The words of a phrase as shown (split on spaces; CJK runs count as one). */
export function phraseWords(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[0]);
}
