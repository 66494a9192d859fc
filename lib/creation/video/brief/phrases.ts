/**
 * Phrase-level text fitting shared by the Local preview writer and plan
 * repair: text that is too long for a slot is shortened at phrase
 * boundaries (clauses, commas, prepositional tails), never cut in the middle
 * of a phrase; a result never ends on a function word ("a", "for", "the") or
 * on a number whose unit was cut off ("cold for 24"). Browser-safe, no NLP
 * library (plan.ts runs in the browser too). Patterns are linear.
 */

/** Words a phrase may not end on (English function words). */
export const TRAILING_STOPWORDS = new Set(
  (
    "a an the and or but nor of to in on at by for from with into onto over under about as than that which who whose whom " +
    "our your my their its his her we you i is are was were be been being it this these those so if then very just " +
    "per via vs plus"
  ).split(" "),
);

/** Word indexes where a phrase may end: before a comma/semicolon/dash, before a clause word or a preposition. */
const BREAK_BEFORE = new Set(
  "that which who where when while because so and but or with for from in on at by to without into through via since until after before during including".split(
    " ",
  ),
);

const NUMBER = /^[$€£¥]?\d[\d.,:]*$/u;

function bareWord(w: string): string {
  return w
    .toLowerCase()
    .replace(/^[("'“‘¿¡]+/u, "")
    .replace(/[)"'”’.,;:!?…]+$/u, "");
}

/**
 * True when `text` ends on a number that, where its last words occur in
 * `source`, is always followed by its unit ("cold for 24" from "cold for 24
 * hours"); "Serves 4" from "Serves 4." is whole.
 */
function numberCut(text: string, source: string): boolean {
  const ws = text.trim().split(/\s+/u);
  const tail = ws
    .slice(-2)
    .join(" ")
    .replace(/[.,;:!?]+$/u, "");
  const hay = source.replace(/\s+/gu, " ");
  let from = 0;
  let found = false;
  for (;;) {
    const at = hay.indexOf(tail, from);
    if (at < 0) break;
    found = true;
    const after = hay.slice(at + tail.length);
    const next = /^ ([\p{L}%]+)/u.exec(after)?.[1];
    if (!next || TRAILING_STOPWORDS.has(next.toLowerCase()) || BREAK_BEFORE.has(next.toLowerCase())) return false;
    from = at + 1;
  }
  return found;
}

/**
 * True when the last words of `words` end a sentence of `source` (followed there by ". ! ? …"): "no past he
 * will talk about." is whole, though it ends on a preposition. Linear (indexOf over the source).
 */
function endsSourceSentence(words: readonly string[], source: string): boolean {
  const tail = words
    .slice(-3)
    .join(" ")
    .replace(/[.!?…]+$/u, "");
  if (tail.split(" ").length < 2) return false;
  const hay = source.replace(/\s+/gu, " ");
  for (let at = hay.indexOf(tail); at >= 0; at = hay.indexOf(tail, at + 1)) {
    if (/^["'”’)]?[.!?…]/u.test(hay.slice(at + tail.length, at + tail.length + 2))) return true;
  }
  return false;
}

/** True when the text stops mid-phrase: on a function word, a dash or comma, or a number whose unit was cut (given the source). */
export function endsMidPhrase(text: string, source?: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (/[,;:\-–—(/&]$/u.test(t)) return true;
  const ws = t.split(/\s+/u);
  const last = bareWord(ws[ws.length - 1]!);
  if (TRAILING_STOPWORDS.has(last)) return !(source && endsSourceSentence(ws, source));
  if (source && NUMBER.test(last) && numberCut(t, source)) return true;
  return false;
}

const DANGLING_PUNCT = /[,;:\-–—(/&]+$/u;

/** Remove trailing function words and punctuation that would leave the phrase hanging ("" when nothing whole is left). Linear. */
export function trimDangling(text: string, source: string = text): string {
  const ws = text.trim().split(/\s+/u);
  let end = ws.length;
  while (end > 0) {
    const last = ws[end - 1]!.replace(DANGLING_PUNCT, "");
    if (!last) {
      end--;
      continue;
    }
    ws[end - 1] = last;
    const b = bareWord(last);
    if (
      (TRAILING_STOPWORDS.has(b) && !endsSourceSentence(ws.slice(0, end), source)) ||
      (NUMBER.test(b) && numberCut(ws.slice(Math.max(0, end - 2), end).join(" "), source))
    ) {
      end--;
      continue;
    }
    break;
  }
  return ws.slice(0, end).join(" ");
}

function phraseEnds(ws: readonly string[]): number[] {
  const ends: number[] = [];
  for (let i = 1; i <= ws.length; i++) {
    const prev = ws[i - 1]!;
    const next = ws[i];
    if (next === undefined || /[,;:.!?)]$/u.test(prev) || BREAK_BEFORE.has(bareWord(next)) || /^[-–—(]/u.test(next))
      ends.push(i);
  }
  return ends;
}

/**
 * The longest whole-phrase prefix of `text` that fits `max` characters, or ""
 * when even the first phrase does not fit. Never ends mid-phrase.
 */
export function fitPhrase(text: string, max: number): string {
  const clean = text.replace(/\s+/gu, " ").trim();
  if (clean.length <= max && !endsMidPhrase(clean, clean)) return clean;
  // Text of several sentences (a body): whole sentences that fit, before cutting into one.
  const sentences = clean.includes("\n") ? [] : splitSentences(clean);
  if (sentences.length > 1) {
    let kept = "";
    for (const sentence of sentences) {
      const next = kept ? `${kept} ${sentence}` : sentence;
      if (next.length > max) break;
      kept = next;
    }
    if (kept && !endsMidPhrase(kept, clean)) return kept;
  }
  if (clean.includes("\n")) {
    // Lists: keep whole lines that fit, each fitted on its own.
    const lines = clean
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const kept: string[] = [];
    for (const line of lines) {
      const fitted = fitPhrase(line, max);
      if (!fitted) continue;
      if (kept.reduce((n, k) => n + k.length + 1, 0) + fitted.length > max) break;
      kept.push(fitted);
    }
    return kept.join("\n");
  }
  const ws = clean.split(" ");
  // Characters of the first i words joined: a candidate is only built when it can fit.
  const upTo = [0];
  for (const w of ws) upTo.push(upTo[upTo.length - 1]! + w.length + (upTo.length > 1 ? 1 : 0));
  const ends = phraseEnds(ws).reverse();
  for (const end of ends) {
    if (upTo[end]! > max + 1) continue;
    const candidate = ws
      .slice(0, end)
      .join(" ")
      .replace(/[,;:\-–—(\s]+$/u, "");
    if (candidate.length > max) continue;
    // A cut whose last clause is one word is a fragment ("Made with Oatly Barista, available"): cut at the comma.
    const lastComma = candidate.lastIndexOf(", ");
    if (end < ws.length && lastComma > 0 && !candidate.slice(lastComma + 2).includes(" ")) continue;
    const trimmed = trimDangling(candidate, clean);
    if (trimmed && trimmed.length <= max && trimmed.split(" ").length >= Math.min(2, ws.length))
      return trimmed.replace(/[,;:]+$/u, "");
  }
  return "";
}

/** Sentences of a text (simple, language-neutral). */
export function splitSentences(text: string): string[] {
  return (
    text
      .replace(/\s+/gu, " ")
      // Chinese and Japanese end sentences with 。！？ and no space after them.
      .split(/(?<=[.!?…])\s|(?<=[。！？])\s?/u)
      .map((s) => s.trim())
      .filter((s) => /[\p{L}\p{N}]/u.test(s))
  );
}

const wordsOf = (s: string) => s.match(/\S+/gu) ?? [];

/**
 * Narration of at most `maxWords` words made of whole sentences; when even
 * the first sentence is too long, its longest whole-phrase start that fits,
 * closed with a full stop. Never stops on a function word.
 */
export function shortenNarration(text: string, maxWords: number): string {
  const clean = text.replace(/\s+/gu, " ").trim();
  if (wordsOf(clean).length <= maxWords) return clean;
  const sentences = splitSentences(clean);
  const kept: string[] = [];
  let count = 0;
  for (const s of sentences) {
    count += wordsOf(s).length;
    if (count > maxWords) break;
    kept.push(s);
  }
  if (kept.length > 0) return kept.join(" ");
  const first = sentences[0] ?? clean;
  const ws = wordsOf(first);
  for (const end of phraseEnds(ws).reverse()) {
    if (end > maxWords) continue;
    const candidate = trimDangling(ws.slice(0, end).join(" "), first).replace(/[.!?,;:]+$/u, "");
    if (candidate && wordsOf(candidate).length >= 2) return `${candidate}.`;
  }
  return "";
}

const SMALL = new Set("a an the and or but nor of to in on at by for from with as vs via per".split(" "));

/** Title Case for English titles; words already capitalised or in capitals (codes, brands) stay as written. */
export function titleCase(text: string): string {
  return text
    .split(" ")
    .map((w, i, all) => {
      if (i > 0 && SMALL.has(w.toLowerCase()) && w === w.toLowerCase()) return w;
      // A unit after its number stays as written: "32 oz", "100 g", "5 ml".
      if (i > 0 && /\d$/u.test(all[i - 1]!) && w.length <= 3 && /^\p{Ll}+[,.]?$/u.test(w)) return w;
      return /^\p{Ll}/u.test(w) && !/\w\.\w/u.test(w) ? w.charAt(0).toUpperCase() + w.slice(1) : w;
    })
    .join(" ");
}

/** First letter up, the rest as written. */
export function sentenceCase(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
