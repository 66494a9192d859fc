/**
 * The illustration library of the local preview model: Microsoft's Fluent
 * Emoji (flat style, MIT) in Iconify JSON, each icon findable by the words of
 * its name and by emojilib's keywords (MIT), joined through the set's `chars`
 * map (code points -> icon name).
 *
 * Node-only: the files are read from node_modules with plain file-system calls
 * the first time a picture is drawn (about 9 MB, parsed once and cached), so no
 * bundle ever carries them.
 */
import fs from "node:fs";
import path from "node:path";
import { findPackageDir } from "@/lib/platform/package-dir";

/** Where a word was found for an icon, strongest first. */
export type MatchKind = "name" | "nameHead" | "nameWordKeyword" | "nameWord" | "keyword";

export type Category =
  | "Activities"
  | "Animals & Nature"
  | "Flags"
  | "Food & Drink"
  | "Objects"
  | "People & Body"
  | "Smileys & Emotion"
  | "Symbols"
  | "Travel & Places"
  | "Other";

export interface IllustrationEntry {
  name: string;
  category: Category;
  /** The words of the icon's name, e.g. ["running", "shoe"]. */
  nameWords: string[];
}

export interface IllustrationLibrary {
  entries: Map<string, IllustrationEntry>;
  /** word -> icon name -> the strongest kind of match of that word for that icon. */
  byWord: Map<string, Map<string, MatchKind>>;
  /**
   * word -> icon name -> where emojilib lists the word among the icon's keywords (0 = first). emojilib lists
   * what an emoji is before what it relates to: "bike" is the bicycle's first keyword and the scooter's fourth.
   */
  keywordAt: Map<string, Map<string, number>>;
  /** "word icon" for each stand-in phrase (STAND_INS): the phrase is the whole match, the icon's own name aside. */
  standIns?: Set<string>;
  /** An icon as an SVG fragment sized to `size` px at (x, y); ids made unique with `idPrefix`. */
  draw(name: string, a: { x: number; y: number; size: number; idPrefix: string; extra?: string }): string;
}

/** The part of an Iconify JSON icon set used here (https://iconify.design/docs/types/iconify-json.html). */
interface IconSet {
  icons: Record<string, { body: string; left?: number; top?: number; width?: number; height?: number }>;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

const ICON_SET = "@iconify-json/fluent-emoji-flat";
const KEYWORDS = "emojilib";
/** Skin-tone variants share their keywords with the default (yellow) figure, which is the one used. */
const SKIN_TONE = /-(light|medium-light|medium|medium-dark|dark)$/;
/** Never drawn for a prompt, whatever its words (misleading or unkind in an ad). */
const EXCLUDED = new Set([
  "pile-of-poo",
  "middle-finger",
  "skull-and-crossbones",
  "skull",
  "bomb",
  "pistol",
  "water-pistol",
  "dagger",
  "kitchen-knife",
  "coffin",
  "funeral-urn",
  "biohazard",
  "radioactive",
  "no-one-under-eighteen",
  "eggplant",
  "peach",
]);
/**
 * Everyday things the set has no icon of, drawn by the nearest icon it has (matched like that icon's own name).
 * Without these a "water bottle" drew the baby bottle or the lotion bottle: the only icons named "bottle".
 */
const STAND_INS: Record<string, readonly string[]> = {
  "cup-with-straw": ["water bottle", "drink bottle", "sports bottle", "steel bottle", "thermos", "flask", "travel cup"],
  "hot-beverage": [
    "coffee mug",
    "travel mug",
    "mug",
    // Coffees by name, and where coffee is roasted ("Free flat whites" drew a white cane).
    "flat white",
    "latte",
    "cappuccino",
    "espresso",
    "americano",
    "roastery",
    "coffee roastery",
    "roaster",
  ],
  // A dance class is people dancing.
  "woman-dancing": ["zumba", "dance class", "dancing", "salsa", "dance fitness"],
  // The set's only lamp is an oil lamp for Diwali; a desk or floor lamp is shown as what it gives.
  // "Tea" is a pot of tea before it is bubble tea.
  teapot: ["tea", "tea room", "tearoom", "tea shop", "tea house", "cream tea", "afternoon tea", "pot of tea"],
  "light-bulb": ["lamp", "desk lamp", "table lamp", "floor lamp", "reading lamp", "lighting"],
  // A hardware shop is its tools (its "family-run" once drew a running man).
  "hammer-and-wrench": ["hardware", "hardware store", "hardware shop", "ironmonger", "diy", "diy store", "tools"],
  // Grooming is a pet's before it is a wedding's ("groom" is the tuxedo's keyword).
  "pot-of-food": ["soup", "stew", "broth", "chowder"],
  receipt: ["invoice", "invoicing", "billing", "bookkeeping", "accounting", "expenses"],
  // Skincare comes in a bottle ("new vitamin C serum" drew a new moon).
  "lotion-bottle": [
    "serum",
    "face serum",
    "moisturiser",
    "moisturizer",
    "skincare",
    "skin care",
    "face cream",
    "night cream",
    "cleanser",
    "toner",
    "sunscreen",
    "sun cream",
    "body lotion",
  ],
  // A race is people running ("Riverside 10K" drew a convenience store from "Hyde Park Corner").
  "person-running": ["10k", "5k", "half marathon", "marathon", "fun run", "parkrun", "running club", "trail run"],
  // "Entry £25" is a ticket, not a no-entry sign.
  "admission-tickets": ["entry", "entry fee", "admission", "admission fee"],
  // A plumber's tool ("plumbing repairs" drew a mechanic).
  plunger: [
    "plumbing",
    "plumbing repairs",
    "plumbing repair",
    "plumber",
    "plumbers",
    "blocked drain",
    "drain unblocking",
  ],
  // Teeth whitening is about teeth (a "Bright Smile" drew a smiling cat).
  tooth: ["whitening strips", "teeth whitening", "tooth whitening", "whitening", "toothpaste", "dental care"],
  // A roast dinner is its meat (a "Sunday roast" drew a calendar).
  "cut-of-meat": ["roast", "sunday roast", "roast dinner", "roast beef", "carvery", "steak"],
  // Learning a language: a speech balloon (flags are left out of the set; "Spanish" drew a star).
  "speech-balloon": [
    "spanish",
    "french",
    "german",
    "italian",
    "japanese",
    "mandarin",
    "language",
    "languages",
    "language app",
    "language lessons",
  ],
  // Dogs by breed ("a rescue terrier" drew a rescue worker's helmet).
  dog: [
    "terrier",
    "spaniel",
    "labrador",
    "retriever",
    "collie",
    "beagle",
    "dachshund",
    "greyhound",
    "puppy",
    "rescue dog",
  ],
  // Delivery is a van on its way, not a "free" button.
  "delivery-truck": [
    "delivery",
    "free delivery",
    "shipping",
    "free shipping",
    "next-day delivery",
    "same-day delivery",
  ],
  // Breads by name the set's keywords do not list.
  bread: ["sourdough", "sourdough loaf", "rye bread", "loaf", "focaccia", "brioche"],
  // A florist is its flowers (no icon is named "florist").
  bouquet: ["florist", "florists", "flower delivery", "flower shop"],
  // A speaker that is on: the set's plain "speaker" icons include a muted one.
  "speaker-high-volume": ["speaker", "smart speaker", "bluetooth speaker", "wireless speaker", "soundbar"],
  poodle: ["grooming", "dog grooming", "pet grooming", "groomer", "dog groomer", "grooming van", "grooming salon"],
};
const STRENGTH: Record<MatchKind, number> = { name: 5, nameHead: 4, nameWordKeyword: 3, nameWord: 2, keyword: 1 };

let cached: IllustrationLibrary | undefined;

/** The library, read and indexed on first use (tens of milliseconds), then cached for the process. */
export function illustrationLibrary(): IllustrationLibrary {
  cached ??= buildLibrary();
  return cached;
}

function readJson<T>(pkg: string, file: string): T {
  const dir = findPackageDir(pkg);
  if (!dir) throw new Error(`${pkg} is not installed: run npm install`);
  return JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as T;
}

function buildLibrary(): IllustrationLibrary {
  const set = readJson<IconSet>(ICON_SET, "icons.json");
  const chars = readJson<Record<string, string>>(ICON_SET, "chars.json");
  const metadata = readJson<{ categories?: Record<string, string[]> }>(ICON_SET, "metadata.json");
  const emojilib = readJson<Record<string, string[]>>(KEYWORDS, "dist/emoji-en-US.json");

  const categoryOf = new Map<string, Category>();
  for (const [category, names] of Object.entries(metadata.categories ?? {})) {
    for (const name of names) categoryOf.set(name, category as Category);
  }

  const entries = new Map<string, IllustrationEntry>();
  const byWord = new Map<string, Map<string, MatchKind>>();
  const keywordAt = new Map<string, Map<string, number>>();
  const add = (word: string, name: string, kind: MatchKind) => {
    if (word.length < 2) return;
    let icons = byWord.get(word);
    if (!icons) byWord.set(word, (icons = new Map()));
    const had = icons.get(name);
    // A word of the name that emojilib also lists ("christmas" for the Christmas tree) is what the icon is about.
    if ((had === "nameWord" && kind === "keyword") || (had === "keyword" && kind === "nameWord"))
      icons.set(name, "nameWordKeyword");
    else if (!had || STRENGTH[kind] > STRENGTH[had]) icons.set(name, kind);
  };

  for (const name of Object.keys(set.icons)) {
    if (SKIN_TONE.test(name) || EXCLUDED.has(name)) continue;
    const category = categoryOf.get(name) ?? "Other";
    if (category === "Flags") continue;
    const nameWords = name.split("-").filter(Boolean);
    entries.set(name, { name, category, nameWords });
    add(nameWords.join(" "), name, "name");
    if (nameWords.length === 1) add(nameWords[0]!, name, "name");
    nameWords.forEach((w, i) => add(w, name, i === nameWords.length - 1 ? "nameHead" : "nameWord"));
  }

  const standIns = new Set<string>();
  for (const [name, phrases] of Object.entries(STAND_INS)) {
    if (!entries.has(name)) continue;
    for (const phrase of phrases) {
      add(phrase, name, "name");
      standIns.add(`${phrase} ${name}`);
    }
  }

  // emojilib: emoji -> [snake_case name, keywords…]; joined to icons by code points (FE0F, the emoji
  // presentation selector, is left out by the set), else by the name in kebab case.
  for (const [emoji, words] of Object.entries(emojilib)) {
    const points = [...emoji].map((c) => c.codePointAt(0)!);
    const name =
      chars[points.map((p) => p.toString(16)).join("-")] ??
      chars[
        points
          .filter((p) => p !== 0xfe0f)
          .map((p) => p.toString(16))
          .join("-")
      ] ??
      words[0]?.replaceAll("_", "-");
    if (!name || !entries.has(name)) continue;
    for (const [at, keyword] of words.slice(1).entries()) {
      for (const w of keyword.toLowerCase().split(/[_\s]+/)) {
        add(w, name, "keyword");
        let icons = keywordAt.get(w);
        if (!icons) keywordAt.set(w, (icons = new Map()));
        if (!icons.has(name)) icons.set(name, at);
      }
    }
  }

  const draw: IllustrationLibrary["draw"] = (name, a) => {
    // Only the set's own icons are indexed (no aliases, so no flips or rotations): the body and its box are all there is.
    // (@iconify/utils' iconToSVG does the same; it ships as ES modules only, which Jest here does not load.)
    const icon = set.icons[name];
    if (!icon) return "";
    const box = [
      icon.left ?? set.left ?? 0,
      icon.top ?? set.top ?? 0,
      icon.width ?? set.width ?? 16,
      icon.height ?? set.height ?? 16,
    ];
    return (
      `<svg x="${a.x.toFixed(2)}" y="${a.y.toFixed(2)}" width="${a.size.toFixed(2)}" height="${a.size.toFixed(2)}" ` +
      `viewBox="${box.join(" ")}" preserveAspectRatio="xMidYMid meet"${a.extra ?? ""}>${prefixIds(icon.body, a.idPrefix)}</svg>`
    );
  };

  return { entries, byWord, keywordAt, standIns, draw };
}

/**
 * Gives every id in an icon's body (gradients, clip paths) a prefix, references
 * too, so two icons in one picture cannot clash. Deterministic, unlike
 * @iconify/utils' replaceIDs, which numbers ids with a process-wide counter.
 */
export function prefixIds(body: string, prefix: string): string {
  const ids = [...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
  if (ids.length === 0) return body;
  const known = new Set(ids);
  return body
    .replace(/(\sid=")([^"]+)(")/g, (m, a: string, id: string, b: string) =>
      known.has(id) ? `${a}${prefix}${id}${b}` : m,
    )
    .replace(/#([^\s"')]+)(?=["')])/g, (m, id: string) => (known.has(id) ? `#${prefix}${id}` : m));
}
