/**
 * What a layout brief asks for, read from its own words: which slots
 * ("price badge", "three bullet points", "a photo"), where the logo goes
 * ("logo bottom right") and a short subject for the layout's name. Used by the
 * Local preview layout generator; deterministic and browser-safe.
 */

export const CORNERS = ["top-left", "top-center", "top-right", "bottom-left", "bottom-center", "bottom-right"] as const;
export type Corner = (typeof CORNERS)[number];

export interface BriefFeatures {
  /** A short name for what the layout is ("Product hero"). */
  subject: string;
  image: null | { product: boolean };
  label: boolean;
  subhead: boolean;
  body: boolean;
  /** How many points, when the brief asks for a list. */
  bullets: number | null;
  price: null | { badge: boolean };
  /** A badge that is not a price ("sale badge", "new badge"). */
  badge: boolean;
  stat: boolean;
  quote: boolean;
  cta: boolean;
  logo: null | { corner: Corner | null };
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  a: 1,
  single: 1,
  couple: 2,
  few: 3,
};

const has = (text: string, re: RegExp) => re.test(text);

/** The corner named near the word "logo" (within a few words after or before it). */
export function logoCorner(text: string): Corner | null {
  const at = text.search(/\blogos?\b/);
  if (at < 0) return null;
  const near = text.slice(Math.max(0, at - 40), at + 60);
  // Prefer what follows "logo" ("logo bottom right"), else what precedes it ("a top-left logo").
  const after = text.slice(at, at + 60);
  for (const scope of [after, near]) {
    const v = scope.match(/\b(top|upper|bottom|lower)\b/)?.[1];
    const h = scope.match(/\b(left|right|cent(?:er|re)|middle)\b/)?.[1];
    if (!v && !h) continue;
    const vert = v === "top" || v === "upper" ? "top" : v ? "bottom" : "bottom";
    const hor = h === "left" ? "left" : h === "right" ? "right" : "center";
    return `${vert}-${hor}` as Corner;
  }
  return null;
}

function bulletCount(text: string): number | null {
  const m = text.match(
    /\b(\d+|one|two|three|four|five|six|seven|eight|a|single|couple|few)\s+(?:of\s+)?(?:short\s+|key\s+|bullet(?:ed)?\s+|selling\s+)?(bullets?|bullet points?|points?|features?|benefits?|reasons?|steps?|tips?|items?|highlights?)\b/,
  );
  if (m) {
    const n = Number(m[1]) || NUMBER_WORDS[m[1]!] || 3;
    return Math.max(1, Math.min(8, n));
  }
  return has(text, /\b(bullets?|bullet points?|list|checklist|features|benefits|highlights)\b/) ? 3 : null;
}

const SUBJECT_STOP = /^(a|an|the|one|some|simple|clean|bold|modern|minimal)$/;

/** "A product hero with price badge, …" → "Product hero". */
export function subjectOf(brief: string): string {
  const head =
    brief.trim().split(/\s*(?:[,.;:!?(]|\bwith\b|\bfeaturing\b|\band\b|\bthat\b|\bwhere\b|\bfor\b)\s*/i)[0] ?? "";
  const words = head.split(/\s+/).filter(Boolean);
  while (words.length > 0 && SUBJECT_STOP.test(words[0]!.toLowerCase())) words.shift();
  const text = words
    .slice(0, 5)
    .join(" ")
    .replace(/[^\p{L}\p{N}\s&'-]/gu, "")
    .trim();
  if (!text) return "Generated layout";
  return (text.charAt(0).toUpperCase() + text.slice(1)).slice(0, 48);
}

export function readBrief(brief: string): BriefFeatures {
  const text = ` ${brief.toLowerCase().replace(/\s+/g, " ")} `;
  const price = has(text, /\b(price|prices|pricing|cost|\$|€|£|sale price|discount)\b|[$€£]\d/);
  const badgeWord = has(text, /\b(badge|sticker|tag|ribbon|roundel)\b/);
  const product = has(text, /\b(product|packshot|pack shot|bottle|shoe|item|merch)\b/);
  const image =
    product ||
    has(text, /\b(photo|photograph|image|picture|pic|hero|visual|background|shot|illustration|video still)\b/);
  const quote = has(text, /\b(quote|testimonial|review|quotation)\b/);
  return {
    subject: subjectOf(brief),
    image: image ? { product } : null,
    label: has(text, /\b(label|kicker|eyebrow|tagline|category|date|overline)\b/),
    subhead: has(text, /\b(subhead|subheadline|subtitle|sub-title|strapline|supporting line|sub heading|byline)\b/),
    body: has(text, /\b(paragraph|body|description|copy|details|text block)\b/),
    bullets: bulletCount(text),
    price: price ? { badge: badgeWord } : null,
    badge: badgeWord && !price,
    stat: has(text, /\b(stat|statistic|number|percent|percentage|figure|kpi|metric)\b|%/),
    quote,
    cta: has(
      text,
      /\b(cta|call to action|call-to-action|button|shop now|buy now|sign up|sign-up|signup|learn more|book now|order now|download)\b/,
    ),
    logo: has(text, /\blogos?\b|\bbrand mark\b/) ? { corner: logoCorner(text) } : null,
  };
}

/** The features in words, for a layout's description ("price badge, 3 bullet points, logo bottom right"). */
export function describeFeatures(f: BriefFeatures): string {
  const parts: string[] = [];
  if (f.image) parts.push(f.image.product ? "product picture" : "picture");
  if (f.label) parts.push("label");
  parts.push("headline");
  if (f.subhead) parts.push("supporting line");
  if (f.body) parts.push("paragraph");
  if (f.bullets) parts.push(`${f.bullets} bullet point${f.bullets === 1 ? "" : "s"}`);
  if (f.stat) parts.push("big number");
  if (f.quote) parts.push("quote");
  if (f.price) parts.push(f.price.badge ? "price badge" : "price");
  if (f.badge) parts.push("badge");
  if (f.cta) parts.push("button");
  if (f.logo) parts.push(f.logo.corner ? `logo ${f.logo.corner.replace("-", " ")}` : "logo");
  return parts.join(", ");
}
