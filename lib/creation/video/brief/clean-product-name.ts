/**
 * A product name from a shop page without the shop's additions: the site
 * name ("Amazon.com: …", "| Spinneys", ": Amazon.co.uk: Books",
 * "- Walmart.com", "| Etsy", "– <the page's own site name>"), the edition or
 * format ("- Kindle edition", "(Paperback)", "eBook"), the series in brackets
 * ("(A. Shaw Book 1)"), "by <author>" (which goes to its own slot), an ISBN,
 * and the shop's category ("Mystery, Thriller & Suspense Kindle eBooks",
 * ": Electronics"), which goes to its own field.
 * Pure and browser-safe; the link extractor and the writer use it.
 * Patterns are linear (no nested quantifiers); splitting is done with string
 * search, not with regular expressions over the whole title.
 */

export interface CleanName {
  name: string;
  /** The author ("by …", "Baldacci, David") or maker, when the name carried one. */
  brand: string | null;
  /** What was in brackets or after the name that describes the item (series, edition, format). */
  detail: string | null;
  /** The shop's category when the title carried one ("Electronics", "Mystery, Thriller & Suspense"). */
  category: string | null;
}

export interface CleanNameOptions {
  /** The page's own site name (og:site_name): dropped from either end of the title. */
  siteName?: string | null;
}

const FORMAT_WORDS =
  /\b(?:edition|paperback|hardcover|hardback|kindle|ebook|e-book|audiobook|audio cd|format|dvd|blu-ray|vinyl|mass market|board book|library binding|unabridged)\b/iu;
const BRACKET_DETAIL = /\b(?:book|edition|paperback|hardcover|series|volume|vol\.|pack of|set of|format|kindle)\b/iu;
const SITE_TAIL = /:\s?(?:amazon|ebay|etsy|walmart|target)\b/iu;
/** "Amazon.com: ", "Amazon.co.uk : ", "Walmart.com: " at the start. */
const SITE_PREFIX = /^(?:www\.)?(?:amazon|walmart|etsy|ebay|target)(?:\.[a-z]{2,3}){1,2}\s?:\s/iu;
/** A marketplace's name as a whole tail: "Walmart.com", "Etsy", "Etsy UK", "Amazon.de", "eBay". */
const SITE_NAME = /^(?:www\.)?(?:amazon|walmart|etsy|ebay|target|shopify)(?:\.[a-z]{2,3}){0,2}(?:\s\p{Lu}{2})?$/iu;
/** "Baldacci, David" / "van der Kolk, Bessel A." : one comma, a few words each side. */
const SURNAME_FIRST =
  /^[\p{Lu}][\p{L}'’-]+(?:\s[\p{L}'’-]+){0,2},\s[\p{Lu}][\p{L}'’.-]*(?:\s[\p{Lu}][\p{L}'’.-]*){0,2}$/u;
const ISBN = /^(?:97[89])?\d{9}[\dX]$/u;
/** How a shop names its formats in a category: "Mystery Kindle eBooks" is a kind of book, said plainly. */
const CATEGORY_FORMATS: [string, string][] = [
  [" Kindle eBooks", " books"],
  [" eBooks", " books"],
  [" Kindle Store", ""],
];
const SEPARATORS = [" | ", " - ", " – ", " — ", " · "];

/** `s` without the given characters at its end: a loop, not a pattern (a `[…]+$` pattern is quadratic on hostile text). */
export function trimEndChars(s: string, chars = ". \t\n\r"): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** "… J." ends with an initial; "… David." does not. Looks at the last three characters only. */
function endsWithInitial(s: string): boolean {
  const t = s.slice(-3);
  return t.length === 3 ? /^[\s.]\p{Lu}\.$/u.test(t) : /^\p{Lu}\.$/u.test(t);
}

/** "Baldacci, David." -> "David Baldacci". */
function personName(raw: string): string {
  let s = raw.trim();
  // The sentence's full stop, not an initial's: "Baldacci, David." but "Tolkien, J. R. R.".
  while (s.endsWith(".") && !endsWithInitial(s)) s = s.slice(0, -1).trim();
  const parts = s.split(", ");
  if (parts.length === 2 && SURNAME_FIRST.test(s)) return `${parts[1]} ${parts[0]}`;
  return s;
}

/** Where a sentence ends in "Baldacci, David. Mystery, …": a ". " before a word, not an initial ("J. R. R. Tolkien"). */
function sentenceEnd(s: string): number {
  for (let at = s.indexOf(". "); at > 0; at = s.indexOf(". ", at + 2)) {
    const next = s.slice(at + 2, at + 4);
    if (/^\p{Lu}\p{Ll}$/u.test(next)) return at;
  }
  return -1;
}

function categoryOf(raw: string): string | null {
  let c = trimEndChars(raw).trim();
  for (const [format, plain] of CATEGORY_FORMATS)
    if (c.endsWith(format) && c.length > format.length) c = `${c.slice(0, -format.length)}${plain}`.trim();
  return c.length >= 2 && c.length <= 80 ? c : null;
}

/** The last " | X", " - X" or " – X" whose X is a marketplace or the page's own site name. */
function dropSiteTail(name: string, siteName: string | null): string {
  let out = name;
  for (let guard = 0; guard < 3; guard++) {
    let cut = -1;
    let sep = "";
    for (const s of SEPARATORS) {
      const at = out.lastIndexOf(s);
      if (at > cut) {
        cut = at;
        sep = s;
      }
    }
    if (cut <= 0) return out;
    const tail = trimEndChars(out.slice(cut + sep.length)).trim();
    const own = siteName !== null && tail.toLowerCase() === siteName.toLowerCase();
    if (!own && !SITE_NAME.test(tail)) return out;
    out = out.slice(0, cut).trim();
  }
  return out;
}

/** "@ Amazon.com." and what follows it. */
function dropAtSite(name: string): string {
  const at = name.lastIndexOf(" @ ");
  if (at <= 0) return name;
  const tail = trimEndChars(name.slice(at + 3)).trim();
  return SITE_NAME.test(tail) ? name.slice(0, at).trim() : name;
}

/**
 * A marketplace's colon title after "Amazon.com: ": "Name: ISBN: Last, First: Category"
 * or "Name eBook : Last, First: Kindle Store" or "Name : Electronics".
 */
function colonTitle(rest: string): { name: string; brand: string | null; category: string | null; detail: string[] } {
  const parts = rest
    .split(":")
    .map((p) => p.trim())
    .filter(Boolean);
  let category: string | null = null;
  let brand: string | null = null;
  const detail: string[] = [];
  if (parts.length >= 2) category = categoryOf(parts.pop()!);
  const kept: string[] = [];
  for (const p of parts) {
    if (ISBN.test(p.replace(/-/gu, ""))) continue;
    if (!brand && kept.length > 0 && SURNAME_FIRST.test(p.replace(/\.$/u, ""))) {
      brand = personName(p);
      continue;
    }
    kept.push(p);
  }
  let name = kept.join(": ");
  for (const fmt of [" eBook", " Kindle Edition", " Paperback", " Hardcover"]) {
    if (name.endsWith(fmt)) {
      detail.push(fmt.trim());
      name = name.slice(0, -fmt.length).trim();
    }
  }
  return { name, brand, category, detail };
}

export function cleanProductName(raw: string, opts: CleanNameOptions = {}): CleanName {
  const siteName = opts.siteName?.replace(/\s+/gu, " ").trim() || null;
  let name = raw.replace(/\s+/gu, " ").trim();
  let brand: string | null = null;
  let category: string | null = null;
  const details: string[] = [];

  // "Amazon.com: Name : Category" and its relatives.
  const prefix = SITE_PREFIX.exec(name);
  if (prefix) {
    const c = colonTitle(name.slice(prefix[0].length));
    if (c.name) {
      name = c.name;
      brand = c.brand;
      category = c.category;
      details.push(...c.detail);
    }
  }

  // Site names after a bar, a dash or an "@", or after a marketplace's colon.
  name = dropAtSite(name);
  name = dropSiteTail(name, siteName);
  const bar = name.indexOf(" | ");
  if (bar > 0) name = name.slice(0, bar);
  const site = SITE_TAIL.exec(name);
  if (site && site.index > 0) {
    category ??= categoryOf(
      name
        .slice(site.index + site[0].length)
        .split(":")
        .slice(1)
        .join(":"),
    );
    name = name.slice(0, site.index);
  }
  // The page's own site name at the front: "Shop: Name", "Shop | Name".
  if (siteName) {
    for (const sep of [": ", " | ", " - ", " – "]) {
      const head = `${siteName}${sep}`;
      if (name.toLowerCase().startsWith(head.toLowerCase()) && name.length > head.length)
        name = name.slice(head.length);
    }
  }

  // " - Kindle edition by Baldacci, David. Mystery, Thriller & Suspense Kindle eBooks" / " – Paperback"
  const dash = /\s[-–—]\s/u.exec(name);
  if (dash && dash.index > 0) {
    let tail = name.slice(dash.index + dash[0].length);
    const by = /\bby\s/iu.exec(tail);
    if (FORMAT_WORDS.test(tail) || by) {
      if (by) {
        let who = tail.slice(by.index + by[0].length);
        // A category after the author: "Baldacci, David. Mystery, Thriller & Suspense Kindle eBooks".
        const stop = sentenceEnd(who);
        if (stop > 0) {
          category ??= categoryOf(who.slice(stop + 2));
          who = who.slice(0, stop);
        }
        brand = personName(who);
        tail = tail.slice(0, by.index);
      }
      const format = tail.trim();
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

  name = trimEndChars(name, " \t\n\r,.:;|–—-").trim();
  if (!name) name = raw.trim();
  return { name, brand, detail: details.length > 0 ? details.join(", ") : null, category };
}
