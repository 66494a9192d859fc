/**
 * Words for matching pictures to what a scene says: lower case, split on
 * anything that is not a letter or a digit, common words and file-name noise
 * dropped, each word lightly stemmed (plural and verb endings), so "Running
 * shoes" meets a photo tagged "run, shoe". Also the tags an upload gets from
 * its file name. Pure and browser-safe; every step is linear in the text.
 */

const STOP = new Set(
  (
    "a an and are as at be been but by can do does for from had has have he her his how i if in into is it its " +
    "just me more most my no not of on or our out over so than that the their them then there these they this " +
    "those to too up us very was we were what when where which who why will with you your yours about after all " +
    "also any because before being both each few get got here let like make made many much new now only other " +
    "own same should some such take than through under until via want way well while would every one two three " +
    "day days today tomorrow yes"
  ).split(" "),
);

/** Camera and export names that say nothing about the picture ("IMG_2041", "final-v2", "copy"). */
const FILE_NOISE = new Set(
  (
    "img image images pic photo dsc dscn dcim pxl screenshot screen shot scan copy final edit edited v1 v2 v3 " +
    "new untitled file export exported whatsapp resized small large medium thumb thumbnail original hd 4k " +
    "jpg jpeg png webp gif mp4 mov webm svg"
  ).split(" "),
);

/** A word that says nothing on its own ("the", "with", "today"). */
export function isStopWord(word: string): boolean {
  return STOP.has(word.toLowerCase());
}

export const TAG_MAX = 20;
export const TAG_MAX_CHARS = 40;

/** The words of a text: lower case, letters and digits only (any script), at most `max` of them. */
export function wordsOf(text: string, max = 200): string[] {
  const out: string[] = [];
  for (const w of text
    .toLowerCase()
    .slice(0, 4000)
    .split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    out.push(w);
    if (out.length >= max) break;
  }
  return out;
}

/** A light stemmer: the plural and common verb endings of English, nothing that changes a short word. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && (w.endsWith("sses") || w.endsWith("shes") || w.endsWith("ches") || w.endsWith("xes")))
    return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is"))
    w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) {
    w = w.slice(0, -3);
    if (w.length > 3 && w.at(-1) === w.at(-2)) w = w.slice(0, -1);
    return w;
  }
  if (w.length > 4 && w.endsWith("ed")) {
    w = w.slice(0, -2);
    if (w.length > 3 && w.at(-1) === w.at(-2)) w = w.slice(0, -1);
    return w;
  }
  return w;
}

/** The words that carry meaning, stemmed, once each, in order. */
export function keywords(text: string, max = 40): string[] {
  const seen = new Set<string>();
  for (const w of wordsOf(text)) {
    if (STOP.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    const s = stem(w);
    if (!seen.has(s)) seen.add(s);
    if (seen.size >= max) break;
  }
  return [...seen];
}

/** Tags from an uploaded file's name: its words without the extension, numbers or camera noise ("IMG_2041 Red-Shoes.final.jpg" → red, shoes). */
export function tagsFromFileName(name: string): string[] {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/\.[A-Za-z0-9]{1,6}$/, "");
  // camelCase and digit runs split too ("redShoes2024" → red, shoes).
  const spaced = base.replace(/([a-z])([A-Z])/g, "$1 $2");
  const tags: string[] = [];
  for (const w of wordsOf(spaced)) {
    if (/^\d+$/.test(w) || w.length < 2 || STOP.has(w) || FILE_NOISE.has(w)) continue;
    if (/^(img|dsc|pxl|vid)\d/.test(w)) continue;
    const t = w.slice(0, TAG_MAX_CHARS);
    if (!tags.includes(t)) tags.push(t);
    if (tags.length >= TAG_MAX) break;
  }
  return tags;
}

/** Tags as people type them: trimmed, lower case, single spaces, no duplicates or empties. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const t = raw.trim().toLowerCase().split(/\s+/).filter(Boolean).join(" ");
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}
