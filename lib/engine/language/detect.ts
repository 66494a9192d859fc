/**
 * The language a brief is written in. The script decides first: Kana means
 * Japanese, Hangul Korean, Han alone Chinese, and Greek, Hebrew and Thai
 * letters have one language each here. Latin, Cyrillic, Arabic and
 * Devanagari text long enough to judge goes to franc (trigram statistics),
 * limited to the languages of that script we make videos in; short or
 * undetermined text keeps the person's previous choice when it is written
 * in the same script, else the script's main language (English for Latin).
 * Browser-safe and synchronous.
 */
import { francAll } from "franc";
import { DEFAULT_LANGUAGE, findLanguage, LANGUAGES, type Script } from "./languages";

/** Below this many letters franc guesses (short Latin text scores close for a dozen languages). */
export const MIN_LETTERS_FOR_STATISTICS = 20;

export interface Detection {
  /** BCP 47 tag (one of LANGUAGES). */
  tag: string;
  /** What decided: the statistics, the script alone, or the fallback (too short or no letters). */
  by: "statistics" | "script" | "fallback";
}

const SCRIPT_PATTERNS: [Script | "Kana", RegExp][] = [
  ["Latn", /\p{Script=Latin}/u],
  ["Cyrl", /\p{Script=Cyrillic}/u],
  ["Grek", /\p{Script=Greek}/u],
  ["Arab", /\p{Script=Arabic}/u],
  ["Hebr", /\p{Script=Hebrew}/u],
  ["Deva", /\p{Script=Devanagari}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Hans", /\p{Script=Han}/u],
  ["Kana", /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["Kore", /\p{Script=Hangul}/u],
];

/** Letters per script in `text` (Hiragana and Katakana counted as "Kana"). */
export function scriptCounts(text: string): Map<Script | "Kana", number> {
  const counts = new Map<Script | "Kana", number>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    for (const [script, re] of SCRIPT_PATTERNS) {
      if (re.test(ch)) {
        counts.set(script, (counts.get(script) ?? 0) + 1);
        break;
      }
    }
  }
  return counts;
}

/** The script most of the letters are in (Han with any Kana is Japanese). */
export function dominantScript(text: string): { script: Script | null; letters: number } {
  const counts = scriptCounts(text);
  const kana = counts.get("Kana") ?? 0;
  const han = counts.get("Hans") ?? 0;
  // Japanese mixes Kanji and Kana; any Kana among Han makes the whole CJK run Japanese.
  if (kana > 0) {
    counts.set("Jpan", kana + han);
    counts.delete("Kana");
    counts.delete("Hans");
  }
  let best: Script | null = null;
  let bestN = 0;
  let letters = 0;
  for (const [script, n] of counts) {
    letters += n;
    if (n > bestN) {
      best = script as Script;
      bestN = n;
    }
  }
  // Brand names in Latin letters inside CJK text are common: CJK characters carry a word each, so they weigh more.
  const cjk = (counts.get("Jpan") ?? 0) + (counts.get("Hans") ?? 0) + (counts.get("Kore") ?? 0);
  if (best === "Latn" && cjk * 3 >= bestN) {
    best = (["Jpan", "Kore", "Hans"] as const).reduce<Script>(
      (a, s) => ((counts.get(s) ?? 0) > (counts.get(a) ?? 0) ? s : a),
      "Hans",
    );
  }
  return { script: best, letters };
}

/** Scripts whose one language here the script alone names. */
const SCRIPT_LANGUAGE: Partial<Record<Script, string>> = {
  Grek: "el",
  Hebr: "he",
  Thai: "th",
  Hans: "zh",
  Jpan: "ja",
  Kore: "ko",
  Cyrl: "ru",
  Arab: "ar",
  Deva: "hi",
  Latn: DEFAULT_LANGUAGE,
};

const FRANC_BY_SCRIPT = new Map<Script, string[]>();
for (const l of LANGUAGES) {
  if (!l.franc) continue;
  FRANC_BY_SCRIPT.set(l.script, [...(FRANC_BY_SCRIPT.get(l.script) ?? []), l.franc]);
}
const TAG_BY_FRANC = new Map(LANGUAGES.filter((l) => l.franc).map((l) => [l.franc!, l.tag]));

/**
 * Close neighbours (Spanish and Catalan, Russian and Ukrainian) score within a
 * few hundredths of each other on a sentence or two: a near tie goes to the
 * language more people write, or to the person's previous choice.
 */
const PRIOR: Record<string, number> = {
  eng: 0.04,
  spa: 0.04,
  fra: 0.03,
  por: 0.03,
  rus: 0.04,
  arb: 0.04,
  hin: 0.03,
  deu: 0.03,
  ita: 0.02,
  ind: 0.01,
  tur: 0.01,
};
const PREVIOUS_BONUS = 0.03;

/**
 * The most frequent little words of the Latin-script languages most briefs
 * are written in. Trigram statistics misjudge a sentence or two of plain
 * English ("A blue ceramic mug for slow mornings." reads as Norwegian to
 * franc); counting these words settles such text first.
 */
const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = {
  eng: new Set(
    "the and of to a an in is it its for with you your our on at this that are be from by we or as not can will all more every just like after than into out up has have how what when who why".split(
      " ",
    ),
  ),
  spa: new Set(
    "el la los las de del y que en un una por para con es se su sus tu al lo como más nuestro nuestra".split(" "),
  ),
  fra: new Set(
    "le la les de des du et un une est pour avec dans que qui sur au aux votre vos nos notre ce cette pas plus".split(
      " ",
    ),
  ),
  deu: new Set(
    "der die das und ist mit für ein eine zu den dem von auf im nicht sie wir ihr ihre unser unsere auch es".split(" "),
  ),
  ita: new Set("il lo la gli le di e che un una per con è del della in non sono nostro nostra tuo più".split(" ")),
  por: new Set("o a os as de do da dos das e que um uma para com é em no na não seu sua nosso nossa mais".split(" ")),
  nld: new Set("de het een en van is voor met op in niet dat die te ons onze jouw je ook".split(" ")),
};

/** The language whose function words clearly dominate (at least 2, and half again the runner-up's), or null. */
function functionWordGuess(text: string, only: readonly string[]): string | null {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  const scores = only
    .filter((code) => FUNCTION_WORDS[code])
    .map((code) => ({ code, n: words.filter((w) => FUNCTION_WORDS[code]!.has(w)).length }))
    .sort((a, b) => b.n - a.n);
  const [top, next] = scores;
  if (!top || top.n < 2 || top.n < 1.5 * (next?.n ?? 0)) return null;
  return top.code;
}

function bestGuess(text: string, only: string[], previous: string | null): string | null {
  const byWords = functionWordGuess(text, only);
  if (byWords) return byWords;
  const scored = francAll(text, { only, minLength: MIN_LETTERS_FOR_STATISTICS });
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const [code, score] of scored) {
    if (code === "und") continue;
    const s = score + (PRIOR[code] ?? 0) + (code === previous ? PREVIOUS_BONUS : 0);
    if (s > bestScore) {
      best = code;
      bestScore = s;
    }
  }
  return best;
}

/**
 * Detects the language of `text`. `previous` (the person's last choice) is
 * kept when the text is too short to tell and is in that language's script.
 */
export function detectLanguage(text: string, previous?: string | null): Detection {
  const { script, letters } = dominantScript(text);
  const prev = findLanguage(previous);
  if (!script) return { tag: prev?.tag ?? DEFAULT_LANGUAGE, by: "fallback" };
  const scriptDefault = SCRIPT_LANGUAGE[script] ?? DEFAULT_LANGUAGE;
  const candidates = FRANC_BY_SCRIPT.get(script) ?? [];
  // One language for the script: no statistics needed.
  if (candidates.length <= 1 && script !== "Latn") return { tag: scriptDefault, by: "script" };
  const keepPrevious = () => (prev && prev.script === script ? { tag: prev.tag, by: "fallback" as const } : null);
  if (letters < MIN_LETTERS_FOR_STATISTICS)
    return keepPrevious() ?? { tag: scriptDefault, by: script === "Latn" ? "fallback" : "script" };
  const code = bestGuess(text, candidates, prev?.franc ?? null);
  const tag = code ? TAG_BY_FRANC.get(code) : undefined;
  if (tag) return { tag, by: "statistics" };
  return keepPrevious() ?? { tag: scriptDefault, by: script === "Latn" ? "fallback" : "script" };
}
