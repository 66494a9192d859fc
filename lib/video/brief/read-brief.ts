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
import { splitSentences, trimDangling, numbersWithUnits } from "./phrases";
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
  points?: string[];
}

const EN_WORDS = new Set(
  "the a an and or for with of to in on our your is are that this it we you at by from new get now its their has have will be can just all every each more off free".split(" "),
);
const OTHER_WORDS = new Set(
  ("el la los las de del y para con nuestro nuestra nuestros por una un es en su sus al que " +
    "le les des et pour avec notre nos une est du au aux sur dans " +
    "der die das und für mit unser unsere unseren ist ein eine den dem im zum zur bei von auf " +
    "il lo gli di e per con nostro nostra è della delle " +
    "o os as do da dos das com nosso nossa em um uma").split(" "),
);

/** English, or the brief's own language ("other"): counts common function words of each. */
export function briefLanguage(text: string): "en" | "other" {
  const ws = (text.toLowerCase().match(/\p{L}+/gu) ?? []);
  let en = 0;
  let other = 0;
  for (const w of ws) {
    if (EN_WORDS.has(w)) en++;
    if (OTHER_WORDS.has(w)) other++;
  }
  if (/[¿¡ñßäöüçœ]/u.test(text.toLowerCase()) && other >= en) return "other";
  return other > en * 1.2 && other >= 2 ? "other" : "en";
}

const PRICE_BEFORE = /[$€£¥]\s?\d[\d,]*(?:\.\d{1,2})?/gu;
const PRICE_AFTER = /\b\d[\d,]*(?:[.,]\d{1,2})?\s?(?:€|£|\$|EUR|USD|GBP|dollars|euros|pounds)/giu;
const CODE_WORD = /^[A-Z][A-Z0-9]{2,15}$/u;
const URL_TOKEN = /^(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?:\/[\w./-]*)?$/u;
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b/giu;
const NUMBER_FACT = /(?:^|[\s(])(\d[\d,.]*)(%|x\b)?/gu;

const CTA_VERBS = new Set(
  "order book shop visit call join try get grab reserve sign download come buy subscribe register follow use save claim discover start pre-order preorder rsvp text email stop drop head find pick tap swipe see check enroll apply donate watch listen".split(" "),
);
const NOT_NAMES = new Set("a an the our my your their this that these those every each we you i it meet new introducing join all get try".split(" "));

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
    const w = raw.replace(/^[("'“]+/u, "").replace(/[)"'”,;:!?]+$/u, "").replace(/\.$/u, "");
    if (URL_TOKEN.test(w) && /\.[a-z]{2,6}(?:\/|$)/iu.test(w) && !/^\d/u.test(w)) return w.replace(/^https?:\/\//u, "").replace(/\/$/u, "");
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
    } else if (next && joined && /^\p{Ll}/u.test(next.text) && (next.tags.includes("Noun") || next.tags.includes("Unit") || next.tags.includes("Duration")) && !next.tags.includes("Pronoun")) {
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
  for (const m of doc.match("#Date+").json() as { text: string; terms: { text: string; tags: string[]; pre: string; post: string }[] }[]) {
    const all = m.terms;
    const stop = all.findIndex((t) => t.tags.includes("Duration") || t.tags.includes("Time") || /\d(?:am|pm)$/iu.test(t.text));
    const terms = stop < 0 ? all : all.slice(0, stop);
    if (!terms.some((t) => t.tags.includes("WeekDay") || t.tags.includes("Month") || t.tags.includes("Holiday") || /^(?:tomorrow|tonight|weekend)$/iu.test(cleanEnd(t.text)))) continue;
    const text = cleanEnd(terms.map((t, i) => `${i === 0 ? "" : t.pre}${t.text}${i === terms.length - 1 ? "" : t.post}`).join("").replace(/^(?:on|this|next|from|until|by)\s+/iu, ""));
    if (text) out.push(text);
  }
  return unique(out);
}

/** A capitalised name at the start of the subject ("Bean There roasts…", "Lumo is…"). */
function leadingName(sentence: string): string | null {
  const ws = sentence.split(" ");
  const run: string[] = [];
  for (const w of ws) {
    const b = w.replace(/[,.;:!?]+$/u, "");
    if (!/^\p{Lu}/u.test(b) || NOT_NAMES.has(b.toLowerCase())) break;
    run.push(b);
    if (/[,.;:!?]$/u.test(w)) break;
  }
  if (run.length === 0 || run.length > 4) return null;
  const rest = ws.slice(run.length).join(" ");
  const next = nlp(rest).terms().json()[0] as { terms: { tags: string[] }[] } | undefined;
  const tags = next?.terms[0]?.tags ?? [];
  if (run.length === 1 && !tags.includes("Verb") && !/^(?:is|are|was|has|makes|brings|helps|lets)\b/u.test(rest)) return null;
  return run.join(" ");
}

function firstNounPhrase(doc: ReturnType<typeof nlp>, skip: readonly string[]): string | null {
  for (const n of doc.nouns().json() as { text: string; terms: { tags: string[]; text: string }[] }[]) {
    const tags = n.terms.flatMap((t) => t.tags);
    if (tags.includes("Pronoun") || tags.includes("Date") || tags.includes("Value") || tags.includes("Place")) continue;
    const text = stripDeterminer(cleanEnd(n.text));
    if (!text || skip.some((s) => s && s.toLowerCase().includes(text.toLowerCase()))) continue;
    return text;
  }
  return null;
}

/** Benefit phrases: relative clauses, list items after a colon or "with", and the later sentences. */
function benefitPhrases(sentences: readonly string[], product: string | null, name: string | null, cta: string | null): string[] {
  const out: string[] = [];
  for (const [i, sentence] of sentences.entries()) {
    if (cta && sentence === cta) continue;
    const s = cleanEnd(sentence);
    // "... bottle that keeps drinks cold for 24 hours" -> "keeps drinks cold for 24 hours"
    const rel = /\s(?:that|which|who)\s(.+)$/u.exec(s);
    const colon = s.indexOf(": ");
    if (colon > 0) {
      for (const part of s.slice(colon + 2).split(/,\s|;\s|\sand\s/u)) out.push(part);
      continue;
    }
    if (i === 0 && rel) {
      out.push(rel[1]!);
      continue;
    }
    const withList = /\bwith\s(.+)$/u.exec(s);
    if (i === 0 && withList && withList[1]!.includes(",")) {
      for (const part of withList[1]!.split(/,\s|\sand\s/u)) out.push(part);
      continue;
    }
    if (i === 0 && product && name === null && s.toLowerCase().replace(/^(?:a|an|the|our)\s/u, "") === product.toLowerCase()) continue;
    out.push(s);
  }
  const units = new Set<string>();
  return unique(out.map((p) => trimDangling(cleanEnd(p), numbersWithUnits(p) ?? units)).filter((p) => p.split(" ").length >= 2));
}

function kindOf(r: Omit<BriefReading, "kind">): BriefKind {
  const t = r.subject.toLowerCase();
  if (r.request.explainer || /^(?:how|what|why)\b/u.test(t)) return "explainer";
  if (/\b(?:recipe|ingredients|bake|cook|serves|tablespoons?|cups? of|minutes to make)\b/u.test(t)) return "recipe";
  if (r.codes.length > 0 || /\b(?:sale|discount|\d+% off|off everything|deal|offer|free shipping|buy one)\b/u.test(t)) return "offer";
  if ((r.dates.length > 0 || r.times.length > 0) && /\b(?:join|event|festival|concert|workshop|class|webinar|market|fair|party|opening|opens|night|tasting|meetup|conference|show|launch)\b/u.test(t)) return "event";
  if (r.places.length > 0 && /\b(?:caf[eé]|bakery|salon|studio|shop|store|restaurant|gym|barber|bar|bistro|clinic|florist|market)\b/u.test(t)) return "local";
  if (/\b(?:announc\w*|introducing|now open|launch\w*|coming soon|we are|we're)\b/u.test(t)) return "announcement";
  return "product";
}

/** Reads a brief (and a product's facts from a page or catalogue, when given). */
export function readBrief(brief: string, productFacts?: ProductFacts | null): BriefReading {
  const language = briefLanguage(brief);
  const request = language === "en" ? readRequestWords(brief) : { ...readRequestWords(""), length_s: readRequestWords(brief).length_s, subject: brief.replace(/\s+/gu, " ").trim() };
  const subject = request.subject || brief.replace(/\s+/gu, " ").trim();
  const sentences = splitSentences(subject);
  const doc = nlp(subject);
  const prices = unique([...findPrices(subject), ...(productFacts?.price ? [productFacts.price] : [])]);
  const times = unique((subject.match(TIME) ?? []).map((x) => x.trim()));
  const codes = findCodes(subject);
  const url = findUrl(subject);
  const dates = language === "en" ? findDates(doc) : [];
  const numbers = findNumbers(subject, prices, times).filter(
    (n) => !codes.some((c) => n.includes(c) || c.includes(n)) && !(url ?? "").includes(n) && !dates.some((d) => d.includes(n)) && !times.some((t) => t.includes(n)) && (/\D/u.test(n) || n.length >= 3),
  );
  const places = language === "en" ? unique((doc.places().out("array") as string[]).map(cleanEnd)) : [];

  let cta: string | null = null;
  for (const s of sentences.slice(1)) {
    const first = s.split(" ")[0]!.toLowerCase().replace(/[,.!]$/u, "");
    const tagged = (nlp(s).terms().json()[0] as { terms: { tags: string[] }[] } | undefined)?.terms[0]?.tags ?? [];
    if (CTA_VERBS.has(first) || tagged.includes("Imperative") || /^link in bio/iu.test(s)) cta = s;
  }
  if (language !== "en") {
    // Other languages: the last sentence naming an address or code is the call to action.
    cta = sentences.slice(1).reverse().find((s) => (url && s.includes(url)) || codes.some((c) => s.includes(c))) ?? null;
  }

  const cleaned = productFacts ? cleanProductName(productFacts.name) : null;
  const firstSentence = sentences[0] ?? subject;
  const name = cleaned?.name ?? (language === "en" ? leadingName(firstSentence) : null);
  const brand = cleaned?.brand ?? (language === "en" ? ((doc.organizations().out("array") as string[]).map(cleanEnd)[0] ?? null) : null);
  let product: string | null = null;
  if (language === "en") {
    const firstDoc = nlp(firstSentence);
    product = firstNounPhrase(firstDoc, [name ?? "", ...places]);
    if (product) {
      // "bakery's new sourdough" -> "new sourdough"
      const poss = /^(.+?)['’]s\s(.+)$/u.exec(product);
      if (poss) product = poss[2]!;
      product = product.replace(/\s(?:that|which|who|in|at|for|with)\s.*$/u, "");
    }
  } else {
    product = cleanEnd(firstSentence.split(/[,:;]\s/u)[0]!);
  }
  if (cleaned) product = cleaned.name;

  let audience: string | null = null;
  if (language === "en") {
    const m = doc.match("for #Adjective? #Noun? #Plural").not("#Value").not("#Duration").out("array") as string[];
    const hit = m.map(cleanEnd).find((x) => !/\d/u.test(x) && x.split(" ").length >= 2);
    audience = hit ? hit.replace(/^for\s/u, "") : null;
  }

  const benefits = unique([
    ...(language === "en" ? benefitPhrases(sentences, product, name, cta) : sentences.slice(1).filter((s) => s !== cta).map(cleanEnd)),
    ...(productFacts?.points ?? []).map(cleanEnd),
  ]);
  const partial = { language, request, subject, sentences, product, name, brand, benefits, numbers, prices, codes, dates, times, places, audience, cta, url };
  return { ...partial, kind: kindOf(partial) };
}
