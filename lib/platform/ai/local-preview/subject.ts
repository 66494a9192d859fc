/**
 * What a prompt is a picture of, and which illustrations show it. The prompt's
 * noun phrases are read with compromise (plurals made singular); the head noun
 * of the first phrase weighs most, other nouns less, other words least. Each
 * icon scores by how its name and keywords match those words; objects are
 * preferred over faces and people unless the prompt is about people. Ties are
 * broken by the seed, so a video's scenes do not all show the same icon.
 */
import nlp from "compromise";
import { COLOUR_WORDS, createRng } from "./prompt-features";
import type { IllustrationLibrary, MatchKind } from "./illustrations";

export interface SubjectWord {
  word: string;
  /** The word as written, its singular and other forms to look up. */
  forms: string[];
  weight: number;
  /** Which noun phrase (0 = first) the word came from; words outside phrases get the next index. */
  phrase: number;
  /** A noun before the head of its phrase ("coffee" in "coffee shop"). */
  modifier?: boolean;
}

export interface Illustrations {
  /** The icon the picture is about. */
  main: string;
  /** Up to two smaller icons for other things the prompt names. */
  support: string[];
  /** False when no word matched and `main` is a neutral stand-in. */
  matched: boolean;
}

/** Style and mood words image prompts carry that say nothing about the subject. */
const STYLE_WORDS = new Set(
  (
    "photo photograph photographic photography picture image illustration style render rendering realistic " +
    "detailed highly cinematic lighting shot closeup close up view mood vibe aesthetic background " +
    "4k 8k hd hdr ultra quality high resolution composition scene our your their my its we you " +
    // A class's "all levels welcome" is no level slider.
    "level levels welcome " +
    // "Our new vitamin C serum" is no new moon.
    "new latest " +
    // "3 years old" is an age, not a derelict house.
    "old"
  ).split(" "),
);
/**
 * Heads of compounds that name a place, service, event or group rather than a
 * thing to draw ("coffee shop", "yoga class", "pizza delivery", "shoe sale"):
 * the word before them is the better picture, so they weigh less.
 */
const GENERIC_HEADS = new Set(
  (
    "shop store class course lesson delivery service sale sales offer deal discount company business brand " +
    "opening party festival fair celebration evening morning afternoon weekend tasting night " +
    "app product launch event day night week month year time hour session program programme plan team club " +
    "center centre studio market place spot kit set pack bundle collection line range series workshop " +
    "tour trip experience guide tip idea way thing stuff item option solution project update news story"
  ).split(" "),
);
/** A race by its distance ("the Riverside 10K"): a thing to draw, though the tagger reads a number. */
const RACE = /^\d{1,3}k$/u;
/** Nouns the tagger reads as comparatives by their "-ier" ("a rescue terrier" was a rescue). */
const IER_NOUNS = new Set(["terrier", "courier", "carrier", "cashier", "barrier", "frontier", "soldier", "pier"]);
const forcedNoun = (normal: string) => RACE.test(normal) || IER_NOUNS.has(normal);
/** Words that make a prompt about people, so faces and figures are not held back. */
const PEOPLE_WORDS = new Set(
  (
    "person people man men woman women kid kids child children family friend friends team student students " +
    "teacher customer customers couple baby babies girl boy girls boys athlete runner chef doctor nurse dentist " +
    "worker workers crowd audience player players dancer artist"
  ).split(" "),
);
/** Words of icon names that do not make an icon more specific ("person-in-lotus-position"). */
const FILLER = new Set(["with", "of", "in", "on", "and", "the", "person", "face"]);
/** When nothing matches: neutral, positive pictures. */
const FALLBACK = ["sparkles", "glowing-star", "star", "light-bulb", "gem-stone", "rocket", "rainbow", "sun"];

const MATCH_SCORE: Record<MatchKind, number> = {
  name: 1,
  nameHead: 0.85,
  nameWordKeyword: 0.8,
  nameWord: 0.6,
  keyword: 0.65,
};
const CATEGORY_FACTOR: Record<string, number> = {
  "Food & Drink": 1,
  Objects: 1,
  "Animals & Nature": 1,
  "Travel & Places": 1,
  Activities: 0.95,
  Symbols: 0.7,
  Other: 0.8,
  "People & Body": 0.55,
  "Smileys & Emotion": 0.4,
};

/** Words that end a noun phrase even when compromise tags them otherwise ("mountains under a sky"). */
const PREPOSITIONS = new Set(
  (
    "in on at to for with by from into onto over under above below behind beside near inside outside across " +
    "through around between among about during after before of off than via without within along against"
  ).split(" "),
);

/** Prepositions that place the subject somewhere or sometime: what follows is the setting. */
const SETTING_PREPOSITIONS = new Set(
  "at in during under over near behind above below after before around inside outside beside across through along".split(
    " ",
  ),
);

/**
 * A shop written as one word ("bookshop", "bookstore", "flowershop"): split, so
 * the thing it sells is read as the picture, as in "book shop". At most 20
 * letters before the suffix, so the look-back is bounded.
 */
const SHOP_COMPOUND = /\b([a-z]{3,20})(shop|store)(s?)\b/gi;
/** One-word names that are no shop of a thing. */
const NOT_COMPOUNDS = new Set(["workshop", "workshops", "photoshop", "superstore", "superstores", "megastore"]);

type Term = { normal: string; root?: string; tags: string[]; post?: string };

/** The words that say what the picture shows, weighted; "Avoid: …", style and colour words left out. */
export function subjectWords(prompt: string): SubjectWord[] {
  // Cut first: the pattern below backtracks over runs of spaces, so it only ever sees 400 characters. The writer's
  // ", <mood> mood" goes, its comma stays: the phrase before it ends there ("yoga studio", not "studio …").
  const subject = (prompt.split(/\bavoid:/i)[0] ?? "")
    .slice(0, 400)
    .replace(/[,;][\w\s-]*\bmood\b/gi, ",")
    .replace(SHOP_COMPOUND, (whole, thing: string, place: string, plural: string) =>
      NOT_COMPOUNDS.has(whole.toLowerCase()) ? whole : `${thing} ${place}${plural}`,
    );
  const doc = nlp(subject);
  doc.compute("root");
  const terms = (doc.json() as { terms: Term[] }[]).flatMap((sentence) => sentence.terms);
  const out = new Map<string, SubjectWord>();
  const put = (t: Term, weight: number, phrase: number, modifier = false) => {
    const clean = (w: string | undefined) => (w ?? "").toLowerCase().replace(/[^\p{L}\p{N} ]+/gu, "");
    const word = clean(t.normal);
    if (word.length < 2 || STYLE_WORDS.has(word) || /^[\d ]+$/.test(word)) return;
    const had = out.get(word);
    if (had && had.weight >= weight) return;
    const root = clean(t.root);
    out.set(word, {
      word,
      forms: [...new Set([word, ...(root.length > 1 ? [root] : []), ...singulars(word)])],
      weight,
      phrase: Math.min(had?.phrase ?? phrase, phrase),
      ...(modifier ? { modifier } : {}),
    });
  };

  // Noun phrases: runs of nouns, adjectives and determiners, cut at prepositions, verbs and punctuation.
  const runs: { terms: Term[]; via: string }[] = [];
  let run: Term[] = [];
  let via = "";
  const flush = () => {
    if (run.length) runs.push({ terms: run, via });
    run = [];
    via = "";
  };
  terms.forEach((t, i) => {
    const isNoun =
      (t.tags.includes("Noun") && !t.tags.some((tag) => ["Pronoun", "Value", "Duration", "Date"].includes(tag))) ||
      forcedNoun(t.normal);
    // A gerund right before a noun says what kind it is ("grooming van", "running shoes"), as an adjective would.
    const describes =
      t.tags.includes("Gerund") && !/[,;:.!?]/.test(t.post ?? "") && terms[i + 1]?.tags.includes("Noun");
    if (
      PREPOSITIONS.has(t.normal) ||
      !(isNoun || describes || t.tags.includes("Adjective") || t.tags.includes("Determiner"))
    ) {
      flush();
      via = PREPOSITIONS.has(t.normal) ? t.normal : "";
    } else run.push(t);
    if (/[,;:.!?]/.test(t.post ?? "")) flush();
  });
  flush();
  const phrases = runs
    .map(({ terms: phrase, via: by }) => {
      const nouns = phrase.filter(
        (t) =>
          (t.tags.includes("Noun") || forcedNoun(t.normal)) &&
          !t.tags.includes("Possessive") &&
          !STYLE_WORDS.has(t.normal),
      );
      // Colour words before a noun say how it looks, not what it is ("pastel sky", "neon city").
      const modifiers = nouns.slice(0, -1).filter((t) => !Object.hasOwn(COLOUR_WORDS, t.normal));
      return {
        terms: phrase.filter((t) => !t.tags.includes("Determiner")),
        head: nouns[nouns.length - 1],
        modifiers,
        via: by,
      };
    })
    .filter((p): p is typeof p & { head: Term } => p.head != null);

  let index = 0;
  phrases.forEach(({ terms: phrase, head, modifiers, via: by }, i) => {
    // "a team of doctors", "a box of chocolates": the thing after "of" is the picture.
    const ofFollows = phrases[i + 1]?.via === "of" && GENERIC_HEADS.has(head.normal);
    const generic = GENERIC_HEADS.has(head.normal) && (modifiers.length > 0 || ofFollows);
    // Later phrases weigh less, a setting ("at sunrise", "in a city") less again.
    const order = (SETTING_PREPOSITIONS.has(by) ? 0.75 : 1) / (1 + 0.5 * index);
    put(head, (generic ? 0.45 : 1) * order, index);
    for (const t of modifiers) put(t, (generic ? 0.8 : 0.7) * order, index, true);
    // Two-word names ("ice cream truck", "hot dog stand") find the icon named by both words.
    for (let k = 1; k < phrase.length; k++) {
      const [a, b] = [phrase[k - 1]!, phrase[k]!];
      if (b.tags.includes("Noun"))
        put(
          { normal: `${a.normal} ${b.normal}`, root: `${a.normal} ${b.root ?? b.normal}`, tags: b.tags },
          (b === head ? 1.1 : 0.85) * order,
          index,
        );
    }
    if (!ofFollows) index++;
  });
  // Adjectives and verbs ("running", "cold", "fresh") help choose between icons and name support pictures.
  for (const t of terms) {
    if (t.tags.some((tag) => ["Adjective", "Verb", "Gerund", "Noun"].includes(tag)) && !PREPOSITIONS.has(t.normal))
      put(t, 0.3, index);
  }
  return [...out.values()];
}

/** Likely singular forms, for plurals compromise left alone. */
function singulars(word: string): string[] {
  if (word.length > 4 && word.endsWith("ies")) return [`${word.slice(0, -3)}y`];
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return [word.slice(0, -2)];
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return [word.slice(0, -1)];
  return [];
}

interface Scored {
  name: string;
  score: number;
  /** The word that gave the icon most of its score. */
  word: string;
  phrase: number;
  /** Every word (and word of a phrase) that matched the icon. */
  matched: string[];
}

/** Every icon some subject word matches, best first; equal scores in an order drawn from the seed. */
export function rankIllustrations(words: SubjectWord[], library: IllustrationLibrary, seed: number): Scored[] {
  // About people: the main phrase names them ("a team of doctors"), not a later one ("a laptop for students").
  const aboutPeople = words.some((w) => w.forms.some((f) => PEOPLE_WORDS.has(f)) && w.weight >= 0.5 && w.phrase === 0);
  type Total = {
    sum: number;
    best: number;
    kind: MatchKind;
    word: string;
    phrase: number;
    matched: Set<string>;
    /** The best match is a stand-in phrase (illustrations.ts STAND_INS), not the icon's own name. */
    stand: boolean;
  };
  const totals = new Map<string, Total>();
  for (const w of words) {
    const seen = new Map<string, { s: number; kind: MatchKind; stand: boolean }>();
    // A word that names icons ("bottle") is better shown by them than by icons that only list it as a keyword (sake).
    const kinds = new Set(w.forms.flatMap((f) => [...(library.byWord.get(f)?.values() ?? [])]));
    const named =
      kinds.has("name") || kinds.has("nameHead")
        ? 0.45
        : kinds.has("nameWord") || kinds.has("nameWordKeyword")
          ? 0.5
          : 0;
    for (const form of w.forms) {
      for (const [name, kind] of library.byWord.get(form) ?? []) {
        // A modifier that is itself an icon's whole name ("sushi rolls", "pizza delivery") is close to the subject.
        const weight = kind === "name" && w.modifier ? Math.min(1, w.weight * 1.3) : w.weight;
        // Between equal keyword matches, the icon that lists the word first means it most ("bike": the bicycle, not the scooter).
        const listed = kind === "keyword" ? (library.keywordAt.get(form)?.get(name) ?? 0) : 0;
        const s =
          (kind === "keyword" && named ? named : MATCH_SCORE[kind]) * weight * (1 - 0.002 * Math.min(listed, 8));
        if (s > (seen.get(name)?.s ?? 0))
          seen.set(name, { s, kind, stand: library.standIns?.has(`${form} ${name}`) ?? false });
      }
    }
    // A keyword shared by many icons means what most of them are: "vegetable" lists palm trees too, but mostly food.
    const counts = new Map<string, number>();
    for (const [name, { kind }] of seen) {
      const c = library.entries.get(name)!.category;
      if (kind === "keyword") counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const usual = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    for (const [name, entry] of seen) {
      if (usual && usual[1] >= 3 && entry.kind === "keyword" && library.entries.get(name)!.category === usual[0])
        entry.s *= 1.05;
    }
    for (const [name, { s, kind, stand }] of seen) {
      const t = totals.get(name) ?? {
        sum: 0,
        best: 0,
        kind,
        word: w.word,
        phrase: w.phrase,
        matched: new Set<string>(),
        stand,
      };
      t.sum += s;
      for (const part of w.forms.flatMap((f) => f.split(" "))) t.matched.add(part);
      if (s > t.best) Object.assign(t, { best: s, kind, word: w.word, phrase: w.phrase, stand });
      totals.set(name, t);
    }
  }
  const rng = createRng(seed);
  const scored: (Scored & { tie: number })[] = [];
  for (const [name, t] of totals) {
    const entry = library.entries.get(name)!;
    let category = aboutPeople && entry.category === "People & Body" ? 1.25 : (CATEGORY_FACTOR[entry.category] ?? 0.8);
    // The prompt naming the icon itself ("a robot") outweighs the preference for objects.
    if (t.kind === "name") category = Math.max(category, 0.85);
    // Name words the prompt does not mention make an icon more specific than asked ("baby bottle" for "bottle");
    // an icon found by a keyword ("coffee" -> hot beverage) is not held to its name.
    const extra =
      t.kind === "keyword" || t.stand
        ? 0
        : Math.min(2, entry.nameWords.filter((nw) => !t.matched.has(nw) && !FILLER.has(nw)).length);
    // The best-matching word counts fully, the others half: many faint matches do not outweigh one clear one.
    const score = ((t.best + 0.5 * (t.sum - t.best)) * category) / (1 + 0.12 * extra);
    scored.push({
      name,
      score: Math.round(score * 1000) / 1000,
      word: t.word,
      phrase: t.phrase,
      matched: [...t.matched],
      tie: 0,
    });
  }
  // Draw tie-breakers in name order so they do not depend on Map insertion order.
  scored.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const s of scored) s.tie = rng();
  scored.sort((a, b) => b.score - a.score || a.tie - b.tie);
  return scored.map(({ tie: _t, ...s }) => s);
}

const HOUR_NAMES = "twelve one two three four five six seven eight nine ten eleven".split(" ");
const NIGHT = /\b(?:tonight|night|evening)\b/u;
const CLOCK_TIME = /\b(\d{1,2})(?::\d{2})?\s?(?:am|pm)\b/u;
const DAY_WORDS =
  /\b(?:today|tomorrow|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/u;

/**
 * A prompt that names no thing but says when ("Tonight 5 to 9 pm", "Saturday
 * 14 June"): a night sky, a clock at that hour or a calendar, rather than a
 * neutral stand-in that says nothing about the scene.
 */
export function whenIllustration(prompt: string): string | null {
  const text = prompt.slice(0, 400).toLowerCase();
  if (NIGHT.test(text)) return "night-with-stars";
  const time = CLOCK_TIME.exec(text);
  if (time) return `${HOUR_NAMES[Number(time[1]) % 12]}-oclock`;
  if (DAY_WORDS.test(text)) return "spiral-calendar";
  return null;
}

/** Whether a word of `a` and a word of `b` are one the other's start, four letters at least ("groom", "grooming"). */
function sameStem(a: string, b: string): boolean {
  const bs = b.split(" ");
  return a
    .split(" ")
    .some((x) => bs.some((y) => Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x))));
}

/** The main illustration and up to two supporting ones, each for a different word of the prompt. */
export function chooseIllustrations(prompt: string, library: IllustrationLibrary, seed: number): Illustrations {
  const words = subjectWords(prompt);
  const ranked = rankIllustrations(words, library, seed);
  // Near-ties for the top (within 5 %) are all fair pictures of the subject: the seed picks one.
  const top = ranked[0];
  if (!top || top.score < 0.15) {
    const when = whenIllustration(prompt);
    if (when && library.entries.has(when)) return { main: when, support: [], matched: true };
    const rng = createRng(seed ^ 0x9e3779b9);
    const pool = FALLBACK.filter((n) => library.entries.has(n));
    return { main: pool[Math.floor(rng() * pool.length)] ?? "sparkles", support: [], matched: false };
  }
  // Among icons found by a keyword, only those that list it about as early as the best one ("bike": the bicycle
  // lists it first, the motor scooter fourth, so the scooter is not a fair picture of a bike).
  const listedAt = (name: string) => library.keywordAt.get(top.word)?.get(name);
  const tied = ranked.filter((s) => s.score >= top.score * 0.95 && s.word === top.word);
  const earliest = Math.min(...tied.map((s) => listedAt(s.name) ?? 0));
  const near = tied.filter((s) => (listedAt(s.name) ?? 0) <= earliest + 1);
  const main = near[seed % near.length]!;
  const support: string[] = [];
  const usedWords = new Set([main.word]);
  for (const s of ranked) {
    if (support.length === 2) break;
    // Another thing the prompt names, not a modifier of the main one ("water" in "water bottle").
    if (s.score < 0.4 || usedWords.has(s.word) || s.phrase === main.phrase || s.name === main.name) continue;
    // The main word's own stem is no other thing ("groom" beside a "grooming van" drew a wedding), nor a word of
    // a phrase the main picture shows ("whites" of "flat whites", a coffee, drew a white cane).
    if (sameStem(s.word, main.word) || main.matched.includes(s.word)) continue;
    support.push(s.name);
    usedWords.add(s.word);
  }
  return { main: main.name, support, matched: true };
}
