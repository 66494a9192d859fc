/**
 * Text measurement from the shipped fonts' own advance widths
 * (font-metrics.generated.ts), so fitting is pure, deterministic and the same
 * in the store, the API, the Player and the renderer. Kerning is ignored,
 * which only ever over-estimates a width (kerning pairs tighten text).
 * Browser-safe.
 */
import { FONT_METRICS, METRIC_CHARS } from "./font-metrics.generated";
import { nearestWeight, type FontId } from "./fonts";

export interface FontSpec {
  id: FontId;
  weight: number;
  /** Extra space after every character, in em (CSS letter-spacing). */
  letterSpacingEm?: number;
  /** Measured (and drawn) in capitals. */
  uppercase?: boolean;
}

/** Width in px of `text` drawn at `fontPx` in `font`. */
export type MeasureFn = (text: string, fontPx: number, font: FontSpec) => number;

const INDEX = new Map<number, number>([...METRIC_CHARS].map((c, i) => [c.codePointAt(0)!, i]));
const tables = new Map<string, { widths: number[]; avg: number; ascent: number; descent: number }>();

function table(id: FontId, weight: number) {
  const key = `${id}@${nearestWeight(id, weight)}`;
  let t = tables.get(key);
  if (!t) {
    const raw = FONT_METRICS[key];
    if (!raw) throw new Error(`no metrics for font ${key}: run scripts/gen-font-metrics.ts`);
    t = {
      widths: raw.widths.split(",").map((w) => (w === "" ? -1 : parseInt(w, 36))),
      avg: raw.avg,
      ascent: raw.ascent,
      descent: raw.descent,
    };
    tables.set(key, t);
  }
  return t;
}

/** Thousandths of an em for one character; unknown glyphs (emoji, CJK, fallback fonts) count as a full em. */
function charWidth(t: { widths: number[]; avg: number }, code: number): number {
  if (code === 0x200b || code === 0xad) return 0; // zero-width space, soft hyphen
  const i = INDEX.get(code);
  if (i === undefined) return code >= 0x300 && code <= 0x36f ? 0 : 1000;
  const w = t.widths[i]!;
  return w < 0 ? t.avg : w;
}

export const metricsMeasure: MeasureFn = (text, fontPx, font) => {
  const t = table(font.id, font.weight);
  const s = font.uppercase ? text.toUpperCase() : text;
  let units = 0;
  let n = 0;
  for (const ch of s) {
    units += charWidth(t, ch.codePointAt(0)!);
    n++;
  }
  return (units / 1000) * fontPx + (font.letterSpacingEm ?? 0) * fontPx * n;
};

/** Ascent and descent of a font in em, for vertical placement. */
export function fontVerticalMetrics(id: FontId, weight: number): { ascent: number; descent: number } {
  const t = table(id, weight);
  return { ascent: t.ascent / 1000, descent: t.descent / 1000 };
}
