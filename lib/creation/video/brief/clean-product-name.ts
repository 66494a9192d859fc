/**
 * A product name from a shop page without the shop's additions: the site
 * name ("| Spinneys", ": Amazon.co.uk: Books"), the edition or format
 * ("- Kindle edition", "(Paperback)"), the series in brackets
 * ("(A. Shaw Book 1)") and "by <author>", which goes to its own slot.
 * Pure and browser-safe; the writer uses it when a product name is given.
 * Patterns are linear (no nested quantifiers).
 */

export interface CleanName {
  name: string;
  /** The author ("by …") or maker, when the name carried one. */
  brand: string | null;
  /** What was in brackets or after the name that describes the item (series, edition, format). */
  detail: string | null;
}

const FORMAT_WORDS =
  /\b(?:edition|paperback|hardcover|hardback|kindle|ebook|e-book|audiobook|audio cd|format|dvd|blu-ray|vinyl|mass market|board book|library binding|unabridged)\b/iu;
const BRACKET_DETAIL = /\b(?:book|edition|paperback|hardcover|series|volume|vol\.|pack of|set of|format|kindle)\b/iu;
const SITE_TAIL = /:\s?(?:amazon|ebay|etsy|walmart|target)\b/iu;

/** "Baldacci, David." -> "David Baldacci". */
function personName(raw: string): string {
  const s = raw.replace(/[.\s]+$/u, "").trim();
  const parts = s.split(", ");
  if (parts.length === 2 && !parts[1]!.includes(" ") && !parts[0]!.includes(" ")) return `${parts[1]} ${parts[0]}`;
  return s;
}

export function cleanProductName(raw: string): CleanName {
  let name = raw.replace(/\s+/gu, " ").trim();
  let brand: string | null = null;
  const details: string[] = [];

  // Site names after a bar or a marketplace's colon.
  const bar = name.indexOf(" | ");
  if (bar > 0) name = name.slice(0, bar);
  const site = SITE_TAIL.exec(name);
  if (site && site.index > 0) name = name.slice(0, site.index);

  // " - Kindle edition by Baldacci, David." / " – Paperback"
  const dash = /\s[-–—]\s/u.exec(name);
  if (dash && dash.index > 0) {
    const tail = name.slice(dash.index + dash[0].length);
    const by = /\bby\s(.+)$/iu.exec(tail);
    if (FORMAT_WORDS.test(tail) || by) {
      if (by) brand = personName(by[1]!);
      const format = by ? tail.slice(0, by.index).trim() : tail.trim();
      if (format) details.push(format);
      name = name.slice(0, dash.index);
    }
  }

  // A trailing "by <author>" without a dash.
  if (!brand) {
    const by = /\sby\s(\p{Lu}[^()]{1,60})$/u.exec(name);
    if (by) {
      brand = personName(by[1]!);
      name = name.slice(0, by.index);
    }
  }

  // Brackets that describe the edition or series: "(A. Shaw Book 1)", "(Paperback)".
  for (;;) {
    const m = /\s?\(([^()]{1,80})\)\s?$/u.exec(name) ?? /\s?\[([^[\]]{1,80})\]\s?$/u.exec(name);
    if (!m || !BRACKET_DETAIL.test(m[1]!)) break;
    details.unshift(m[1]!.trim());
    name = name.slice(0, m.index);
  }

  name = name.replace(/[\s,.:;|–—-]+$/u, "").trim();
  if (!name) name = raw.trim();
  return { name, brand, detail: details.length > 0 ? details.join(", ") : null };
}
