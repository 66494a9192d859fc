/**
 * The fonts a template may use: each id names an @fontsource family whose
 * woff2 files scripts/bundle-remotion.ts copies to `public/fonts/` (the
 * composition loads them with @remotion/fonts from there, in the Player and
 * in renders alike). Only these weights are shipped; a slot asking for
 * another weight gets the nearest shipped one. Browser-safe.
 */
import { z } from "zod";

export const FONT_IDS = [
  "inter",
  "playfair-display",
  "space-grotesk",
  "bebas-neue",
  "dm-serif-display",
  "montserrat",
  "jetbrains-mono",
  "lora",
] as const;
export type FontId = (typeof FONT_IDS)[number];
export const fontIdSchema = z.enum(FONT_IDS);

export interface FontInfo {
  /** CSS font-family name the files are registered under. */
  family: string;
  label: string;
  /** Shipped weights, ascending. */
  weights: readonly number[];
  /** Appended to the family in CSS, for glyphs outside the shipped subsets. */
  fallback: string;
}

export const FONTS: Record<FontId, FontInfo> = {
  inter: { family: "Inter", label: "Inter", weights: [400, 500, 700, 800], fallback: "sans-serif" },
  "playfair-display": { family: "Playfair Display", label: "Playfair Display", weights: [400, 700], fallback: "serif" },
  "space-grotesk": {
    family: "Space Grotesk",
    label: "Space Grotesk",
    weights: [400, 500, 700],
    fallback: "sans-serif",
  },
  "bebas-neue": { family: "Bebas Neue", label: "Bebas Neue", weights: [400], fallback: "sans-serif" },
  "dm-serif-display": { family: "DM Serif Display", label: "DM Serif Display", weights: [400], fallback: "serif" },
  montserrat: { family: "Montserrat", label: "Montserrat", weights: [400, 600, 800], fallback: "sans-serif" },
  "jetbrains-mono": { family: "JetBrains Mono", label: "JetBrains Mono", weights: [400, 700], fallback: "monospace" },
  lora: { family: "Lora", label: "Lora", weights: [400, 700], fallback: "serif" },
};

/** The two @fontsource subsets shipped per weight, with the unicode ranges fontsource gives them. */
export const FONT_SUBSETS = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;
export type FontSubset = keyof typeof FONT_SUBSETS;

/** The shipped weight closest to `weight` (ties go to the heavier one). */
export function nearestWeight(id: FontId, weight: number): number {
  let best = FONTS[id].weights[0]!;
  for (const w of FONTS[id].weights) if (Math.abs(w - weight) <= Math.abs(best - weight)) best = w;
  return best;
}

/** File name under public/fonts/ (the @fontsource file it is copied from is `<id>-<subset>-<weight>-normal.woff2`). */
export function fontFileName(id: FontId, weight: number, subset: FontSubset): string {
  return `${id}-${subset}-${weight}.woff2`;
}

/** The CSS font-family value for a font id. */
export function cssFamily(id: FontId): string {
  const f = FONTS[id];
  return `"${f.family}", ${f.fallback}`;
}

export interface FontFaceSpec {
  family: string;
  weight: number;
  /** Path relative to the public folder (give it to staticFile). */
  file: string;
  unicodeRange: string;
}

/** Every face (both subsets) of the given (id, weight) pairs, deduplicated. */
export function fontFaces(used: readonly { id: FontId; weight: number }[]): FontFaceSpec[] {
  const seen = new Set<string>();
  const out: FontFaceSpec[] = [];
  for (const u of used) {
    const weight = nearestWeight(u.id, u.weight);
    const k = `${u.id}@${weight}`;
    if (seen.has(k)) continue;
    seen.add(k);
    for (const subset of Object.keys(FONT_SUBSETS) as FontSubset[]) {
      out.push({
        family: FONTS[u.id].family,
        weight,
        file: `fonts/${fontFileName(u.id, weight, subset)}`,
        unicodeRange: FONT_SUBSETS[subset],
      });
    }
  }
  return out;
}
