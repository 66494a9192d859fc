/**
 * The brief reader: separates the request ("a 20-second upbeat ad for") from
 * the subject and finds what the copy is made of — the product or offer and
 * its name, the brand, benefits, numbers with their units, prices, discount
 * codes, dates and times, places, the audience, the call to action, a web
 * address, and the language. Uses compromise (offline NLP) for parts of
 * speech, places, dates and clauses, with a few simple linear patterns for
 * prices, codes and addresses. Deterministic.
 */
import nlp from "compromise";
import { cleanProductName } from "./clean-product-name";
import { sentenceCase, splitSentences, trimDangling } from "./phrases";
import { readRequestWords, type RequestReading } from "./request";

export type BriefKind = "product" | "offer" | "event" | "announcement" | "explainer" | "recipe" | "local";

export interface BriefReading {
  /** "en", or "other" when the brief is not English: its own words are kept and no English filler is added. */
  language: "en" | "other";
  request: RequestReading;
  kind: BriefKind;
  /** The brief without the request words. */
  subject: string;
  /** The subject's sentences, in order. */
  sentences: string[];
  /** The first sentence's subject part ("A reusable steel water bottle", "Black Friday at Nova Shoes"). */
  head: string;
  /** A label the brief put before a colon ("Webinar", "Big news"). */
  label: string | null;
  /** Short lists ("Three scents: cedar, sea salt and fig"). */
  lists: BriefList[];
  /** What is promoted, as a phrase ("reusable steel water bottle"); null when none stands out. */
  product: string | null;
  /** The proper name of the product, business or event ("Bean There"), when the brief gives one. */
  name: string | null;
  brand: string | null;
  /** Short phrases about it, in the brief's order ("keeps drinks cold for 24 hours"). */
  benefits: string[];
  /** Numbers with their units as written ("24 hours", "500 ml", "20%"). */
  numbers: string[];
  prices: string[];
  codes: string[];
  dates: string[];
  times: string[];
  places: string[];
  audience: string | null;
  /** The brief's own call to action ("Order at beanthere.com."), when it has one. */
  cta: string | null;
  url: string | null;
}

export interface ProductFacts {
  name: string;
  price?: string | null;
  /** The brand, maker or author the page or catalogue gave. */
  brand?: string | null;
  points?: string[];
}

const EN_WORDS = new Set(
  "the a an and or for with of to in on our your is are that this it we you at by from new get now its their has have will be can just all every each more off free".split(
    " ",
  ),
);
const OTHER_WORDS = new Set(
  (
    "el la los las de del y para con nuestro nuestra nuestros por una un es en su sus al que " +
    "le les des et pour avec notre nos une est du au aux sur dans " +
    "der die das und für mit unser unsere unseren ist ein eine den dem im zum zur bei von auf " +
    "il lo gli di e per con nostro nostra è della delle nel nella alla sul dal ogni " +
    "o os as do da dos das com nosso nossa em um uma"
  ).split(" "),
);

/** English, or the brief's own language ("other"): counts common function words of each. */
export function briefLanguage(text: string): "en" | "other" {
  const ws = text
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => !/\w\.\w/u.test(w))
    .flatMap((w) => w.match(/\p{L}+/gu) ?? []);
  let en = 0;
  let other = 0;
  for (const w of ws) {
    if (EN_WORDS.has(w)) en++;
    if (OTHER_WORDS.has(w)) other++;
  }
  if (/[¿¡ñßäöüçœ]/u.test(text.toLowerCase()) && other >= en) return "other";
  return other > en * 1.2 && other >= 2 ? "other" : "en";
}

const PRICE_BEFORE = /[$€£¥]\s?\d[\d,]*(?:\.\d{1,2})?(?:[kKmM]\b)?/gu; // "£38k" is £38,000
const PRICE_AFTER = /\b\d[\d,]*(?:[.,]\d{1,2})?\s?(?:€|£|\$|EUR|USD|GBP|dollars|euros|pounds)/giu;
const CODE_WORD = /^[A-Z][A-Z0-9]{2,15}$/u;
const URL_TOKEN = /^(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?:\/[\w./-]*)?$/u;
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b/giu;
/** Opening hours after a day ("Saturdays 9 to 4", "weekdays 8–6", "Sundays 10am-2pm"): the range is a time. */
const HOURS =
  /\b(?:[A-Z][a-z]{2,8}days?|weekdays|weekends|daily)\s(\d{1,2}(?::\d{2})?(?:am|pm)?\s?(?:to|-|–)\s?\d{1,2}(?::\d{2})?(?:am|pm)?)\b/gu;
const NUMBER_FACT = /(?:^|[\s(])(\d[\d,.]*)(%|x\b)?/gu;

const CTA_VERBS = new Set(
  "order book shop visit call join try get grab reserve sign download come buy subscribe register follow use save claim discover start pre-order preorder rsvp text email stop drop head find pick tap swipe see check enroll apply donate watch listen".split(
    " ",
  ),
);
const NOT_NAMES = new Set(
  "a an the our my your their this that these those every each we you i it meet new introducing announcing join all get try we're i'm it's they're here's there's big fresh free quick family-run local black how why what when who where tickets entry recipe".split(
    " ",
  ),
);

function stripDeterminer(phrase: string): string {
  return phrase.replace(/^(?:a|an|the|our|my|your|their|this|these|its)\s+/iu, "").trim();
}

const cleanEnd = (s: string) => s.replace(/[\s.,;:!?]+$/u, "").trim();

function unique(xs: Iterable<string>): string[] {
  const out: string[] = [];
  for (const x of xs) {
    const v = x.trim();
    if (v && !out.some((o) => o.toLowerCase() === v.toLowerCase())) out.push(v);
  }
  return out;
}

function findPrices(text: string): string[] {
  return unique([...(text.match(PRICE_BEFORE) ?? []), ...(text.match(PRICE_AFTER) ?? [])].map(cleanEnd));
}

/** "£38k to £45k", "$20–$30": two prices the text joins are one range, as written. */
function priceRanges(prices: string[], text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < prices.length; i++) {
    const [a, b] = [prices[i]!, prices[i + 1]];
    const joined = b
      ? [" to ", "-", "–", " - ", " – "].map((j) => `${a}${j}${b}`).find((x) => text.includes(x))
      : undefined;
    if (joined) {
      out.push(joined);
      i++;
    } else out.push(a);
  }
  return out;
}

function findCodes(text: string): string[] {
  const ws = text.split(/\s+/u).map((w) => w.replace(/^[("'“]+/u, "").replace(/[)"'”.,;:!?]+$/u, ""));
  const out: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const afterCode = i > 0 && /^(?:code|coupon|código|codigo|gutscheincode|rabattcode|promo)$/iu.test(ws[i - 1]!);
    if (CODE_WORD.test(w) && (/\d/u.test(w) || afterCode)) out.push(w);
  }
  return unique(out);
}

function findUrl(text: string): string | null {
  for (const raw of text.split(/\s+/u)) {
    const w = raw
      .replace(/^[("'“]+/u, "")
      .replace(/[)"'”,;:!?]+$/u, "")
      .replace(/\.$/u, "");
    if (URL_TOKEN.test(w) && /\.[a-z]{2,6}(?:\/|$)/iu.test(w) && !/^\d/u.test(w))
      return w.replace(/^https?:\/\//u, "").replace(/\/$/u, "");
  }
  return null;
}

/** Numbers with the word that measures them, as written: "24 hours", "500 ml", "20%". */
function findNumbers(text: string, prices: readonly string[], times: readonly string[]): string[] {
  const out: string[] = [];
  const doc = nlp(text);
  const terms = doc.json().flatMap((s: { terms: { text: string; tags: string[]; post: string }[] }) => s.terms);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (!/\d/u.test(t.text)) continue;
    const raw = cleanEnd(t.text);
    if (CODE_WORD.test(raw) && /\p{L}/u.test(raw)) continue;
    if (prices.some((p) => p.includes(raw)) || times.some((x) => x.includes(raw))) continue;
    if (/^\d{4}$/u.test(raw) && Number(raw) > 1900 && Number(raw) < 2100) continue; // a year is a date
    const next = terms[i + 1];
    const joined = !/[.,;:!?]/u.test(t.post ?? "");
    if (/%$|x$/iu.test(raw)) {
      out.push(raw);
    } else if (
      next &&
      joined &&
      /^\p{Ll}/u.test(next.text) &&
      (next.tags.includes("Noun") || next.tags.includes("Unit") || next.tags.includes("Duration")) &&
      !next.tags.includes("Pronoun")
    ) {
      out.push(`${raw} ${cleanEnd(next.text)}`);
    } else if (next && joined && (next.text === "%" || /^percent/iu.test(next.text))) {
      out.push(`${raw} ${cleanEnd(next.text)}`);
    } else if (!/^\d{1,2}$/u.test(raw) || !next) {
      out.push(raw);
    }
  }
  if (out.length === 0) for (const m of text.matchAll(NUMBER_FACT)) out.push(m[1]! + (m[2] ?? ""));
  return unique(out);
}

function findDates(doc: ReturnType<typeof nlp>): string[] {
  const out: string[] = [];
  for (const m of doc.match("#Date+").json() as {
    text: string;
    terms: { text: string; tags: string[]; pre: string; post: string }[];
  }[]) {
    const all = m.terms;
    const stop = all.findIndex(
      (t) => t.tags.includes("Duration") || t.tags.includes("Time") || /\d(?:am|pm)$/iu.test(t.text),
    );
    const terms = stop < 0 ? all : all.slice(0, stop);
    if (
      !terms.some(
        (t) =>
          t.tags.includes("WeekDay") ||
          t.tags.includes("Month") ||
          t.tags.includes("Holiday") ||
          /^(?:tomorrow|tonight|weekend)$/iu.test(cleanEnd(t.text)),
      )
    )
      continue;
    const text = cleanEnd(
      terms
        .map((t, i) => `${i === 0 ? "" : t.pre}${t.text}${i === terms.length - 1 ? "" : t.post}`)
        .join("")
        .replace(/^(?:on|this|next|from|until|by)\s+/iu, ""),
    );
    if (text) out.push(text);
  }
  return unique(out);
}

/** A word that looks like a name of its own: internal capitals ("PulseBuds") or a proper noun to compromise. */
function nameLike(word: string, tags: readonly string[]): boolean {
  return /^\p{Lu}\p{Ll}+\p{Lu}/u.test(word) || /\d/u.test(word) || tags.includes("ProperNoun");
}

/**
 * The proper name the first sentence gives: a capitalised run at its start
 * followed by a verb or an apposition ("Bean There roasts…", "Lumo, a lamp…",
 * "PulseBuds wireless earbuds"), else a capitalised run later in it
 * ("…oat milk, Oatly Barista", "…restaurant Olive & Thyme").
 */
function findName(sentence: string): string | null {
  const ws = sentence.split(" ");
  const terms = (nlp(sentence).json()[0] as { terms: { text: string; tags: string[] }[] } | undefined)?.terms ?? [];
  const tagsOf = (i: number) => terms[i]?.tags ?? [];
  const runAt = (start: number): string[] => {
    const run: string[] = [];
    for (let i = start; i < ws.length && run.length < 5; i++) {
      const w = ws[i]!;
      const bare = w.replace(/[,.;:!?]+$/u, "");
      if (bare === "&" && run.length > 0) {
        run.push(bare);
        continue;
      }
      if (run.length > 0 && /^\d+(?:\.\d+)*$|^\d{1,3}K$/u.test(bare)) {
        run.push(bare); // "Atlas 2.0", "Riverside 10K"
        continue;
      }
      if (
        !/^\p{Lu}/u.test(bare) ||
        NOT_NAMES.has(bare.toLowerCase()) ||
        tagsOf(i).includes("Date") ||
        (CODE_WORD.test(bare) && /\d/u.test(bare))
      )
        break;
      run.push(bare);
      if (/[,.;:!?]$/u.test(w)) break;
    }
    while (run.length > 0 && run[run.length - 1] === "&") run.pop();
    return run;
  };
  const lead = runAt(0);
  if (lead.length > 0) {
    const afterWord = ws[lead.length - 1]!;
    const rest = ws.slice(lead.length).join(" ");
    const nextTags = tagsOf(lead.length);
    const apposition = /,$/u.test(afterWord);
    const firstTags = tagsOf(0);
    const adjectiveStart = firstTags.includes("Adjective") && !firstTags.includes("ProperNoun");
    // "Bright Smile whitening strips" (a title before a colon): a name, then in a few lower-case words what it is.
    const titled =
      lead.length >= 2 &&
      ws.length <= lead.length + 3 &&
      /^\p{Ll}[\p{Ll}\s-]*$/u.test(rest) &&
      !nextTags.some((t) => ["PastTense", "Participle", "Adverb", "Preposition", "Determiner"].includes(t));
    if (titled) return lead.join(" ");
    if (
      (!adjectiveStart || apposition || lead.length >= 3) &&
      (apposition ||
        (nextTags.includes("Verb") && !nextTags.includes("Gerund")) ||
        /^(?:is|are|has|makes|brings|helps|lets)\b/u.test(rest) ||
        (lead.length >= 2 && !/^\p{Ll}/u.test(rest)) ||
        lead.length >= 3 ||
        // "Lakeside Cinema in Keswick": a place's name ends with what it is (the town after it is not the name).
        (lead.length >= 2 && venueOf(lead.join(" ")) !== null) ||
        nameLike(lead[0]!, firstTags))
    ) {
      return lead.join(" ");
    }
  }
  for (let i = Math.max(1, lead.length); i < ws.length; i++) {
    const run = runAt(i);
    if (run.length === 0) continue;
    const word = run[0]!;
    if (run.length >= 2 || nameLike(word, tagsOf(i))) return run.join(" ");
    i += run.length;
  }
  return null;
}

function firstNounPhrase(doc: ReturnType<typeof nlp>, skip: readonly string[]): string | null {
  for (const n of doc.nouns().json() as { text: string; terms: { tags: string[]; text: string }[] }[]) {
    // The phrase's own words: "a bike repair shop in Leeds" is a shop (its place comes after "in").
    const after = n.terms.findIndex((t, i) => i > 0 && /^(?:in|at|on|near|from|of|for|with)$/iu.test(t.text));
    // What the phrase names is its last own word: "our Thursday night quiz" is a quiz, "next Friday" a date.
    const own = after > 0 ? n.terms.slice(0, after) : n.terms;
    const tags = own.flatMap((t) => t.tags);
    const headTags = own[own.length - 1]?.tags ?? [];
    if (
      tags.includes("Pronoun") ||
      headTags.includes("Date") ||
      headTags.includes("Value") ||
      headTags.includes("Place")
    )
      continue;
    const whole = cleanEnd(n.text);
    // "is showing The Goonies": a capital "The" inside a sentence belongs to a title; at its start it is only a capital.
    const text = /^The\s\p{Lu}/u.test(whole) && !doc.text().startsWith(whole) ? whole : stripDeterminer(whole);
    if (!text || skip.some((s) => s && s.toLowerCase().includes(text.toLowerCase()))) continue;
    return text;
  }
  return null;
}

/** Tags of a word before a gerund that make the gerund a verb ("now offering", "we're opening"). */
const VERB_CONTEXT = ["Adverb", "Copula", "Auxiliary", "Verb", "Preposition", "Conjunction"];

/**
 * "grooming van", "cleaning service", "cooking class": a gerund right before
 * the product names what kind it is, but compromise reads it as a verb and
 * leaves it out ("Paws & Claws grooming van" -> "van"). Not after a verb,
 * an adverb or a preposition ("now offering free delivery").
 */
function withGerund(doc: ReturnType<typeof nlp>, product: string): string {
  const terms = (doc.json() as { terms: { text: string; normal: string; tags: string[]; post?: string }[] }[]).flatMap(
    (sentence) => sentence.terms,
  );
  const first = product.split(" ")[0]!.toLowerCase();
  const at = terms.findIndex((t) => t.normal === first);
  const gerund = terms[at - 1];
  if (at < 1 || !gerund || !/^[A-Za-z][a-z]{2,19}ing$/u.test(gerund.text) || /[,;:.!?]/u.test(gerund.post ?? ""))
    return product;
  // The two words before it: "we are now offering" is a verb, "Paws & Claws grooming" and "our cooking" are not.
  for (const before of terms.slice(Math.max(0, at - 3), at - 1)) {
    const pronoun = before.tags.includes("Pronoun") && !before.tags.includes("Possessive");
    if (pronoun || before.tags.some((t) => VERB_CONTEXT.includes(t))) return product;
  }
  return `${at === 1 ? gerund.text.toLowerCase() : gerund.text} ${product}`;
}

export interface BriefList {
  head: string;
  items: string[];
}

/** A generic label before a colon ("Webinar:", "Big news:", "Recipe:"), not the subject itself. */
function isLabel(before: string): boolean {
  const ws = before.split(" ");
  return (
    ws.length <= 2 &&
    !ws.slice(1).some((w) => /^\p{Lu}/u.test(w) && !/^(?:SaaS|App)$/u.test(w)) &&
    !/\d/u.test(before) &&
    !/^\p{Lu}\p{Ll}+\p{Lu}/u.test(ws[0]!)
  );
}

const isShortItem = (x: string) => x.split(" ").length <= 5 && !/\d{2}/u.test(x);

/**
 * The subject's structure: the head of the first sentence (what the video is
 * about, without its relative clause, colon list or "with" features), a label
 * before a colon, lists ("Three scents: cedar, sea salt and fig"), and the
 * benefit phrases in the brief's order.
 */
function structure(
  sentences: readonly string[],
  cta: string | null,
): { head: string; label: string | null; lists: BriefList[]; benefits: string[] } {
  let head = "";
  let label: string | null = null;
  const lists: BriefList[] = [];
  const out: string[] = [];
  for (const [i, sentence] of sentences.entries()) {
    if (cta && sentence === cta) continue;
    let s = cleanEnd(sentence);
    const colon = s.indexOf(": ");
    if (colon > 0) {
      const before = s.slice(0, colon);
      const after = s.slice(colon + 2);
      const items = splitItems(after)
        .map((x) => cleanEnd(x.replace(/^and\s/u, "")))
        .filter(Boolean);
      const verb = hasVerb(after);
      if (i === 0 && isLabel(before)) {
        label = before;
        if (verb || items.length < 2) {
          head = after;
          continue;
        }
        head = items[0]!;
        out.push(...items.slice(1));
        continue;
      }
      if (i === 0) {
        head = before;
        if (verb && items.length >= 3 && items.every((x) => x.split(" ").length <= 6)) {
          // "Spoke & Chain, a bike shop: £25 tune-ups, book online, open Saturdays": a list of facts, one each.
          out.push(...items);
          continue;
        }
      } else if (!verb && items.length >= 3 && items.every(isShortItem)) {
        lists.push({ head: before, items });
        continue;
      } else if (!verb) out.push(before);
      if (verb) out.push(after);
      else if (i === 0 && items.length >= 3 && items.every(isShortItem)) lists.push({ head: "", items });
      else out.push(...items);
      continue;
    }
    if (i === 0) {
      // "... bottle that keeps drinks cold for 24 hours": the head, and the clause as a benefit.
      const rel = /\s(?:that|which|who)\s(.+)$/u.exec(s);
      if (rel && !hasVerb(s.slice(0, rel.index))) {
        head = s.slice(0, rel.index);
        out.push(rel[1]!);
        continue;
      }
      const withList = /\swith\s(.+)$/u.exec(s);
      if (withList && !hasVerb(s.slice(0, withList.index))) {
        head = s.slice(0, withList.index);
        out.push(...splitItems(withList[1]!, false));
        continue;
      }
      head = s;
      continue;
    }
    s = s.replace(/^(?:also|plus),?\s/iu, "");
    const parts = splitItems(s)
      .map((x) => cleanEnd(x.replace(/^and\s/u, "")))
      .filter(Boolean);
    if (parts.length >= 3 && parts.every(isShortItem) && !hasVerb(s)) {
      lists.push({ head: "", items: parts });
      continue;
    }
    out.push(s);
  }
  // Trimmed against the brief's sentences: a phrase that ends one of them is whole ("… he will talk about.").
  const source = sentences.join(" ");
  const benefits = unique(out.map((p) => trimDangling(cleanEnd(p), source)).filter((p) => p.split(" ").length >= 2));
  return { head: cleanEnd(head), label, lists, benefits };
}

/**
 * A list's items: cut at commas (and semicolons), and at "and" between items, but not where "and" joins two words
 * of one item ("scents like fig and cedar" kept its "cedar"; "sea salt and fig", "hog roast and cider tasting" split).
 */
function splitItems(text: string, semicolons = true): string[] {
  return text.split(semicolons ? /,\s|;\s/u : /,\s/u).flatMap((part) => {
    const halves = part.split(/\sand\s/u);
    if (halves.length !== 2) return halves;
    const [left, right] = halves.map((h) => h.replace(/^and\s/u, "").split(" ").length) as [number, number];
    // One word after a longer phrase belongs to it ("scents like fig and cedar"); "sea salt and fig" are two.
    return right === 1 && left >= 3 ? [part] : halves;
  });
}

function hasVerb(text: string): boolean {
  const terms = (nlp(text).json() as { terms: { tags: string[] }[] }[]).flatMap((x) => x.terms);
  return terms.some(
    (t) =>
      t.tags.includes("Verb") &&
      !t.tags.includes("Gerund") &&
      !t.tags.includes("Participle") &&
      !t.tags.includes("PastTense"),
  );
}

/** Places people walk into, by the word that names them ("… Tea Room", "… Bakery"). */
export const VENUE_WORDS =
  /\b(?:tea\s?rooms?|tea\s?house|tea\s?shop|caf[eé]|coffee\s?(?:shop|house)|bakery|patisserie|deli|bistro|bar|pub|inn|diner|pizzeria|restaurant|brewery|taproom|kitchen|salon|spa|gym|barber|clinic|florist|bookshop|bookstore|shop|store|studio|market|cinema|theatre|theater|gallery|museum|farm|hall|arena|playhouse)$/iu;

/** Place words that say nothing of what happens there ("a small studio"). */
const BARE_PLACE =
  /^(?:(?:small|little|tiny|new|local|cosy|cozy|friendly|independent|neighbourhood|neighborhood|family|boutique|modern|bright|quiet|big)\s){0,2}(studio|club|centre|center|school|space)$/u;
/** What a name's last word may say happens in such a place ("Harbour Yoga": yoga), listed, so "Blue Door" is not one. */
const ACTIVITIES = new Set(
  (
    "yoga pilates barre dance ballet boxing climbing bouldering fitness spin cycling swim swimming martial karate " +
    "judo taekwondo jiujitsu tattoo photo photography pottery ceramics art arts music recording design print " +
    "craft crafts sewing knitting cooking baking chess tennis golf padel squash running surf surfing skate " +
    "language languages drama theatre acting singing piano guitar drum drums coding robotics massage wellness"
  ).split(" "),
);

/** "small studio" of "Harbour Yoga" -> "yoga studio"; anything else unchanged. */
function qualifyPlace(product: string, name: string): string {
  const m = BARE_PLACE.exec(product.toLowerCase());
  if (!m) return product;
  const last = name.toLowerCase().split(/\s+/u).pop() ?? "";
  return ACTIVITIES.has(last) ? `${last} ${m[1]}` : product;
}

/** The kind of place a name ends with, lowercased ("Copper Kettle Tea Room" -> "tea room"), or null. */
function venueOf(name: string): string | null {
  const m = VENUE_WORDS.exec(name);
  return m && m.index > 0 ? m[0].toLowerCase() : null;
}

function kindOf(r: Omit<BriefReading, "kind">): BriefKind {
  const t = r.subject.toLowerCase();
  if (r.request.explainer || /^(?:how|what|why)\b/u.test(t)) return "explainer";
  if (
    /\b(?:recipe|ingredients|bake|cook|serves|tablespoons?|cups? of|minutes to make|simmer|whisk|preheat|knead|soften|stir in|chop)\b/u.test(
      t,
    )
  )
    return "recipe";
  const event =
    (r.dates.length > 0 || r.times.length > 0) &&
    /\b(?:join|event|festival|concert|gig|workshop|class|classes|session|drop-in|zumba|pilates|bootcamp|webinar|market|fair|party|opening|opens|open\s(?:day|evening|morning|house)|fete|night|tasting|meetup|conference|show(?!\s(?:code|your|us|this|the|it|them|off)\b)|showing|screening|exhibition|quiz|tickets?|launch)\b/u.test(
      t,
    );
  // A sale is an offer even on a date; an event with a code for its tickets is still an event (its date and place lead).
  const sale = /\b(?:sale|discount|off everything|deal|offer|free shipping|buy one)\b/u.test(t);
  if (sale || ((r.codes.length > 0 || /\b\d+% off\b/u.test(t)) && !event)) return "offer";
  if (event) return "event";
  if (
    r.places.length > 0 &&
    /\b(?:caf[eé]|bakery|salon|studio|(?:book|flower|gift|coffee|sweet|pet|bike|record|toy|thrift|charity|antique)?(?:shop|store)|restaurant|gym|barber|bar|bistro|clinic|dentist|vets?|opticians?|pharmacy|hotel|guesthouse|florist|market|tea\s?rooms?|pub|deli)\b/u.test(
      t,
    )
  )
    return "local";
  if (/\b(?:announc\w*|introducing|now open|launch\w*|coming soon|we are|we're|big news|news)\b/u.test(t))
    return "announcement";
  return "product";
}

/** Reads a brief (and a product's facts from a page or catalogue, when given). */
/** `knownLanguage`: the brief's language when known (detected or chosen; a BCP 47 tag): English rules only for English. */
export function readBrief(
  rawBrief: string,
  productFacts?: ProductFacts | null,
  knownLanguage?: string | null,
): BriefReading {
  // A page's product name carries the shop's additions: the brief reads with the clean name.
  const cleanName = productFacts ? cleanProductName(productFacts.name) : null;
  const rawFull = productFacts?.name.replace(/\s+/gu, " ").trim() ?? "";
  const rawName = rawFull.replace(/[.\s]+$/u, "");
  const factsBrand = productFacts?.brand?.replace(/\s+/gu, " ").trim() || null;
  const named =
    cleanName && rawName && cleanName.name !== rawName
      ? rawBrief
          .replace(/\s+/gu, " ")
          .split(rawFull)
          .join(`${cleanName.name}.`)
          .split(rawName)
          .join(cleanName.name)
          .replace(/([^.])\.\.(?=\s|$)/gu, "$1.")
          .replace(/\.\s(?=\p{Ll})/gu, " ")
      : rawBrief;
  // "The Whole Truth by David Baldacci." (a product brief's first line): the name, and the author in their own slot.
  const brief =
    cleanName && factsBrand ? named.split(`${cleanName.name} by ${factsBrand}.`).join(`${cleanName.name}.`) : named;
  const language: BriefReading["language"] = knownLanguage
    ? /^en(?:-|$)/iu.test(knownLanguage)
      ? "en"
      : "other"
    : briefLanguage(brief);
  const request =
    language === "en"
      ? readRequestWords(brief)
      : {
          ...readRequestWords(""),
          length_s: readRequestWords(brief).length_s,
          subject: brief.replace(/\s+/gu, " ").trim(),
        };
  const subject = request.subject || brief.replace(/\s+/gu, " ").trim();
  const sentences = splitSentences(subject);
  const doc = nlp(subject);
  const prices = priceRanges(
    unique([...findPrices(subject), ...(productFacts?.price ? [productFacts.price] : [])]),
    subject,
  );
  const hours = [...subject.matchAll(HOURS)].map((m) => m[1]!);
  const times = unique([...hours, ...(subject.match(TIME) ?? []).map((x) => x.trim())]).filter(
    (t, _, all) => !all.some((o) => o !== t && o.includes(t)),
  );
  const codes = findCodes(subject);
  const url = findUrl(subject);
  // "Saturdays 9" read as a date is the day before opening hours: the day alone.
  const dates = (language === "en" ? findDates(doc) : []).map((d) => {
    const hour = hours.find((h) => d.endsWith(` ${h.split(/\s|-|–/u)[0]!}`));
    return hour ? d.slice(0, d.lastIndexOf(" ")) : d;
  });
  const numbers = findNumbers(subject, prices, times).filter(
    (n) =>
      !codes.some((c) => n.includes(c) || c.includes(n)) &&
      !(url ?? "").includes(n) &&
      !dates.some((d) => d.includes(n)) &&
      !times.some((t) => t.includes(n)) &&
      (/\D/u.test(n) || n.length >= 3),
  );
  const placeNames = language === "en" ? unique((doc.places().out("array") as string[]).map(cleanEnd)) : [];
  // The town after a street ("14 Mill Lane, Bath"): a capitalised word or two that ends the address is a place too.
  const towns = placeNames.flatMap((p) => {
    const at = subject.indexOf(`${p}, `);
    if (at < 0) return [];
    const town = /^(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)(?=[:,.;]|$)/u.exec(subject.slice(at + p.length + 2));
    return town ? [town[1]!] : [];
  });
  const places = unique([...placeNames, ...towns]);

  let cta: string | null = null;
  for (const s of sentences.slice(1)) {
    const first = s
      .split(" ")[0]!
      .toLowerCase()
      .replace(/[,.!]$/u, "");
    const tagged = (nlp(s).terms().json()[0] as { terms: { tags: string[] }[] } | undefined)?.terms[0]?.tags ?? [];
    const pointsSomewhere = (url !== null && s.includes(url)) || /\b(?:now|today|online)\b/iu.test(s);
    if (CTA_VERBS.has(first) || (tagged.includes("Imperative") && pointsSomewhere) || /^link in bio/iu.test(s)) cta = s;
  }
  if (language !== "en") {
    // Other languages: the last sentence naming an address or code is the call to action.
    cta =
      sentences
        .slice(1)
        .reverse()
        .find((s) => (url && s.includes(url)) || codes.some((c) => s.includes(c))) ?? null;
  }

  const cleaned = cleanName;
  const firstSentence = sentences[0] ?? subject;
  const shape =
    language === "en"
      ? structure(sentences, cta)
      : { head: cleanEnd(firstSentence), label: null, lists: [], benefits: [] };
  const found = language === "en" ? findName(shape.head || firstSentence) : null;
  const name = cleaned?.name ?? (found && !codes.includes(found) ? found : null);
  const brand =
    cleaned?.brand ??
    factsBrand ??
    (language === "en" ? ((doc.organizations().out("array") as string[]).map(cleanEnd)[0] ?? null) : null);
  let product: string | null = null;
  if (language === "en") {
    const firstDoc = nlp(shape.head || firstSentence);
    product = firstNounPhrase(firstDoc, [name ?? "", ...places]);
    if (product) {
      const first = product.split(" ")[0]!;
      const tags =
        (firstDoc.match(first).json()[0] as { terms: { tags: string[] }[] } | undefined)?.terms[0]?.tags ?? [];
      if (
        !nameLike(first, tags) &&
        !tags.includes("Date") &&
        /^\p{Lu}\p{Ll}/u.test(first) &&
        !/^The\s\p{Lu}/u.test(product)
      )
        product = product.charAt(0).toLowerCase() + product.slice(1);
      // "bakery's new sourdough" -> "new sourdough"
      const poss = /^(.+?)['’]s\s(.+)$/u.exec(product);
      if (poss) product = poss[2]!;
      product = product.replace(/\s(?:that|which|who|in|at|for|with)\s.*$/u, "");
      product = withGerund(firstDoc, product);
      // "a rescue terrier looking for his forever home": the tagger can read "looking" as a noun of the phrase.
      product = product.replace(
        /\s(?:looking|waiting|hoping|searching|seeking|wanting|needing|trying|coming|going|ready|available)$/u,
        "",
      );
    }
  } else {
    product = cleanEnd(firstSentence.split(/[,:;]\s/u)[0]!);
  }
  // "Our plumbing firm is hiring": a determiner alone is no product.
  if (product && /^(?:our|my|your|their|its|his|her|we|us|they)$/iu.test(product)) product = null;
  // "Bright Smile whitening strips": the product is what follows its name.
  if (product && name && product.toLowerCase().startsWith(`${name.toLowerCase()} `))
    product = product.slice(name.length + 1);
  const afterName = name && shape.head.startsWith(`${name} `) ? shape.head.slice(name.length + 1) : "";
  if (!product && /^\p{Ll}[\p{Ll}\s-]*$/u.test(afterName) && afterName.split(" ").length <= 3) product = afterName;
  // "Copper Kettle Tea Room, 14 Mill Lane, Bath": no other noun, so what the name says it is.
  if (!product && name) product = venueOf(name);
  // "Harbour Yoga, a small studio": a bare place word draws badly (a studio microphone); the name says what kind.
  if (product && name) product = qualifyPlace(product, name);
  if (cleaned) product = cleaned.name;

  let audience: string | null = null;
  if (language === "en") {
    const m = doc.match("for #Adjective? #Noun? #Plural").not("#Value").not("#Duration").out("array") as string[];
    const hit = m.map(cleanEnd).find((x) => !/\d/u.test(x) && x.split(" ").length >= 2);
    audience = hit ? hit.replace(/^for\s/u, "") : null;
  }

  // A short instruction among the listed facts ("…, book online, open Saturdays") is the call to action.
  const listedCta =
    language === "en" && !cta
      ? (shape.benefits.find((b) => {
          const ws = b.split(" ");
          return (
            ws.length <= 4 &&
            CTA_VERBS.has(ws[0]!.toLowerCase()) &&
            !/\d/u.test(b) &&
            /\b(?:now|today|online|ahead|in store)$/iu.test(b)
          );
        }) ?? null)
      : null;
  if (listedCta) cta = listedCta;
  const benefits = unique([
    ...(language === "en"
      ? shape.benefits.filter((b) => b !== listedCta)
      : sentences
          .slice(1)
          .filter((s) => s !== cta)
          .map(cleanEnd)),
    ...(productFacts?.points ?? []).map(cleanEnd),
  ]);
  const partial = {
    language,
    request,
    subject,
    sentences,
    head: shape.head,
    label: shape.label,
    lists: shape.lists,
    product,
    name,
    brand,
    benefits,
    numbers,
    prices,
    codes,
    dates,
    times,
    places,
    audience,
    cta,
    url,
  };
  const kind = kindOf(partial);
  if (kind === "recipe") return recipeSteps({ ...partial, kind });
  if (kind === "explainer") return howToSteps({ ...partial, kind });
  return { ...partial, kind };
}

/**
 * "Tomato soup: soften an onion in olive oil, add a tin of tomatoes, simmer,
 * then blend": the dish before the colon is what the video is about, and the
 * clauses after it are its steps (a step of one word goes with the next:
 * "Simmer, then blend …").
 */
/** Steps written as one sentence of clauses ("soften an onion…, add a tin…, simmer, then blend…"), one each. */
function stepsOf(text: string): string[] {
  const steps: string[] = [];
  let carry = "";
  for (const part of text.split(/,\s|;\s/u)) {
    const clause = part.trim();
    if (!clause) continue;
    if (!clause.includes(" ")) {
      carry = carry ? `${carry}, ${clause}` : clause;
      continue;
    }
    steps.push(sentenceCase(carry ? `${carry}, ${clause}` : clause));
    carry = "";
  }
  if (carry) steps.push(sentenceCase(carry));
  return steps;
}

function recipeSteps(r: BriefReading): BriefReading {
  if (!r.label || r.benefits.length > 0 || r.lists.length > 0) return r;
  const steps = stepsOf(r.head);
  if (steps.length < 2) return r;
  const dish = r.label;
  return { ...r, head: dish, label: null, product: dish.toLowerCase(), benefits: steps };
}

/**
 * "How to brew the perfect pour-over coffee: use 15 g…, heat the water…, then pour…": the title leads, each clause
 * is a step, and what is made is what the pictures show (not "brew").
 */
function howToSteps(r: BriefReading): BriefReading {
  // The title is the label ("How to …: steps") or the head with the steps as one listed point.
  const [title, body] = r.label ? [r.label, r.head] : [r.head, r.benefits.length === 1 ? r.benefits[0]! : ""];
  const how = /^how to\s\S+\s(?:(?:a|an|the|your)\s)?(?:(?:perfect|best|ideal|right|great|simple|easy)\s)?(.+)$/iu.exec(
    title,
  );
  if (!how || !body || (r.label && r.benefits.length > 0) || r.lists.length > 0) return r;
  const steps = stepsOf(body);
  if (steps.length < 2) return r;
  return { ...r, head: title, label: null, product: how[1]!, benefits: steps };
}
