/**
 * The request part of a brief: what the person asks for ("a 20-second upbeat
 * ad for", "Instagram reel for", "make a video explaining", "Keep it calm.")
 * as opposed to what the video is about. Word-level and light (no NLP
 * library) so the create form can use it in the browser to pre-fill the
 * length and look; the full reader (read-brief.ts) builds on it.
 */

export type Mood = "energetic" | "calm" | "playful" | "corporate";

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  a: 1,
  an: 1,
  half: 0.5,
};
const SECOND_UNITS = new Set(["s", "sec", "secs", "second", "seconds"]);
const MINUTE_UNITS = new Set(["m", "min", "mins", "minute", "minutes"]);

/** Tone words and the template mood they ask for. */
export const TONES: Record<string, Mood> = {
  upbeat: "energetic",
  energetic: "energetic",
  bold: "energetic",
  punchy: "energetic",
  exciting: "energetic",
  dynamic: "energetic",
  lively: "energetic",
  snappy: "energetic",
  hype: "energetic",
  high: "energetic",
  energy: "energetic",
  calm: "calm",
  relaxed: "calm",
  relaxing: "calm",
  soothing: "calm",
  elegant: "calm",
  luxurious: "calm",
  warm: "calm",
  cozy: "calm",
  cosy: "calm",
  gentle: "calm",
  serene: "calm",
  minimal: "calm",
  heartfelt: "calm",
  emotional: "calm",
  inspiring: "calm",
  fun: "playful",
  playful: "playful",
  cheerful: "playful",
  quirky: "playful",
  silly: "playful",
  happy: "playful",
  friendly: "playful",
  professional: "corporate",
  corporate: "corporate",
  serious: "corporate",
  formal: "corporate",
  informative: "corporate",
  business: "corporate",
};

const FORMATS = new Set(
  "ad ads advert adverts advertisement commercial spot promo promotional video videos clip explainer tutorial teaser trailer montage slideshow reel reels story stories short shorts post announcement invite invitation walkthrough demo overview spotlight".split(
    " ",
  ),
);
const PLATFORMS = new Set(
  "instagram insta ig tiktok youtube facebook fb linkedin twitter pinterest snapchat social media vertical square".split(
    " ",
  ),
);
const VERBS = new Set("make create write produce generate need want build do give craft put together".split(" "));
const FILLER = new Set(
  "please can could would you me us i we i'd we'd like a an the some quick short little simple nice great cool good long total about around roughly under over max maximum".split(
    " ",
  ),
);
const EXPLAIN = new Set([
  "explaining",
  "explains",
  "explain",
  "explainer",
  "tutorial",
  "walkthrough",
  "how-to",
  "showing",
]);
/** Words that join the request to the subject: "ad for", "video about", "reel explaining". */
const CONNECTORS = new Set(
  "for about explaining showing promoting introducing announcing launching presenting featuring advertising highlighting showcasing on of that".split(
    " ",
  ),
);
const TO_VERBS = new Set(
  "promote advertise announce introduce explain show showcase sell highlight present feature celebrate".split(" "),
);
/** Words that may sit in a request-only sentence ("Keep it upbeat and under 30 seconds."). */
const REQUEST_SENTENCE_FILLER = new Set(
  "keep make it should be is it's and with in tone length style feel vibe mood format music sound duration overall total of no more than less at most make sure".split(
    " ",
  ),
);

export interface RequestReading {
  /** Length asked for in seconds, or null. */
  length_s: number | null;
  tone: string | null;
  mood: Mood | null;
  platform: string | null;
  format: string | null;
  /** The brief asks to explain something ("make a video explaining", "explainer"). */
  explainer: boolean;
  /** The brief without the request words. */
  subject: string;
  /** The request words found, as written. */
  removed: string[];
}

const bare = (w: string) =>
  w
    .toLowerCase()
    .replace(/^[("'“‘]+/u, "")
    .replace(/[)"'”’.,;:!?]+$/u, "");

type Part =
  | { kind: "number"; value: number }
  | { kind: "unit"; scale: number }
  | { kind: "tone" | "platform" | "format" | "verb" | "filler" | "explain"; word: string };

function classifyPart(p: string): Part | null {
  if (/^\d{1,3}$/u.test(p)) return { kind: "number", value: Number(p) };
  const withUnit = /^(\d{1,3})(s|sec|secs|m|min|mins)$/u.exec(p);
  if (withUnit) return { kind: "number", value: Number(withUnit[1]) * (withUnit[2]!.startsWith("m") ? 60 : 1) };
  if (p in NUMBER_WORDS && p !== "a" && p !== "an") return { kind: "number", value: NUMBER_WORDS[p]! };
  if (SECOND_UNITS.has(p)) return { kind: "unit", scale: 1 };
  if (MINUTE_UNITS.has(p)) return { kind: "unit", scale: 60 };
  if (p in TONES) return { kind: "tone", word: p };
  if (PLATFORMS.has(p)) return { kind: "platform", word: p };
  if (EXPLAIN.has(p)) return { kind: "explain", word: p };
  if (FORMATS.has(p)) return { kind: "format", word: p };
  if (VERBS.has(p)) return { kind: "verb", word: p };
  if (FILLER.has(p)) return { kind: "filler", word: p };
  return null;
}

/** The parts of a word ("20-second" -> 20, second), or null when one part is not request vocabulary. */
function classifyWord(word: string): Part[] | null {
  const b = bare(word);
  if (!b) return null;
  const parts = b.split("-").filter(Boolean);
  const out: Part[] = [];
  for (const p of parts) {
    const c = classifyPart(p);
    if (!c) return null;
    out.push(c);
  }
  return out;
}

interface Acc {
  length: number | null;
  pendingNumber: number | null;
  tone: string | null;
  platform: string | null;
  format: string | null;
  explainer: boolean;
  strong: boolean;
}

function absorb(acc: Acc, parts: Part[], raw: string): void {
  for (const p of parts) {
    if (p.kind === "number") acc.pendingNumber = p.value;
    else if (p.kind === "unit") {
      if (acc.pendingNumber !== null) {
        acc.length = Math.round(acc.pendingNumber * p.scale);
        acc.strong = true;
      } else if (p.scale === 60 && /minute/u.test(raw.toLowerCase())) {
        acc.length = 60; // "a minute", "one-minute" where "a" was read as filler
        acc.strong = true;
      }
      acc.pendingNumber = null;
    } else {
      if (p.kind === "tone") acc.tone ??= p.word;
      else if (p.kind === "platform") {
        acc.platform ??= p.word;
        acc.strong = true;
      } else if (p.kind === "format") {
        acc.format ??= p.word;
        acc.strong = true;
      } else if (p.kind === "explain") {
        acc.explainer = true;
        acc.strong = true;
      } else if (p.kind === "verb") acc.strong = true;
    }
  }
  // "20s", "45sec": a number that carried its unit.
  const compact = /^(\d{1,3})(s|sec|secs|m|min|mins)$/u.exec(bare(raw));
  if (compact) {
    acc.length = Number(compact[1]) * (compact[2]!.startsWith("m") ? 60 : 1);
    acc.pendingNumber = null;
    acc.strong = true;
  }
}

/** How many leading words of `words` are request words, and what they said. */
function leadingRequest(words: readonly string[], into: Acc): number {
  const acc: Acc = { ...into, strong: false };
  const n = leadingWords(words, acc);
  if (n > 0) Object.assign(into, { ...acc, pendingNumber: null });
  return n;
}

/**
 * A brief that opens with an order to us about the requester's own thing ("Promote our bakery …", "Showcase my
 * new app …"): the verb is the request. Only with "our"/"my" after it, so ad copy that opens with a verb
 * ("Celebrate summer with us", "Show your style") stays copy.
 */
const OPENING_VERBS = new Set(
  "promote advertise showcase announce highlight feature present introduce market".split(" "),
);
const OWNERS = new Set(["our", "my"]);

function leadingWords(words: readonly string[], acc: Acc): number {
  if (OPENING_VERBS.has(bare(words[0] ?? "")) && OWNERS.has(bare(words[1] ?? ""))) {
    acc.strong = true;
    return 1;
  }
  let i = 0;
  let consumed = 0;
  while (i < words.length) {
    const w = words[i]!;
    const b = bare(w);
    const parts = classifyWord(w);
    if (parts) {
      absorb(acc, parts, w);
      i++;
      if (acc.strong) consumed = i;
      if (/[,:;]$/u.test(w) && acc.strong) break;
      continue;
    }
    if (b === "to" && (acc.format === "invite" || acc.format === "invitation")) {
      consumed = i + 1;
      break;
    }
    if (b === "to" && acc.strong && TO_VERBS.has(bare(words[i + 1] ?? ""))) {
      acc.explainer ||= bare(words[i + 1] ?? "") === "explain";
      consumed = i + 2;
      break;
    }
    if (CONNECTORS.has(b) && acc.strong) {
      const nextParts = classifyWord(words[i + 1] ?? "");
      if (nextParts && nextParts.some((p) => p.kind === "platform" || p.kind === "format" || p.kind === "number")) {
        i++;
        continue;
      }
      if (b === "explaining" || b === "showing") acc.explainer = true;
      consumed = i + 1;
      break;
    }
    break;
  }
  return consumed;
}

function isRequestSegment(segment: string, acc: Acc): boolean {
  const ws = segment.split(/\s+/u).filter(Boolean);
  if (ws.length === 0) return false;
  const local: Acc = {
    length: null,
    pendingNumber: null,
    tone: null,
    platform: null,
    format: null,
    explainer: false,
    strong: false,
  };
  let saw = false;
  for (const w of ws) {
    const b = bare(w);
    if (!b) continue;
    const parts = classifyWord(w);
    if (parts) {
      absorb(local, parts, w);
      if (parts.some((p) => p.kind !== "filler" && p.kind !== "verb")) saw = true;
      continue;
    }
    if (REQUEST_SENTENCE_FILLER.has(b) || b === "for" || b === "on" || b === "under") continue;
    return false;
  }
  if (!saw || (local.length === null && !local.tone && !local.platform && !local.format)) return false;
  acc.length ??= local.length;
  acc.tone ??= local.tone;
  acc.platform ??= local.platform;
  acc.format ??= local.format;
  acc.explainer ||= local.explainer;
  return true;
}

const FOREIGN_LENGTH = /(\d{1,3})[\s-]?(?:segundos|secondes|sekunden|secondi|segundo|seconde|sekunde)\b/iu;

/** Reads the request out of a brief: length, tone, platform, format, and the subject left. */
export function readRequestWords(brief: string): RequestReading {
  const acc: Acc = {
    length: null,
    pendingNumber: null,
    tone: null,
    platform: null,
    format: null,
    explainer: false,
    strong: false,
  };
  const removed: string[] = [];
  const sentences = brief
    .replace(/\s+/gu, " ")
    .trim()
    .split(/(?<=[.!?])\s/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const kept: string[] = [];
  for (const sentence of sentences) {
    // Segments split at commas, semicolons and dashes between words.
    const segments = sentence.split(/(?<=[,;:])\s+|\s+[–—-]\s+/u);
    const keptSegments: string[] = [];
    for (const seg of segments) {
      const segText = seg.replace(/[.!?]+$/u, "").replace(/[,;:]$/u, "");
      if (isRequestSegment(segText, acc)) {
        removed.push(segText);
        continue;
      }
      if (kept.length === 0 && keptSegments.length === 0) {
        const words = seg.split(" ");
        const n = leadingRequest(words, acc);
        if (n > 0) {
          removed.push(words.slice(0, n).join(" "));
          const rest = words.slice(n).join(" ").trim();
          if (rest) keptSegments.push(rest);
          continue;
        }
      }
      keptSegments.push(seg);
    }
    let text = keptSegments.join(" ").trim();
    if (!text) continue;
    if (!/[.!?]$/u.test(text) && /[.!?]$/u.test(sentence)) text += sentence.match(/[.!?]+$/u)![0];
    text = text.replace(/[,;:]\s*([.!?])$/u, "$1").replace(/[,;:]$/u, "");
    kept.push(text.charAt(0).toUpperCase() + text.slice(1));
  }
  if (acc.length === null) {
    const foreign = FOREIGN_LENGTH.exec(brief);
    if (foreign) acc.length = Number(foreign[1]);
  }
  const length = acc.length !== null && acc.length >= 3 && acc.length <= 600 ? acc.length : null;
  return {
    length_s: length,
    tone: acc.tone,
    mood: acc.tone ? TONES[acc.tone]! : null,
    platform: acc.platform,
    format: acc.format,
    explainer: acc.explainer,
    subject: kept.join(" ").trim(),
    removed,
  };
}

/** The allowed length nearest to the one asked for (ties go to the longer). */
export function nearestLength<T extends number>(asked: number, lengths: readonly T[]): T | null {
  let best: T | null = null;
  for (const l of lengths)
    if (
      best === null ||
      Math.abs(l - asked) < Math.abs(best - asked) ||
      (Math.abs(l - asked) === Math.abs(best - asked) && l > best)
    )
      best = l;
  return best;
}

/** What the create form pre-fills from the brief: the length and mood it names (the person can still change them). */
export function briefDefaults<T extends number>(
  brief: string,
  lengths: readonly T[],
): { length_s: T | null; mood: Mood | null; tone: string | null } {
  const r = readRequestWords(brief);
  return { length_s: r.length_s === null ? null : nearestLength(r.length_s, lengths), mood: r.mood, tone: r.tone };
}
