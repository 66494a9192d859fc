/**
 * Reads a prompt into the colours the local preview model draws with (the
 * subject is read in subject.ts) and gives it a seeded random source. Everything
 * here is a pure function of its input so the same prompt and seed always give
 * the same picture.
 */

/** FNV-1a, 32 bit: tiny, fast and stable across Node versions (unlike Math.random). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a seedable PRNG returning floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP_WORDS = new Set(
  (
    "a an and the of in on at to for with by from into over under near as is are be of it its this that " +
    "very some my your our their his her photo picture image style render rendering highly detailed " +
    "avoid 4k 8k hd hdr ultra realistic"
  ).split(" "),
);

/** Colour and mood words a user would expect to see reflected in the palette. */
export const COLOUR_WORDS: Record<string, string[] | undefined> = {
  red: ["#d7263d"],
  crimson: ["#a4161a"],
  scarlet: ["#ff2400"],
  orange: ["#f77f00"],
  amber: ["#ffbf00"],
  yellow: ["#fcbf49"],
  gold: ["#d4a017"],
  golden: ["#e6b422"],
  green: ["#2a9d8f"],
  emerald: ["#1b7f5a"],
  lime: ["#a7c957"],
  olive: ["#6b705c"],
  teal: ["#028090"],
  cyan: ["#00b4d8"],
  turquoise: ["#40e0d0"],
  blue: ["#1d4ed8"],
  navy: ["#14213d"],
  azure: ["#3a86ff"],
  indigo: ["#3a0ca3"],
  purple: ["#7b2cbf"],
  violet: ["#8f5cf7"],
  lavender: ["#b8a1e3"],
  magenta: ["#d100d1"],
  pink: ["#ff70a6"],
  rose: ["#e56b8f"],
  brown: ["#7f5539"],
  beige: ["#e9d8a6"],
  white: ["#f8f9fa"],
  silver: ["#c0c7d0"],
  grey: ["#8d99ae"],
  gray: ["#8d99ae"],
  black: ["#111111"],
  sunset: ["#ff7b00", "#ff3d7f", "#5f0f40"],
  sunrise: ["#ffb703", "#fb8500", "#8ecae6"],
  ocean: ["#023e8a", "#0096c7", "#90e0ef"],
  sea: ["#03045e", "#0077b6", "#caf0f8"],
  forest: ["#1b4332", "#2d6a4f", "#95d5b2"],
  jungle: ["#004b23", "#38b000", "#ccff33"],
  night: ["#0b132b", "#1c2541", "#5bc0be"],
  neon: ["#ff00e6", "#00f0ff", "#120458"],
  fire: ["#9d0208", "#e85d04", "#ffba08"],
  snow: ["#f1faee", "#a8dadc", "#457b9d"],
  ice: ["#caf0f8", "#48cae4", "#0077b6"],
  desert: ["#e9c46a", "#f4a261", "#8a5a44"],
  autumn: ["#9c6644", "#bc4749", "#dda15e"],
  spring: ["#b7e4c7", "#ffafcc", "#ffd6a5"],
  pastel: ["#ffd6e0", "#c1fba4", "#a0c4ff"],
  cyberpunk: ["#f706cf", "#00e5ff", "#1a1a2e"],
  space: ["#03071e", "#3c096c", "#f8f9fa"],
  galaxy: ["#10002b", "#7b2cbf", "#e0aaff"],
};

export type PromptFeatures = {
  /** Five colours: background pair first, then accents. */
  palette: string[];
  /** Stable number derived from the words (not the seed): drives the palette's base hue. */
  wordHash: number;
  /** All meaningful words, lower case. */
  words: string[];
};

/** Words after a colour that make it the ground's colour rather than a thing's ("blue background"). */
const BACKDROP_WORDS = new Set(["background", "backdrop", "ground", "sky", "wall", "backgrounds", "surface", "table"]);

/**
 * `basePalette` (the template's or brand kit's colours, ground first) comes
 * after the colours the prompt names and before the ones made up from its words.
 */
export function readPrompt(prompt: string, basePalette: string[] = []): PromptFeatures {
  // The "Avoid: …" suffix is instructions, not subject matter: keep it out of the look.
  const subject = prompt.split(/\bavoid:/i)[0] ?? "";
  const words = (subject.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.length > 1 && !STOP_WORDS.has(w),
  );
  const wordHash = hashString(words.join(" "));
  // Round-robin over the colour words (first colour of each, then second…) so
  // "neon night golden" mixes all three moods instead of three shades of neon.
  // A colour right before a thing ("a red apple on blue") is the thing's; the others colour the ground first.
  const isThingColour = (i: number) => {
    const next = words[i + 1];
    return next != null && !Object.hasOwn(COLOUR_WORDS, next) && !BACKDROP_WORDS.has(next);
  };
  const colourAt = words.map((w, i) => ({ group: COLOUR_WORDS[w], thing: isThingColour(i) }));
  const roundRobin = (things: boolean) => {
    const groups = colourAt
      .filter((c) => c.thing === things)
      .map((c) => c.group)
      .filter((g): g is string[] => g != null);
    const out: string[] = [];
    for (let i = 0; i < 3; i++) for (const g of groups) if (g[i]) out.push(g[i]!);
    return out;
  };
  const ground = roundRobin(false);
  const thing = roundRobin(true);
  const base = basePalette.map((c) => c.toLowerCase());
  // The ground's two colours come from the ground's colour words (one word: it and a lighter shade of it),
  // then the caller's palette; a thing's colours are accents then, unless nothing else was named.
  const ordered = ground.length
    ? [ground[0]!, ground[1] ?? lighten(ground[0]!, 0.3), ...ground.slice(2), ...base, ...thing]
    : [...thing, ...base];
  const palette = [...new Set(ordered)].slice(0, 5);
  // Fill the rest with a harmony around a hue chosen by the words themselves.
  const baseHue = wordHash % 360;
  const offsets = [0, 35, 180, 215, 300];
  for (let i = 0; palette.length < 5; i++) {
    const hue = (baseHue + offsets[i % offsets.length]! + i * 7) % 360;
    const light = 30 + ((wordHash >>> (i * 3)) % 40);
    palette.push(hslToHex(hue, 65, light));
  }
  return { palette, wordHash, words };
}

function lighten(hex: string, t: number): string {
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - t) + 255 * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
