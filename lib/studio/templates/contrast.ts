/**
 * WCAG 2.x contrast between the colour pairs a template actually draws text
 * with (text on the background and on surfaces, muted text, text on the
 * accent, captions on their box). Pure, browser-safe: the style editor shows
 * the warnings while a colour picker moves.
 */
import type { CaptionStyle, Palette } from "@/lib/engine/composition/template-schema";

function channel(hex: string, i: number): number {
  const c = parseInt(hex.slice(i, i + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #rrggbb (0 = black, 1 = white). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** Contrast ratio of two colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** AA for body text; headlines and captions are large text (AA large: 3). */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

export interface ContrastPair {
  id: string;
  label: string;
  foreground: string;
  background: string;
  ratio: number;
  /** The ratio this pair needs (AA for its text size). */
  required: number;
  ok: boolean;
}

export function contrastPairs(
  palette: Palette,
  captions?: Pick<
    CaptionStyle,
    "textColor" | "backgroundColor" | "background" | "highlight" | "highlightColor" | "highlightTextColor"
  >,
): ContrastPair[] {
  const pairs: [string, string, string, string, number][] = [
    ["text-background", "Text on the background", palette.text, palette.background, AA_NORMAL],
    ["text-surface", "Text on a surface", palette.text, palette.surface, AA_NORMAL],
    ["muted-background", "Muted text on the background", palette.muted, palette.background, AA_LARGE],
    ["muted-surface", "Muted text on a surface", palette.muted, palette.surface, AA_LARGE],
    ["accent-text", "Text on the accent colour", palette.accentText, palette.accent, AA_LARGE],
  ];
  if (captions && captions.background !== "none")
    pairs.push(["caption", "Captions on their box", captions.textColor, captions.backgroundColor, AA_LARGE]);
  if (captions && captions.highlight === "box")
    pairs.push([
      "caption-highlight",
      "Spoken phrase on its highlight",
      captions.highlightTextColor,
      captions.highlightColor,
      AA_LARGE,
    ]);
  return pairs.map(([id, label, foreground, background, required]) => {
    const ratio = Math.round(contrastRatio(foreground, background) * 100) / 100;
    return { id, label, foreground, background, ratio, required, ok: ratio >= required };
  });
}
