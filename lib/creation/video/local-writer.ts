/**
 * The Local preview writer: the deterministic responder behind the local
 * language model for the video writer. It goes through the same tool calls
 * a provider model makes (list_templates, then list_layouts for the chosen
 * template) and answers the structured output with a plan written from what
 * the brief reader found (brief/read-brief.ts): a hook, the benefits and
 * their proof, the offer, a call to action. Headlines are whole phrases that
 * fit their slot (a layout whose slots the text does not fit is not used),
 * each scene says something new, numbers, prices, codes and names are kept
 * as written, narration is whole sentences within the length's word budget,
 * and the request words ("a 20-second upbeat ad for") never reach the
 * screen. A brief in another language keeps its own words, with no English
 * added. Same request, same plan.
 */
import nlp from "compromise";
import type { LocalAnswer, LocalCall } from "@/lib/platform/ai/language/local-language-model";
import { readBrief, VENUE_WORDS, type BriefReading } from "./brief/read-brief";
import { readRequestWords } from "./brief/request";
import { fitPhrase, sentenceCase, shortenNarration, splitSentences, titleCase, trimDangling } from "./brief/phrases";
import { visualQueryFrom, withSubject } from "./brief/visual-query";
import { NARRATION_WORDS_PER_SECOND, narrationWordBudget, sceneCountFor, type Plan, type PlanScene } from "./plan";

/** Product facts from a link or a catalogue item, when the brief came from one. */
export interface WriterProduct {
  name: string;
  price?: string | null;
  points?: string[];
  brand?: string | null;
  category?: string | null;
}

export interface WriterRequest {
  brief: string;
  length_s: number;
  aspect_ratio: string;
  template_id: string | null;
  product?: WriterProduct | null;
  /** BCP 47 tag of the brief's language (detected or chosen); English phrases are added only for English. */
  language?: string | null;
}

export interface ToolTemplate {
  id: string;
  name: string;
  description: string;
  mood: string;
  layout_ids: string[];
}

export interface ToolLayout {
  id: string;
  name: string;
  slots: { id: string; kind: string; role: string; max_chars: number; required: boolean }[];
}

export const REQUEST_OPEN = "<request>";
export const REQUEST_CLOSE = "</request>";

export function requestBlock(req: WriterRequest): string {
  return `${REQUEST_OPEN}${JSON.stringify(req)}${REQUEST_CLOSE}`;
}

export function readRequest(texts: readonly string[]): WriterRequest | null {
  for (const text of texts) {
    const start = text.indexOf(REQUEST_OPEN);
    const end = text.indexOf(REQUEST_CLOSE, start);
    if (start < 0 || end < 0) continue;
    try {
      return JSON.parse(text.slice(start + REQUEST_OPEN.length, end)) as WriterRequest;
    } catch {
      return null;
    }
  }
  return null;
}

const MOOD_WORDS: [RegExp, string][] = [
  [/\b(luxury|elegant|wedding|fashion|jewel|perfume|wine|spa|boutique)/i, "calm"],
  [/\b(kids?|fun|party|game|pets?|dog|cat|candy|toy|summer)/i, "playful"],
  [/\b(business|b2b|saas|company|team|software|finance|consult|enterprise|report)/i, "corporate"],
];

/** The template the brief suits: the user's choice, else the tone the brief names, else by mood words, else the first. */
export function pickTemplate(req: WriterRequest, templates: readonly ToolTemplate[]): ToolTemplate | undefined {
  if (req.template_id) {
    const chosen = templates.find((t) => t.id === req.template_id);
    if (chosen) return chosen;
  }
  const asked = readRequestWords(req.brief).mood;
  if (asked) {
    const match = templates.find((t) => t.mood === asked);
    if (match) return match;
  }
  for (const [pattern, mood] of MOOD_WORDS) {
    if (pattern.test(req.brief)) {
      const match = templates.find((t) => t.mood === mood);
      if (match) return match;
    }
  }
  return templates.find((t) => t.mood === "energetic") ?? templates[0];
}

/** The brief's sentences, cleaned. */
export function sentencesOf(text: string): string[] {
  return splitSentences(text);
}

/** What one scene says: its headline candidates (best first), supporting text and facts. */
interface Beat {
  role: "hook" | "stat" | "price" | "offer" | "benefit" | "list" | "close";
  headlines: string[];
  body: string | null;
  kicker: string | null;
  stat: string | null;
  /** The headline of a stat scene: the phrase without its number ("Keeps drinks cold"). */
  fact: string | null;
  price: string | null;
  cta: string | null;
  url: string | null;
  list: string[];
  narration: string;
  /** What the picture shows. */
  picture: string;
  /** Facts this beat carries (kept first when scenes are few). */
  facts: number;
}

const beat = (b: Partial<Beat> & Pick<Beat, "role" | "narration">): Beat => ({
  headlines: [],
  body: null,
  kicker: null,
  stat: null,
  fact: null,
  price: null,
  cta: null,
  url: null,
  list: [],
  picture: "",
  facts: 0,
  ...b,
});

const clean = (s: string) =>
  s
    .replace(/\s+/gu, " ")
    .replace(/[\s.,;:!?]+$/u, "")
    .trim();
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%$€£]+/gu, " ")
    .trim();
const asSentence = (s: string) => {
  const c = clean(s);
  return c ? `${sentenceCase(c)}${/[!?]$/u.test(s.trim()) ? s.trim().slice(-1) : "."}` : "";
};

function startsWithVerb(phrase: string): boolean {
  const terms = (nlp(phrase).json()[0] as { terms: { tags: string[] }[] } | undefined)?.terms ?? [];
  const first = terms[0]?.tags ?? [];
  if (!first.includes("Verb") || first.includes("Imperative") || first.includes("Infinitive")) return false;
  // "plumbing repairs across Leeds", "serving breakfast all day": a subject before an -ing word is no sentence.
  if (first.includes("Gerund")) return false;
  // A participle before a noun describes it ("signed first editions", "hand-picked beans"): no verb to give a
  // subject ("Tidewater Books signed first editions"). Before "in", "every", a number, it is one ("opened in 1985").
  const next = terms[1]?.tags ?? [];
  const describes =
    first.includes("PastTense") &&
    ["Noun", "Adjective", "Ordinal"].some((t) => next.includes(t)) &&
    !next.some((t) => ["Preposition", "Determiner", "Cardinal", "Date", "Pronoun"].includes(t));
  return !describes;
}

/** "Learn Spanish …", "Try …": the sentence starts with a call to do something. */
function isImperative(sentence: string): boolean {
  const first = (nlp(sentence).json()[0] as { terms: { tags: string[] }[] } | undefined)?.terms[0]?.tags ?? [];
  return first.includes("Imperative") || (first.includes("Infinitive") && first.includes("Verb"));
}

/** True when the sentence has a verb of its own (not only inside "that …"/"which …"). */
function hasMainVerb(sentence: string): boolean {
  const terms = (nlp(sentence).json()[0] as { terms: { text: string; tags: string[] }[] } | undefined)?.terms ?? [];
  for (const t of terms) {
    if (/^(?:that|which|who)$/iu.test(t.text)) return false;
    if (t.tags.includes("Verb")) return true;
  }
  return false;
}

const DEFAULT_CLOSE: Record<BriefReading["kind"], { headline: string; cta: string; say: string }> = {
  product: { headline: "Get yours today", cta: "Shop now", say: "Get yours today." },
  offer: { headline: "Don't miss out", cta: "Shop the sale", say: "Don't miss out." },
  event: { headline: "Save the date", cta: "Book your spot", say: "Save the date." },
  announcement: { headline: "Be the first to know", cta: "Learn more", say: "Be the first to know." },
  explainer: { headline: "Now you know", cta: "Learn more", say: "Now you know." },
  recipe: { headline: "Try it tonight", cta: "Get the recipe", say: "Try it tonight." },
  local: { headline: "Come and see us", cta: "Visit us", say: "Come and see us." },
};

/** Verbs of a call to come over, whose "<verb> now" makes no button ("Come now"). */
const VISIT_VERBS = new Set(["come", "drop", "stop", "pop", "swing", "head", "walk"]);

/** A list the brief gives without a heading of its own: what it is a list of, by the kind of brief. */
const LIST_HEADLINE: Record<BriefReading["kind"], string> = {
  product: "What you get",
  offer: "What you get",
  event: "What to expect",
  announcement: "What's new",
  explainer: "In short",
  recipe: "You'll need",
  local: "Good to know",
};

/** Places people walk into: an offer there ends by inviting them in, not to a sale page. */
const VENUE =
  /\b(?:restaurant|caf[eé]|bakery|bistro|bar|pub|diner|pizzeria|brewery|taproom|salon|spa|gym|barber|clinic|florist|tea\s?rooms?|tea\s?house|tea\s?shop|coffee\s?shop|deli|patisserie|inn)\b/u;

/** The close a brief gets when it names none: by its kind; at a venue (a local brief, an offer at a restaurant), a visit, "tonight" when it says when. */
/** Software sold as a service: its close invites a sign-up, not a purchase ("Shop now" for invoicing software). */
const SOFTWARE =
  /\b(?:apps?|software|platform|saas|invoicing|dashboard|free trial|sign up|plugin|extension|api)\b|\bfor (?:freelancers|teams|developers|small businesses)\b/u;

export function defaultClose(r: BriefReading): { headline: string; cta: string; say: string } {
  const base = DEFAULT_CLOSE[r.kind];
  const subject = r.subject.toLowerCase();
  if ((r.kind === "product" || r.kind === "announcement") && SOFTWARE.test(subject))
    return /\bfree\b/u.test(subject)
      ? { headline: "Try it free", cta: "Start free", say: "Try it free today." }
      : { headline: "Get started today", cta: "Sign up", say: "Get started today." };
  // An event with nothing to book ("No booking needed") gets no booking button.
  if (r.kind === "event" && /\bno (?:booking|tickets?|need to book)\b|\bjust turn up\b|\bdrop in\b/u.test(subject))
    return { ...base, cta: "See you there" };
  // An event with tickets sells them.
  if (r.kind === "event" && /\btickets?\b/u.test(subject)) return { ...base, cta: "Get tickets" };
  // A new product with its price is for sale now, not news to follow ("Introducing the Trailhead … $149").
  if (r.kind === "announcement" && r.prices.length > 0) return DEFAULT_CLOSE.product;
  // "Show code ROAST10" is shown to someone in person: an offer at a place ("Shop the sale" is for a web shop).
  const atVenue =
    r.kind === "local" ||
    (r.kind === "offer" && (VENUE.test(subject) || /\bshow (?:this|the|our|code)\b/u.test(subject)));
  if (!atVenue) return base;
  // "Tonight" when the brief says so, or gives an evening time and no day.
  const evening = r.times.some((t) => /(?:^|\D)(?:[5-9]|1[01])(?::\d{2})?\s?pm$/iu.test(t));
  if (/\btonight\b/u.test(subject) || (evening && r.dates.length === 0))
    return { headline: base.headline, cta: "Visit us tonight", say: "Come and see us tonight." };
  // A day it names: see you then, in the brief's words ("this Saturday").
  const day = r.dates.find((d) => /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/iu.test(d));
  // Opening days ("Monday to Saturday") are no day to see them on.
  const range = (d: string) => new RegExp(`\\bto\\s${d}\\b|\\b${d}\\sto\\b|\\b${d}\\s?[-–]|[-–]\\s?${d}\\b`, "iu");
  if (day && !range(day).test(r.subject)) {
    const when = new RegExp(`\\b(?:this|next)\\s${day}\\b`, "iu").exec(r.subject)?.[0] ?? day;
    return { headline: `See you ${when}`, cta: "Visit us", say: `See you ${when}.` };
  }
  return { headline: base.headline, cta: "Visit us", say: "Come and see us." };
}

/** The product as the narration names it: "the reusable steel water bottle", "our summer sale". */
function spoken(r: BriefReading): string {
  const p = r.product ?? "";
  const first = r.sentences[0] ?? "";
  const own = new RegExp(`\\b(our|my|your|their)\\s${p.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}`, "iu").exec(first);
  return own ? `${own[1]!.toLowerCase()} ${p}` : `the ${p}`;
}

/** A number and unit that ends the phrase, and what comes before it: "keeps drinks cold" + "24 hours". */
function statOf(phrase: string, r: BriefReading, max: number): { stat: string; rest: string } | null {
  for (const n of r.numbers) {
    if (n.length > max || !phrase.endsWith(n)) continue;
    const before = phrase.slice(0, phrase.length - n.length).trim();
    if (/(?:\d|\bto|\bor|-)$/u.test(before)) continue; // a range: "7 to 9 hours" stays whole
    const rest = before.replace(/\s(?:for|in|of|up to|with|over|under|by|at|to)$/iu, "").trim();
    if (
      rest.split(" ").length >= 2 &&
      rest !== before &&
      trimDangling(rest) === rest &&
      !/\s(?:just|only|about|around|nearly|almost|up|over|under)$/iu.test(rest)
    )
      return { stat: n, rest: sentenceCase(rest) };
  }
  return null;
}

/** The date and time as the brief wrote them ("Friday, June 5 at 8pm"), or either alone. */
function whenOf(r: BriefReading): string | null {
  const d = r.dates[0];
  // "10am to 1pm": two times the brief joins are one range.
  const [t0, t1] = r.times;
  const range =
    t0 && t1
      ? [" to ", "-", "–", " - ", " – "].map((j) => `${t0}${j}${t1}`).find((x) => r.subject.includes(x))
      : undefined;
  const t = range ?? t0;
  if (d && t) {
    const joined = new RegExp(
      `${d.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}\\s(?:at|from|,)?\\s?${t.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}`,
      "u",
    ).exec(r.subject);
    return joined ? joined[0] : `${d}, ${t}`;
  }
  return d ?? t ?? null;
}

/** "It dims itself at night and charges your phone" -> two benefits when both halves start with a verb. */
function splitBenefits(phrases: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of phrases) {
    // "It has a 70 km range, weighs 16 kg and folds in 10 seconds": one benefit per verb.
    const parts = p.split(/,\s(?:and\s)?|\sand\s/u);
    const first = parts[0]!;
    // Parts of speech in the whole phrase's context ("folds" alone reads as a noun).
    const terms = (nlp(p).json()[0] as { terms: { text: string; tags: string[] }[] } | undefined)?.terms ?? [];
    let at = 0;
    const verbAt = (part: string) => {
      const word = part.split(" ")[0]!;
      const i = terms.findIndex((t, k) => k >= at && t.text === word);
      if (i < 0) return false;
      at = i + 1;
      return terms[i]!.tags.includes("Verb");
    };
    const firstIsVerb = verbAt(first) || /^(?:it|they)\s/iu.test(first);
    const verbs =
      parts.length >= 2 &&
      first.split(" ").length >= 3 &&
      firstIsVerb &&
      parts.slice(1).every((x) => /^\p{Ll}/u.test(x) && verbAt(x));
    if (verbs) out.push(...parts);
    else out.push(p);
  }
  return out;
}

/** Words a trailing price clause starts with ("…, and it costs just $89"). */
const PRICE_CLAUSE_WORDS = new Set(["and", "it", "it's", "is", "costs", "cost", "just", "only", "for", "at"]);

/**
 * "Voice control for your lights, 20-hour battery, and it costs just $89" -> the points, and "It costs just $89" on
 * its own: the price is a scene of its own, not the headline of the points before it.
 */
function priceClauseApart(phrase: string, prices: readonly string[]): string[] {
  const price = prices.find((p) => phrase.endsWith(p));
  if (!price) return [phrase];
  const ws = phrase
    .slice(0, phrase.length - price.length)
    .trim()
    .split(" ");
  let at = ws.length;
  while (at > 0 && PRICE_CLAUSE_WORDS.has(ws[at - 1]!.toLowerCase())) at--;
  const before = ws.slice(0, at).join(" ");
  const clause = ws.slice(at).filter((w) => w.toLowerCase() !== "and");
  if (at === ws.length || !before.endsWith(",") || before.split(" ").length < 2) return [phrase];
  const said = clause[0]?.toLowerCase() === "it" || clause[0]?.toLowerCase() === "it's" ? clause : ["It", ...clause];
  return [before.replace(/,$/u, ""), sentenceCase([...said, price].join(" "))];
}

const stripArticle = (s: string) => s.replace(/^(?:a|an|the)\s/iu, "");

/** English copy: hook, benefits with proof, the offer, the call to action. */
function englishBeats(r: BriefReading): { title: string; beats: Beat[]; close: Beat } {
  const product = r.product ? sentenceCase(r.product) : null;
  const head = sentenceCase(
    clean(r.head || r.sentences[0] || r.subject).replace(
      /^(?:we(?:'re|’re| are)\s)?(?:(?:proud|excited|happy|thrilled) to\s)?(?:introducing|announcing|announce|introduce|meet)\s(?:that\s)?/iu,
      "",
    ),
  );
  const bareHead = norm(stripArticle(head));

  // The hook: the name (with what it is), else the head of the first sentence, else the product.
  const hookHeadlines: string[] = [];
  let hookBody: string | null = null;
  if (r.name && norm(head) === norm(r.name)) {
    hookHeadlines.push(r.name);
  } else if (r.name && head.startsWith(r.name) && head.length > r.name.length) {
    hookHeadlines.push(r.name);
    const rest = head
      .slice(r.name.length)
      .replace(/^[\s,;:–—-]+/u, "")
      .replace(/^(?:is|are)\s/u, "");
    hookBody = rest ? sentenceCase(rest) : null;
  } else {
    hookHeadlines.push(sentenceCase(stripArticle(head)));
    // "Glow Skincare's new vitamin C serum brightens dull skin in 2 weeks": when the whole line is too long for a
    // headline, what it is leads and what it does goes beneath it (not lost to a cut).
    const at = product ? head.toLowerCase().indexOf(product.toLowerCase()) : -1;
    const rest = at >= 0 ? head.slice(at + product!.length).trim() : "";
    if (at >= 0 && rest.split(" ").length >= 2 && /^\p{Ll}/u.test(rest) && startsWithVerb(rest)) {
      hookHeadlines.push(sentenceCase(stripArticle(head.slice(0, at + product!.length))));
      hookBody = sentenceCase(rest);
    } else if (head.length > 50 && isImperative(head)) {
      // "Learn Spanish in 10 minutes a day with Hablo, the app that …": the call leads (not its object, "Spanish"),
      // what offers it goes beneath.
      const cut = fitPhrase(head, 50);
      const after = cut ? head.slice(cut.length).replace(/^[\s,;:–—-]+/u, "") : "";
      if (cut && after) {
        hookHeadlines.push(cut);
        hookBody = sentenceCase(after);
      }
    }
  }
  // An event at a named place ("Lakeside Cinema in Keswick is showing The Goonies … on Saturday 14 August at 8:30pm"):
  // what is on leads, and when and where go beneath it, where a viewer looks for them.
  const when = r.kind === "event" ? whenOf(r) : null;
  const onAt = when && r.name && product && !norm(product).includes(norm(r.name)) && head.startsWith(r.name);
  // What the pictures show: the product, and for an event at a named place the kind of place first (a cinema).
  const venueWord = onAt ? (VENUE_WORDS.exec(r.name!)?.[0].toLowerCase() ?? null) : null;
  const drawn = venueWord ? `${venueWord}, ${r.product}` : r.product;
  if (onAt) {
    hookHeadlines.length = 0;
    hookHeadlines.push(product!, r.name!);
    const town = r.places.find((p) => head.startsWith(`${r.name} in ${p}`) || head.startsWith(`${r.name}, ${p}`));
    hookBody = `${when} · ${town ? `${r.name}, ${town}` : r.name}`;
  }
  // An event told in a long sentence ("Join us for the Riverside 10K on Sunday 6 October at 9am, starting at Hyde Park
  // Corner"): its name leads; when and where, which a cut headline would lose, go beneath it.
  else if (when && head.includes(when) && head.length > 50) {
    const before = head
      .slice(0, head.indexOf(when))
      .replace(/[\s,;:–—-]+$/u, "")
      .replace(/\s(?:on|at|from|this|next)$/u, "");
    const after = head.slice(head.indexOf(when) + when.length).replace(/^[\s,;:.!?–—-]+/u, "");
    if (!after && before.split(" ").length >= 2 && before.length <= 50) {
      // "Spring open day at Willow Lane Nursery School, Saturday 12 April, 10am to 1pm": what, then when.
      hookHeadlines.unshift(sentenceCase(stripArticle(before)));
      hookBody = when;
    } else if (r.name && !norm(hookHeadlines[0] ?? "").startsWith(norm(r.name))) {
      hookHeadlines.unshift(r.name);
      const where = r.places.filter((p) => !r.name!.includes(p) && head.includes(p)).at(-1);
      hookBody = where ? `${when} · ${where}` : when;
    }
  }
  if (product) hookHeadlines.push(product);
  if (r.name) hookHeadlines.push(r.name);
  // An event's date and time beneath its name when the name does not say them ("Harvest Night at Millbrook Farm").
  if (!hookBody && when && !head.includes(when)) hookBody = when;
  if (!hookBody && r.brand && r.name && !head.includes(r.brand)) hookBody = `By ${r.brand}`;
  if (!hookBody && r.audience && !head.includes(r.audience) && !r.benefits.some((b) => b.includes(r.audience!)))
    hookBody = sentenceCase(`for ${r.audience}`);
  const justTheProduct = Boolean(product) && bareHead === norm(product!);
  const hookSay =
    justTheProduct && (r.kind === "product" || r.kind === "announcement")
      ? `Introducing ${r.name && !norm(product!).includes(norm(r.name)) ? r.name : spoken(r)}.`
      : asSentence(
          // A question is said as one ("Why does bread go stale?"), though the head lost its mark.
          `${r.label ? `${r.label}: ${head}` : head}${r.sentences[0]?.trim() === `${head}?` ? "?" : ""}`,
        );
  const hook = beat({
    role: "hook",
    headlines: hookHeadlines,
    body: hookBody,
    kicker: (hookBody?.includes(when ?? "\0") ? null : when) ?? r.label ?? null,
    narration: hookSay,
    picture: drawn ?? head,
  });
  // Shown beneath the hook, the date need not end a list item or a benefit again ("Cider tasting on Saturday …").
  const whenEscaped = when?.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  const withoutWhen = (x: string) =>
    when && hookBody?.includes(when)
      ? x.replace(new RegExp(`\\s(?:on|from|at)?\\s?${whenEscaped}`, "u"), "").trim() || x
      : x;

  const middle: Beat[] = [];
  let named = false;
  for (const b of splitBenefits(r.benefits.flatMap((x) => priceClauseApart(x, r.prices)))) {
    const phrase = clean(b).replace(/^(?:It|They)\s(?=\p{Ll})/u, "");
    let say = asSentence(clean(b));
    if (/^\p{Ll}/u.test(phrase) && startsWithVerb(phrase)) say = `${!named && r.name ? r.name : "It"} ${phrase}.`;
    if (/^It\s/u.test(say) || (r.name && say.startsWith(r.name))) named = true;
    const price = r.prices.find((p) => phrase.includes(p)) ?? null;
    const code = r.codes.find((c) => phrase.includes(c)) ?? null;
    const facts = [...r.numbers, ...r.prices, ...r.codes, ...r.dates, ...r.times].filter((f) =>
      phrase.includes(f),
    ).length;
    const picture = `${venueWord ?? r.product ?? ""}, ${phrase}`.replace(/^,\s/u, "");
    if (price) {
      // "$149 at trailheadgear.com": beside the price, what it buys says more than where (the end card has the address).
      const where = /^(?:at|from|on)\s[\w-]+(?:\.[\w-]+)+(?:\/\S*)?$/iu.test(phrase.replace(price, "").trim());
      const what = r.name ?? r.product;
      // "Costs just $89": nothing but the price, so the headline names what it buys ("Aria", beside "$89").
      const onlyPrice = phrase
        .replace(price, "")
        .trim()
        .split(" ")
        .every((w) => PRICE_CLAUSE_WORDS.has(w.toLowerCase()) || w.toLowerCase() === "costs");
      const headlines =
        (where || onlyPrice) && what
          ? [
              sentenceCase(what),
              ...(onlyPrice && r.product && r.product !== what ? [sentenceCase(r.product)] : []),
              sentenceCase(phrase),
            ]
          : [sentenceCase(phrase)];
      middle.push(beat({ role: "price", headlines, price, narration: say, picture, facts: facts + 1 }));
      continue;
    }
    if (code) {
      middle.push(
        beat({
          role: "offer",
          headlines: [sentenceCase(phrase), `Use code ${code}`],
          narration: say,
          picture,
          facts: facts + 1,
        }),
      );
      continue;
    }
    const stat = statOf(phrase, r, 8);
    middle.push(
      beat({
        role: stat ? "stat" : "benefit",
        headlines: [sentenceCase(withoutWhen(phrase))],
        fact: stat?.rest ?? null,
        stat: stat?.stat ?? null,
        narration: say,
        picture,
        facts,
      }),
    );
  }
  for (const list of r.lists) {
    const items = list.items.map((x) => sentenceCase(withoutWhen(x)));
    const text = list.head ? `${list.head}: ${list.items.join(", ")}` : list.items.join(", ");
    middle.push(
      beat({
        role: "list",
        headlines: [list.head ? sentenceCase(list.head) : LIST_HEADLINE[r.kind]],
        list: items,
        body: items.join(", "),
        narration: asSentence(text),
        picture: `${venueWord ?? r.product ?? ""}, ${list.items.join(", ")}`.replace(/^,\s/u, ""),
        facts: 1,
      }),
    );
  }
  // A price the sentences did not carry (a product page's price), or one no scene shows ("…, all the trimmings, £16.95":
  // the list took the dishes, and the price is no dish).
  const shown = (p: string) =>
    [hook.headlines[0] ?? "", hook.body ?? ""].some((t) => t.includes(p)) ||
    middle.some(
      (m) => m.price === p || [...m.headlines, ...m.list, m.fact ?? "", m.stat ?? ""].some((t) => t.includes(p)),
    );
  for (const p of r.prices) {
    if (!shown(p)) {
      middle.push(
        beat({
          role: "price",
          headlines: [product ?? r.name ?? "Price"],
          price: p,
          narration: `${sentenceCase(spoken(r))} is ${p}.`,
          picture: r.product ?? "",
          facts: 1,
        }),
      );
    }
  }

  // The close: the brief's own call to action, else one that suits the kind of brief.
  const fallback = defaultClose(r);
  const ctaText = r.cta ? clean(r.cta) : null;
  const closeHeadlines = [ctaText ? sentenceCase(ctaText) : null, fallback.headline].filter((x): x is string =>
    Boolean(x),
  );
  const ctaVerb = ctaText ? ctaText.split(" ")[0]! : "";
  // "Come in and browse", "Drop by": a button says where to go ("Visit us"), not "Come now".
  const visit = VISIT_VERBS.has(ctaVerb.toLowerCase());
  // "Use code STARS20 for 20% off": the headline says it; the button is what to do with it (the kind's own).
  const aboutCode = Boolean(ctaText) && r.codes.some((c) => ctaText!.includes(c));
  const ctaShort =
    (aboutCode ? fallback.cta : "") ||
    [
      ctaText && ctaText.length > 22 ? fitPhrase(ctaText, 22) : "",
      visit ? "Visit us" : "",
      ctaVerb && ctaText && ctaText.split(" ").length > 1 ? `${sentenceCase(ctaVerb.toLowerCase())} now` : "",
    ].find((c) => c) ||
    fallback.cta;
  const closeSay = [
    ctaText ? asSentence(ctaText) : fallback.say,
    r.url && !(ctaText ?? "").includes(r.url) ? `Visit ${r.url}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const close = beat({
    role: "close",
    headlines: closeHeadlines,
    cta: ctaShort,
    url: r.url,
    narration: closeSay,
    picture: r.product ?? "",
  });

  // The title: the name or head, then what it is or its first benefit when short.
  const headLead = stripArticle(head);
  const nounHead = !hasMainVerb(headLead) && headLead.length <= 40;
  const fullLead =
    (r.name && (r.name.includes(headLead) || (!nounHead && (!headLead.includes(r.name) || headLead.startsWith(r.name))))
      ? r.name
      : fitPhrase(headLead, 50)) ||
    fitPhrase(product ?? "", 60) ||
    r.name ||
    "Untitled video";
  // A shop's long product name is shortened by phrase for the title ("…Water Bottle, 32 oz").
  const lead = fullLead.length > 60 ? fitPhrase(fullLead, 60) || fullLead.slice(0, 80) : fullLead;
  const list = middle.find((m) => m.role === "list");
  const tails = [
    hookBody,
    middle.find((m) => m.role === "benefit" || m.role === "stat" || m.role === "offer")?.headlines[0],
    list ? fitPhrase(list.list.slice(0, 2).join(", "), 32) : null,
    middle.find((m) => m.role === "price")?.headlines[0],
  ].filter(
    (x): x is string =>
      Boolean(x) && x!.length <= 44 && !norm(x!).includes(norm(lead)) && !norm(lead).includes(norm(x!)),
  );
  const tail = tails[0] ? fitPhrase(stripArticle(tails[0]), 80 - lead.length - 3) : "";
  const title = tail
    ? `${titleCase(sentenceCase(lead))} — ${titleCase(sentenceCase(tail))}`
    : titleCase(sentenceCase(lead));
  return { title, beats: [hook, ...middle], close };
}

/** Another language: the brief's own sentences and facts, no English words added. */
function ownWordsBeats(r: BriefReading): { title: string; beats: Beat[]; close: Beat } {
  const sentences = r.sentences.length > 0 ? r.sentences : [r.subject];
  const ctaSentence = r.cta ?? (sentences.length > 2 ? sentences[sentences.length - 1]! : null);
  const rest = sentences.filter((s) => s !== ctaSentence);
  const phraseOf = (s: string) => clean(s.split(/[,:;]\s|[，、：；]/u)[0]!);
  // Without the language's grammar: the longest run of whole words that fits, not ending on a short (function) word.
  const shortOwn = (s: string, max: number) => {
    const ws = clean(s).split(" ");
    while (ws.length > 2 && (ws.join(" ").length > max || ws[ws.length - 1]!.length <= 3)) ws.pop();
    return ws.join(" ").length <= max ? ws.join(" ") : "";
  };
  const beats = rest.map((s, i): Beat => {
    const c = clean(s);
    const stat = r.numbers.find((n) => n.length <= 8 && c.includes(n)) ?? null;
    const price = r.prices.find((p) => p.length <= 12 && c.includes(p)) ?? null;
    return beat({
      role: i === 0 ? "hook" : price ? "price" : stat ? "stat" : "benefit",
      headlines: [c, phraseOf(s), shortOwn(c, 60), shortOwn(c, 48), shortOwn(c, 38)].filter(Boolean),
      body: null,
      stat,
      price,
      narration: s.trim(),
      picture: c,
      // A price is the fact a shop's page must keep: its scene outranks the others when scenes run short.
      facts: price ? 2 : 1,
    });
  });
  const last = ctaSentence ? clean(ctaSentence) : null;
  const ctaShort =
    [r.codes[0], r.url, last ? phraseOf(last) : null, r.product].find(
      (x): x is string => Boolean(x) && x!.length <= 22,
    ) ?? null;
  const close = beat({
    role: "close",
    headlines: [last, last ? phraseOf(last) : null, r.codes[0] ?? null, r.url].filter((x): x is string => Boolean(x)),
    cta: ctaShort,
    url: r.url,
    narration: ctaSentence?.trim() ?? "",
    picture: r.product ?? "",
  });
  const title = fitPhrase(phraseOf(sentences[0]!), 80) || clean(sentences[0]!).slice(0, 80);
  return {
    title,
    beats:
      beats.length > 0 ? beats : [beat({ role: "hook", headlines: [title], narration: sentences[0]!, picture: title })],
    close,
  };
}

const PREFER: Record<Beat["role"], string[]> = {
  hook: ["title", "statement", "full-bleed", "photo-card", "split"],
  stat: ["stat", "split", "full-bleed", "statement", "photo-card"],
  price: ["product", "split", "full-bleed", "statement", "photo-card"],
  offer: ["statement", "full-bleed", "split", "photo-card"],
  benefit: ["split", "full-bleed", "photo-card", "statement"],
  list: ["bullets", "split", "full-bleed"],
  close: ["end-card", "statement", "title", "full-bleed"],
};

const kindOfLayout = (l: ToolLayout): string => l.id.replace(/^starter-/u, "");

/** Fills a layout's text slots from a beat, or null when a required slot has nothing that fits whole. */
function fill(
  layout: ToolLayout,
  b: Beat,
  used: ReadonlySet<string>,
  english: boolean,
  closeCta: string,
): PlanScene["texts"] | null {
  const texts: PlanScene["texts"] = [];
  let headline: string | null = null;
  for (const slot of layout.slots) {
    if (slot.kind !== "text") continue;
    const max = slot.max_chars;
    let text = "";
    switch (slot.role) {
      case "headline": {
        const own = layout.slots.some((x) => x.role === "stat") ? (b.fact ? [b.fact] : []) : b.headlines;
        // Where a price slot shows the price, the headline need not repeat it ("Cream tea for two this Saturday 2-5pm").
        const priced = b.price && layout.slots.some((x) => x.role === "price");
        const candidates = priced
          ? [
              ...own
                .map((c) =>
                  c
                    .replace(b.price!, "")
                    .replace(/\s{2,}/gu, " ")
                    .trim(),
                )
                // Not where the price leaves a hole ("Full groom from , nail trims £10"): the whole line then.
                .filter(
                  (c) =>
                    !/\s[,;:.]|\b(?:from|for|at|only|just|to|of|with|by)$|^(?:at|from|for|only|just|each|per|a|an)\s/iu.test(
                      c,
                    ),
                )
                .map(sentenceCase),
              ...own,
            ]
          : own;
        // A candidate that fits whole first; else the first that fits shortened.
        const fitted = candidates.map((c) => ({ c, f: fitPhrase(c, max) })).filter(({ f }) => f && !used.has(norm(f)));
        text = (fitted.find(({ c, f }) => f === c) ?? fitted[0])?.f ?? "";
        headline = text || null;
        break;
      }
      case "subhead":
      case "body":
        if (b.body) {
          const f = fitPhrase(b.body, max);
          if (f && (!headline || (norm(f) !== norm(headline) && !norm(headline).includes(norm(f))))) text = f;
        }
        break;
      case "label":
        text =
          slot.id === "url"
            ? b.url && b.url.length <= max
              ? b.url
              : ""
            : b.kicker && b.kicker.length <= max && b.kicker !== headline
              ? b.kicker
              : "";
        break;
      case "stat":
        text = b.stat && b.stat.length <= max ? b.stat : "";
        break;
      case "price":
        text = b.price && b.price.length <= max ? b.price : "";
        break;
      case "cta": {
        const c = b.cta ?? (english && b.role === "close" ? closeCta : null);
        text = c && c.length <= max && norm(c) !== norm(headline ?? "") ? c : "";
        break;
      }
      case "bullets": {
        const per = Math.floor((max - (b.list.length - 1)) / Math.max(1, b.list.length));
        const lines = b.list.map((x) => fitPhrase(x, per)).filter(Boolean);
        text = lines.length >= 2 ? lines.join("\n") : "";
        break;
      }
      default:
        text = "";
    }
    if (!text && slot.required) return null;
    if (text) texts.push({ slot: slot.id, text });
  }
  return headline || texts.length > 0 ? texts : null;
}

/** Turns what does not fit in the scenes into one list scene, keeping the beats with facts. */
function fitBeats(beats: Beat[], room: number, english: boolean, kind: BriefReading["kind"]): Beat[] {
  if (beats.length <= room) return beats;
  const hook = beats[0]!;
  let middle = beats.slice(1);
  const keep = room - 1;
  if (keep <= 0) return [hook];
  // Beats without facts whose headline is short enough can share a list scene.
  const plain = middle.filter((m) => m.role === "benefit");
  if (english && plain.length >= 2 && keep >= 2) {
    const overflow = middle.length - (keep - 1);
    const listed = plain.slice(-Math.min(plain.length, Math.max(2, overflow + 1)));
    if (listed.length >= 2 && middle.length - listed.length + 1 <= keep) {
      const list = beat({
        role: "list",
        // The brief's own points gathered: a shop's are "good to know", an event's "what to expect" (a recipe's are no
        // ingredients, so it keeps the default).
        headlines: [kind === "recipe" ? "What you get" : LIST_HEADLINE[kind], "At a glance"],
        list: listed.map((m) => m.headlines[0]!),
        body: `${listed.map((m) => m.headlines[0]!).join(". ")}.`,
        narration: listed.map((m) => m.narration).join(" "),
        picture: listed[0]!.picture,
        facts: listed.reduce((n, m) => n + m.facts, 0),
      });
      const at = middle.indexOf(listed[0]!);
      middle = middle.filter((m) => !listed.includes(m));
      middle.splice(Math.min(at, middle.length), 0, list);
      return [hook, ...middle];
    }
  }
  // Still too many: keep those with facts first, in their order; what is left over is still said, by the scene before it.
  const ranked = [...middle].sort((a, b) => b.facts - a.facts).slice(0, keep);
  const kept: Beat[] = [];
  const pending: Beat[] = [];
  for (const m of middle) {
    if (ranked.includes(m)) {
      kept.push({ ...m, narration: [...pending.map((p) => p.narration), m.narration].join(" ") });
      pending.length = 0;
    } else if (kept.length > 0)
      kept[kept.length - 1] = {
        ...kept[kept.length - 1]!,
        narration: `${kept[kept.length - 1]!.narration} ${m.narration}`,
      };
    else pending.push(m);
  }
  return [hook, ...kept];
}

/** A plan from what the reader found (deterministic: the same request gives the same plan). */
export function localPlan(req: WriterRequest, template: ToolTemplate, layouts: readonly ToolLayout[]): Plan {
  const reading = readBrief(req.brief, req.product ?? null, req.language ?? null);
  const english = reading.language === "en";
  const written = english ? englishBeats(reading) : ownWordsBeats(reading);
  // What the video is about, in up to three searchable words: the product, else the title.
  const subject = visualQueryFrom(reading.product || written.title, 3);
  const n = sceneCountFor(req.length_s);
  const beats = [...fitBeats(written.beats, n - 1, english, reading.kind), written.close];
  const budget = narrationWordBudget(req.length_s);
  // Narration shares the budget: short lines keep their words, long ones share what is left.
  const wanted = beats.map((b) => (b.narration.match(/\S+/gu) ?? []).length);
  // And the scenes, each stretched to its narration when that is longer than its share, keep the length asked for.
  const share = req.length_s / beats.length;
  const lasts = (cap: number) =>
    wanted.reduce((sum, w) => sum + Math.max(share, Math.min(w, cap) / NARRATION_WORDS_PER_SECOND), 0);
  let perScene = Math.max(...wanted, 1);
  while (
    perScene > 4 &&
    (wanted.reduce((sum, w) => sum + Math.min(w, perScene), 0) > budget || lasts(perScene) > req.length_s * 1.05)
  )
    perScene--;
  const available = new Map(layouts.map((l) => [kindOfLayout(l), l] as const));
  const used = new Set<string>();
  const scenes: PlanScene[] = [];
  let previous: string | null = null;
  for (const b of beats) {
    const prefer =
      b.role === "hook" && b.body ? ["title", "full-bleed", "split", "statement", "photo-card"] : PREFER[b.role];
    const withImage = (k: string) => available.get(k)!.slots.some((sl) => sl.kind === "image");
    // A product's own pictures fill the picture slots: scenes from a product page prefer layouts that have one.
    // The opening scene does too, so every video shows its subject (the Local preview draws it) from the start.
    const pictureFirst = b.role !== "close" && (Boolean(req.product) || scenes.length === 0);
    const order = prefer
      .filter((k) => available.has(k))
      .sort((x, y) => (pictureFirst ? Number(withImage(y)) - Number(withImage(x)) : 0));
    const candidates = [
      ...order.filter((k) => k !== previous),
      ...order.filter((k) => k === previous),
      ...[...available.keys()].filter((k) => !order.includes(k) && k !== "quote" && k !== "end-card"),
    ];
    let chosen: { layout: ToolLayout; texts: PlanScene["texts"] } | null = null;
    for (const k of candidates) {
      const layout = available.get(k)!;
      if (b.role !== "close" && k === "end-card") continue;
      const texts = fill(layout, b, used, english, defaultClose(reading).cta);
      if (texts) {
        chosen = { layout, texts };
        break;
      }
    }
    if (!chosen) continue; // nothing of this beat fits whole: leave it out rather than cut it
    for (const t of chosen.texts)
      if (chosen.layout.slots.find((s) => s.id === t.slot)?.role === "headline") used.add(norm(t.text));
    previous = kindOfLayout(chosen.layout);
    const narration =
      shortenNarration(b.narration, perScene) || (english ? asSentence(chosen.texts[0]?.text ?? "") : "");
    const hasImage = chosen.layout.slots.some((s) => s.kind === "image");
    const drawn = b.picture || reading.product || written.title;
    // A shop's category says what the product is when its name does not ("The Whole Truth": a thriller; "Mugs").
    const category = req.product?.category?.trim();
    const picture =
      category && !drawn.includes(category)
        ? drawn === reading.product
          ? `${category}, ${drawn}`
          : `${drawn}, ${category}`
        : drawn;
    scenes.push({
      layout_id: chosen.layout.id,
      texts: chosen.texts,
      narration,
      image_prompt: hasImage ? `${picture}, ${template.mood} mood, photographic` : null,
      // What to search stock and my assets with: the scene's own words (its on-screen text, then what is said).
      // A scene that names fewer than two things (an offer) leads with the video's subject.
      visual_query: hasImage
        ? withSubject(visualQueryFrom([...chosen.texts.map((t) => t.text), narration].join(" ")), subject) ||
          visualQueryFrom(picture) ||
          null
        : null,
    });
  }
  return { title: written.title, template_id: template.id, scenes };
}

export const LOCAL_WRITER_NOTICE =
  'Local preview: this plan was written from your brief by rules on this server (its facts and words, a few stock phrases such as "Shop now"), not by an AI model.';

/** The responder behind the local language model for the writer's tool calls and structured output. */
export function localWriterResponder(call: LocalCall): LocalAnswer {
  const req = readRequest(call.userTexts);
  if (!req) return { text: JSON.stringify({ title: "Untitled video", template_id: "", scenes: [] }) };
  const templates = call.toolResults.find((r) => r.toolName === "list_templates")?.output as ToolTemplate[] | undefined;
  if (!templates && call.toolNames.includes("list_templates"))
    return { toolCalls: [{ toolName: "list_templates", input: {} }] };
  const template = pickTemplate(req, templates ?? []);
  const layouts = call.toolResults.find((r) => r.toolName === "list_layouts")?.output as ToolLayout[] | undefined;
  if (!layouts && template && call.toolNames.includes("list_layouts"))
    return { toolCalls: [{ toolName: "list_layouts", input: { template_id: template.id } }] };
  if (!template || !layouts || layouts.length === 0)
    return { text: JSON.stringify({ title: req.brief.slice(0, 60), template_id: req.template_id ?? "", scenes: [] }) };
  return { text: JSON.stringify(localPlan(req, template, layouts)) };
}
